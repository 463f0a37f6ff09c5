import { screen, within } from '@testing-library/react';
import { i18n } from '@careers/shared';
import { ok } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr-CA.json';
import { answerAll } from '../test/fixtures';
import { DashboardPage } from './DashboardPage';
import { renderPage, setUpDashboardTests } from '../../../test/setup';

const fake = setUpDashboardTests();

const openApplications = (query = '') => {
  window.history.replaceState(null, '', `/careers/applications?domain=acme.example${query}`);
  return renderPage(<DashboardPage />);
};

/**
 * The candidate's applications as a CSV file, from the applications tab (docs/product/dashboard.md#applications-csv).
 */
describe('the applications CSV download', () => {
  it('links the export with the employer, the language and the browser’s time zone', async () => {
    answerAll(fake.server);
    openApplications();
    const panel = await screen.findByRole('tabpanel');
    const link = await within(panel).findByRole('link', { name: en.dashboard.export.download });
    expect(link).toHaveAttribute('download');
    const href = new URL(link.getAttribute('href')!, window.location.origin);
    expect(href.pathname).toBe('/api/pcsx/dashboard/applications/export');
    expect(href.searchParams.get('domain')).toBe('acme.example');
    expect(href.searchParams.get('hl')).toBe('en');
    expect(href.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is offered only when there is an application to export', async () => {
    answerAll(fake.server, {
      '/api/pcsx/dashboard/applications': ok({ applications: [], inactiveApplications: [] }),
    });
    openApplications();
    expect(await screen.findByText(en.dashboard.empty.applications.title)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: en.dashboard.export.download })).not.toBeInTheDocument();
  });

  it('reads in French on a French page', async () => {
    await i18n.changeLanguage('fr-CA');
    answerAll(fake.server);
    openApplications();
    const link = await screen.findByRole('link', { name: fr.dashboard.export.download });
    expect(new URL(link.getAttribute('href')!, window.location.origin).searchParams.get('hl')).toBe('fr-CA');
  });
});
