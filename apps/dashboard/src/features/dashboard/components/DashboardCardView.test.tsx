import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@careers/shared';
import { deferred, fail, ok, type FakeResponseInit } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { answerAll, card, inReview, rejected, withdrawnInReview } from '../test/fixtures';
import { DashboardCardView } from './DashboardCardView';
import { DashboardPage } from './DashboardPage';
import { renderPage, setUpDashboardTests, spyOnToasts } from '../../../test/setup';

const texts = en.dashboard;
const fake = setUpDashboardTests({ address: '/careers/dashboard?domain=acme.example' });

describe('DashboardCardView', () => {
  it('draws every part of a card: link title, subtitle, tags, status, dated texts, buttons, menu', () => {
    renderPage(<DashboardCardView card={inReview.card} />);
    const article = screen.getByRole('article', { name: 'Senior Robotics Engineer' });
    expect(within(article).getByRole('heading', { level: 3 })).toContainElement(
      within(article).getByRole('link', { name: 'Senior Robotics Engineer' }),
    );
    expect(within(article).getByRole('link', { name: 'Senior Robotics Engineer' })).toHaveAttribute(
      'href',
      '/careers/job/101?domain=acme.example',
    );
    expect(article).toHaveTextContent('Boston, MA');
    expect(within(article).getByRole('list', { name: texts.card.tags })).toHaveTextContent('EngineeringRemote');
    expect(article).toHaveTextContent('Status: In review');
    expect(article.querySelector('.cw-status.cw-tone--violet')).not.toBeNull();
    const time = article.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2026-11-01T10:00:00.000Z');
    expect(time).toHaveTextContent('Nov 1, 2026');
    expect(within(article).getByRole('link', { name: 'View position' })).toHaveAccessibleDescription(
      'Senior Robotics Engineer',
    );
    const menuButton = within(article).getByRole('button', { name: 'More actions for Senior Robotics Engineer' });
    expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  // Issue 22: the same date read "last month (Oct 17)" in one place and "39 days ago" in another.
  it('says how far each date is in whole days, as the bell and the search do, in the page’s language', async () => {
    const DAY = 86_400_000;
    // A fixed "now" (noon UTC: no time zone puts the dates across midnight); the clock is not what is tested.
    const now = Date.parse('2026-11-25T12:00:00.000Z');
    jest.spyOn(Date, 'now').mockReturnValue(now);
    const past = new Date(now - 39 * DAY).toISOString();
    const soon = new Date(now + 3 * DAY).toISOString();
    const dated = card({
      id: 'dated',
      title: 'Dated',
      texts: [
        { label: 'Applied', text: 'Oct 17, 2026', datetime: past },
        { label: 'Expires', text: 'Dec 1, 2026', datetime: soon },
        { label: 'Where', text: 'Toronto' },
      ],
    });
    const { unmount } = renderPage(<DashboardCardView card={dated} />);
    const times = () => [...screen.getByRole('article').querySelectorAll('time')].map((time) => time.textContent);
    expect(times()).toEqual(['Oct 17, 2026 (39 days ago)', 'Dec 1, 2026 (in 3 days)']);
    expect(screen.getByRole('article')).toHaveTextContent('WhereToronto');
    unmount();
    await act(() => i18n.changeLanguage('fr-CA'));
    renderPage(<DashboardCardView card={dated} />);
    expect(times()).toEqual(['Oct 17, 2026 (il y a 39 jours)', 'Dec 1, 2026 (dans 3 jours)']);
  });

  it('draws a plain title, no status and no menu when the card has none; refuses unsafe links', () => {
    renderPage(
      <DashboardCardView
        card={card({
          id: 'x',
          title: 'Plain',
          href: 'javascript:alert(1)',
          buttons: [{ label: 'Bad', href: 'javascript:alert(1)', external: true, variant: 'primary' }],
          menu: [{ label: 'Worse', href: 'javascript:alert(2)', external: false, variant: 'secondary' }],
        })}
        level={2}
      />,
    );
    const article = screen.getByRole('article', { name: 'Plain' });
    expect(within(article).getByRole('heading', { level: 2, name: 'Plain' })).toBeInTheDocument();
    expect(within(article).queryByRole('link')).not.toBeInTheDocument();
    expect(within(article).queryByRole('button')).not.toBeInTheDocument();
    expect(article).not.toHaveTextContent('Status:');
  });

  it('puts the card’s menu in the design system’s menu button: named for the card, danger items marked', async () => {
    renderPage(<DashboardCardView card={inReview.card} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: /More actions/ });
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'More actions for Senior Robotics Engineer' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Copy link', 'Withdraw application']);
    expect(items[0]).toHaveFocus();
    expect(items[1]).toHaveClass('cw-menu__item--danger');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('leaves unsafe links out of the menu; other sites open in a new tab', async () => {
    renderPage(
      <DashboardCardView
        card={card({
          id: 'links',
          title: 'Links',
          menu: [
            { label: 'Bad', href: 'javascript:alert(1)', external: false, variant: 'secondary' },
            { label: 'Careers site', href: 'https://example.com/jobs', external: false, variant: 'secondary' },
          ],
        })}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More actions for Links' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveAccessibleName('Careers site (opens in a new tab)');
    expect(items[0]).toHaveAttribute('target', '_blank');
  });

  it('copies the link, absolute, and says "Copied to Clipboard"', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    const { success } = spyOnToasts();
    renderPage(<DashboardCardView card={inReview.card} />);
    const user = userEvent.setup();
    // After setup: user-event puts a clipboard of its own on the navigator.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: /More actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/careers/job/101?domain=acme.example');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Copied to Clipboard'));
    expect(screen.getByRole('button', { name: /More actions/ })).toHaveFocus();
  });

  it('says so when the clipboard refuses', async () => {
    const writeText = jest.fn().mockRejectedValue(new Error('denied'));
    const { error } = spyOnToasts();
    renderPage(<DashboardCardView card={inReview.card} />);
    const user = userEvent.setup();
    // After setup: user-event puts a clipboard of its own on the navigator.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: /More actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Sorry, unable to copy the variable. Please contact Support'),
    );
  });
});

describe('withdrawing an application', () => {
  const openWithdraw = async (user: ReturnType<typeof userEvent.setup>) => {
    const active = await screen.findByRole('list', { name: texts.sections.active });
    await user.click(within(active).getByRole('button', { name: /More actions for Senior Robotics Engineer/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Withdraw application' }));
    return screen.getByRole('dialog', { name: 'Withdraw this application?' });
  };

  it('asks with the card’s texts, then withdraws: the card moves to the past applications', async () => {
    answerAll(fake.server);
    const held = deferred<FakeResponseInit>();
    fake.server.on('POST', '/api/pcsx/dashboard/applications/withdraw', () => held.promise);
    const { success } = spyOnToasts();
    renderPage(<DashboardPage />);
    const user = userEvent.setup();
    const dialog = await openWithdraw(user);
    expect(dialog).toHaveAccessibleDescription('Your application for Senior Robotics Engineer will be withdrawn.');
    expect(within(dialog).getByRole('button', { name: 'Keep application' })).toHaveFocus();

    // After the withdrawal the server lists it among the inactive ones.
    fake.server.on(
      'GET',
      '/api/pcsx/dashboard/applications',
      ok({ applications: [], inactiveApplications: [withdrawnInReview, rejected] }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(within(dialog).getByRole('button', { name: texts.withdraw.busy })).toHaveAttribute('aria-busy', 'true');
    expect(fake.server.callsTo('POST', '/api/pcsx/dashboard/applications/withdraw')[0]!.body).toEqual({
      domain: 'acme.example',
      application_id: 1,
    });
    await act(async () => held.resolve(ok({ application: withdrawnInReview })));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith(texts.withdraw.done);
    const past = await screen.findByRole('list', { name: texts.sections.inactive });
    expect(await within(past).findByRole('article', { name: 'Senior Robotics Engineer' })).toHaveTextContent(
      'Status: Withdrawn',
    );
    expect(screen.getByText(texts.sections.activeNone)).toBeInTheDocument();
    // The tags fetch the applications again (every widget reading them).
    await waitFor(() => expect(fake.server.callsTo('GET', '/api/pcsx/dashboard/applications')).toHaveLength(2));
  });

  it('keeps the application when cancelled, and says so when the withdrawal fails', async () => {
    answerAll(fake.server);
    fake.server.on('POST', '/api/pcsx/dashboard/applications/withdraw', fail(409, 'Not active'));
    const { error } = spyOnToasts();
    renderPage(<DashboardPage />);
    const user = userEvent.setup();
    let dialog = await openWithdraw(user);
    await user.click(within(dialog).getByRole('button', { name: 'Keep application' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.server.callsTo('POST', '/api/pcsx/dashboard/applications/withdraw')).toHaveLength(0);

    dialog = await openWithdraw(user);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(texts.withdraw.failed));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const active = screen.getByRole('list', { name: texts.sections.active });
    expect(within(active).getByRole('article', { name: 'Senior Robotics Engineer' })).toBeInTheDocument();
  });
});
