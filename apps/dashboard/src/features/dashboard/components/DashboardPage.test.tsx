import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@careers/shared';
import { baseBootData, deferred, fail, ok, type FakeResponseInit } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { answerAll, nudge } from '../test/fixtures';
import { DashboardPage } from './DashboardPage';
import { renderPage, setUpDashboardTests } from '../../../test/setup';

const texts = en.dashboard;
const fake = setUpDashboardTests({ address: '/careers/dashboard?domain=acme.example' });

/** Boot data with configuration the shared type does not list (pcsxConfig takes any more properties). */
const withConfig = (pcsxConfig: Record<string, unknown>) =>
  baseBootData({ pcsxConfig: pcsxConfig as ReturnType<typeof baseBootData>['pcsxConfig'] });

const openPage = (session = baseBootData()) => renderPage(<DashboardPage />, session);
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the dashboard page', () => {
  it('greets the candidate, shows the nudges and the applications tab, skeletons first', async () => {
    const held = deferred<FakeResponseInit>();
    answerAll(fake.server);
    fake.server.on('GET', '/api/pcsx/dashboard/applications', () => held.promise);
    openPage(
      baseBootData({
        profile: { firstname: 'Casey' } as never,
        pcsxConfig: { branding: { companyName: 'Acme Robotics' } },
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
    expect(screen.getByText(texts.greeting.replace('{{name}}', 'Casey'))).toBeInTheDocument();
    // Without a configuration: every tab, in the default order.
    expect(tabNames()).toEqual(['Applications', 'Interviews', 'Saved jobs', 'Offers', 'Drafts', 'Events', 'Referrals']);
    expect(screen.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('status')).toHaveTextContent(texts.states.loading);

    const nudges = await screen.findByRole('region', { name: texts.nudges.title });
    expect(within(nudges).getByRole('link', { name: 'Go to profile' })).toHaveAttribute(
      'href',
      '/careers/profile?domain=acme.example',
    );

    held.resolve(ok({ applications: [], inactiveApplications: [] }));
    expect(await within(panel).findByText(texts.empty.applications.title)).toBeInTheDocument();
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
    // docs/product/shell.md#page-title: no SEO title, no query, no position: "Careers at {company}" (it read "Dashboard
    // | Acme Robotics").
    expect(document.title).toBe('Careers at Acme Robotics');
    const [call] = fake.server.callsTo('GET', '/api/pcsx/dashboard/applications');
    expect(call!.query.get('domain')).toBe('acme.example');
    expect(call!.query.get('hl')).toBe('en');
  });

  // Issue 22: the forms centre and the resume export were linked from nowhere.
  it('links the forms centre and the resume export, on the same employer and in the same language', async () => {
    window.history.replaceState(null, '', '/careers/dashboard?domain=acme.example&hl=fr-CA&tab=offers');
    answerAll(fake.server);
    openPage();
    const links = screen.getByRole('navigation', { name: texts.links.label });
    expect(within(links).getByRole('link', { name: texts.links.forms })).toHaveAttribute(
      'href',
      '/careers/forms/center?domain=acme.example&hl=fr-CA',
    );
    expect(within(links).getByRole('link', { name: texts.links.exportResume })).toHaveAttribute(
      'href',
      '/careers/export-resume?domain=acme.example&hl=fr-CA',
    );
    await screen.findByRole('tabpanel');
  });

  it('titles the page with the employer’s SEO title for it when there is one, in the page’s language otherwise', async () => {
    answerAll(fake.server);
    document.title = 'Production Supervisor | Acme Robotics';
    const { unmount } = openPage(
      withConfig({ branding: { companyName: 'Acme Robotics' }, seo: { dashboard: { title: 'My applications' } } }),
    );
    await waitFor(() => expect(document.title).toBe('My applications'));
    unmount();
    await act(() => i18n.changeLanguage('fr-CA'));
    openPage(withConfig({ branding: { companyName: 'Acme Robotics' } }));
    await waitFor(() => expect(document.title).toBe('Carrières chez Acme Robotics'));
  });

  it('moves between tabs by keyboard (arrows, Home, End), the address keeping the tab', async () => {
    answerAll(fake.server);
    openPage();
    await screen.findByRole('link', { name: 'Senior Robotics Engineer' });
    const user = userEvent.setup();
    screen.getByRole('tab', { name: 'Applications' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Interviews' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Interviews' })).toHaveAttribute('aria-selected', 'true');
    expect(window.location.search).toBe('?domain=acme.example&tab=interviews');
    expect(await screen.findByRole('heading', { name: 'Technical interview' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: texts.sections.past })).toBeInTheDocument();

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Referrals' })).toHaveFocus();
    expect(window.location.search).toBe('?domain=acme.example&tab=referrals');
    expect(await screen.findByRole('heading', { name: 'Firmware Engineer' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Applications' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Referrals' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
    // The page's own tab leaves the address.
    expect(window.location.search).toBe('?domain=acme.example');
  });

  it('follows pcsxConfig.dashboardConfig.tabs: its order, its labels, unknown names left out', async () => {
    answerAll(fake.server);
    openPage(
      withConfig({
        dashboardConfig: { tabs: ['savedJobs', { id: 'applications', label: 'My applications' }, 'bogus', 'drafts'] },
      }),
    );
    expect(tabNames()).toEqual(['Saved jobs', 'My applications', 'Drafts']);
    expect(screen.getByRole('tab', { name: 'Saved jobs' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'Controls Engineer' })).toBeInTheDocument();
  });

  it.each([
    ['/careers/applications', 'Applications', 'Senior Robotics Engineer'],
    ['/careers/saved-jobs', 'Saved jobs', 'Controls Engineer'],
    ['/careers/interviews', 'Interviews', 'Technical interview'],
  ])('%s opens its tab', async (path, tab, title) => {
    window.history.replaceState({}, '', `${path}?domain=acme.example`);
    answerAll(fake.server);
    openPage();
    expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('opens the tab the address names', async () => {
    window.history.replaceState({}, '', '/careers/dashboard?domain=acme.example&tab=events');
    answerAll(fake.server);
    openPage();
    expect(screen.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
    const link = await screen.findByRole('link', { name: /Register/ });
    expect(link).toHaveAttribute('href', 'https://events.example/1');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('redirects /careers/dashboard to /careers/dashboardv2 when shouldRedirectToDashboardV2 is on', async () => {
    answerAll(fake.server);
    openPage(baseBootData({ behaviourFlags: { shouldRedirectToDashboardV2: true } }));
    await waitFor(() => expect(window.location.pathname).toBe('/careers/dashboardv2'));
    expect(window.location.search).toBe('?domain=acme.example');
    expect(await screen.findByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
  });

  it('stays on /careers/dashboard without the flag', async () => {
    answerAll(fake.server);
    openPage();
    await screen.findByRole('link', { name: 'Senior Robotics Engineer' });
    expect(window.location.pathname).toBe('/careers/dashboard');
  });

  it('says how many things there are to do when the strip holds more than it shows, and shows them all', async () => {
    const many = Array.from({ length: 6 }, (_, index) => ({
      ...nudge,
      card: { ...nudge.card, id: `nudge-${index}`, title: `Thing ${index + 1}` },
    }));
    answerAll(fake.server, { '/api/pcsx/dashboard/nudges': ok({ nudges: many }) });
    openPage();
    const strip = await screen.findByRole('region', { name: texts.nudges.title });
    const user = userEvent.setup();
    const showAll = within(strip).getByRole('button', { name: 'Show all (6)' });
    expect(showAll).toHaveAttribute('aria-expanded', 'false');
    await user.click(showAll);
    const fewer = within(strip).getByRole('button', { name: texts.nudges.showFewer });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(fewer.getAttribute('aria-controls')!)!;
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(many.map((item) => item.card.title));
    expect(list).toHaveClass('cw-dashboard__nudge-list--all');
    await user.click(fewer);
    expect(within(strip).getByRole('button', { name: 'Show all (6)' })).toHaveFocus();
  });

  it('offers no "Show all" when every nudge is in view', async () => {
    answerAll(fake.server);
    openPage();
    const strip = await screen.findByRole('region', { name: texts.nudges.title });
    expect(within(strip).queryByRole('button')).not.toBeInTheDocument();
  });

  it('leaves the nudges strip out when there are none or they fail (logged)', async () => {
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    answerAll(fake.server, { '/api/pcsx/dashboard/nudges': fail(500) });
    openPage();
    await screen.findByRole('link', { name: 'Senior Robotics Engineer' });
    await waitFor(() => expect(warned).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: texts.nudges.title })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: nudge.card.title })).not.toBeInTheDocument();
  });

  it('hides the applications’ status with applicationsPageConfig.tabs.submitted.hideApplicationStatus', async () => {
    answerAll(fake.server);
    openPage(withConfig({ applicationsPageConfig: { tabs: { submitted: { hideApplicationStatus: true } } } }));
    await screen.findByRole('link', { name: 'Senior Robotics Engineer' });
    expect(screen.queryByText('In review')).not.toBeInTheDocument();
    expect(screen.queryByText('Not selected')).not.toBeInTheDocument();
  });
});

/** The tabs, by address, with the call each reads. */
const TAB_CALLS = [
  ['applications', '/api/pcsx/dashboard/applications', ok({ applications: [], inactiveApplications: [] })],
  ['interviews', '/api/pcsx/dashboard/interviews', ok({ interviews: [], pastInterviews: [] })],
  ['saved-jobs', '/api/pcsx/positions/saved', ok({ positions: [] })],
  ['offers', '/api/offer/offers', ok({ offers: [] })],
  ['drafts', '/api/pcsx/draft_applications', ok({ draft_applications: [] })],
  ['events', '/api/pcsx/dashboard/events', ok({ events: [] })],
  ['referrals', '/api/pcsx/dashboard/referrals', ok({ referrals: [] })],
] as const;

describe.each(TAB_CALLS)('the %s tab', (tab, path, empty) => {
  beforeEach(() => {
    window.history.replaceState({}, '', `/careers/dashboard?domain=acme.example&tab=${tab}`);
  });

  it('says so when it is empty', async () => {
    answerAll(fake.server, { [path]: empty });
    openPage();
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText(texts.empty[tab].title)).toBeInTheDocument();
    expect(within(panel).getByText(texts.empty[tab].body)).toBeInTheDocument();
    expect(within(panel).queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows a failure with a retry that loads it', async () => {
    answerAll(fake.server, { [path]: fail(500) });
    openPage();
    const panel = screen.getByRole('tabpanel');
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(texts.states.error);
    fake.server.on('GET', path, empty);
    await act(async () => {
      await userEvent.setup().click(within(alert).getByRole('button', { name: texts.states.retry }));
    });
    expect(await within(panel).findByText(texts.empty[tab].title)).toBeInTheDocument();
    expect(fake.server.callsTo('GET', path)).toHaveLength(2);
  });
});
