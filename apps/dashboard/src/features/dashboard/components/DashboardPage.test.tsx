import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { baseBootData, renderWithStore, setupWidgetI18n } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { NAMESPACE } from '../namespace';
import { DashboardPage } from './DashboardPage';

beforeAll(async () => {
  await setupWidgetI18n(NAMESPACE, en, (lng) => import(`../../../locales/${lng}.json`));
});

it('greets the candidate by first name, and the introduction can be closed', async () => {
  const user = userEvent.setup();
  renderWithStore(<DashboardPage />, { session: baseBootData() });
  expect(screen.getByRole('heading', { level: 1, name: en.page.title })).toBeInTheDocument();
  const close = screen.getByRole('button', { name: en.page.closeIntro });
  await user.click(close);
  expect(screen.queryByRole('button', { name: en.page.closeIntro })).not.toBeInTheDocument();
});
