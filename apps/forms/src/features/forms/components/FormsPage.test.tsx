import { screen } from '@testing-library/react';
import { baseBootData, renderWithStore, setupWidgetI18n } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { NAMESPACE } from '../namespace';
import { FormsPage } from './FormsPage';

beforeAll(async () => {
  await setupWidgetI18n(NAMESPACE, en, (lng) => import(`../../../locales/${lng}.json`));
});

it('shows the page heading', () => {
  renderWithStore(<FormsPage />, { session: baseBootData() });
  expect(screen.getByRole('heading', { level: 1, name: en.page.title })).toBeInTheDocument();
});
