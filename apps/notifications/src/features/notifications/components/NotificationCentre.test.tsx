import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, NotificationBootData } from '@careers/shared/contract';
import { bootData, DOMAIN, renderWithStore, setupI18n } from '../../../test/renderWithStore';
import {
  deferred,
  fail,
  installFakeServer,
  mockViewport,
  ok,
  type FakeResponseInit,
  type FakeServer,
} from '../../../test/fakeServer';
import { BADGE_POLL_INTERVAL_MS } from '../constants';
import { NotificationCentre } from './NotificationCentre';
import { navigateTo } from '../navigation';

jest.mock('../navigation', () => ({
  navigateTo: jest.fn(),
  currentHref: jest.fn(() => globalThis.location.href),
}));

const navigateMock = navigateTo as jest.MockedFunction<typeof navigateTo>;

const BOOT = '/api/pcsx/notifications_boot_data';
const BADGE = '/api/pcsx/notification_badge';
const LIST = '/api/pcsx/notifications';
const VIEWED = '/api/pcsx/notifications/mark_all_viewed';
const CLICKED = '/api/pcsx/notifications/:id/mark_clicked';

function notification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    categoryTitle: `Category ${id}`,
    message: `Message ${id}`,
    createdAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
    isClicked: false,
    isViewed: false,
    redirectUrl: null,
    notificationType: 'read_only',
    ...overrides,
  };
}

function bootAnswer(overrides: Partial<NotificationBootData> = {}): FakeResponseInit {
  return ok({
    groupId: DOMAIN,
    isLoggedIn: true,
    enableCandidateInappNotifications: true,
    hasActionRequiredNotificationsConfigured: false,
    ...overrides,
  });
}

let server: FakeServer;
let viewport: ReturnType<typeof mockViewport>;

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  server = installFakeServer();
  server.on('GET', BOOT, bootAnswer());
  server.on('GET', BADGE, ok({ count: 3 }));
  server.on('GET', LIST, ok({ notifications: [notification(1), notification(2, { isClicked: true })] }));
  server.on('POST', VIEWED, ok({ updated: 3 }));
  server.on('POST', CLICKED, ok({ updated: 1 }));
  viewport = mockViewport(1280);
  navigateMock.mockClear();
  window.history.replaceState(null, '', '/careers/dashboard');
});

afterEach(() => {
  viewport.restore();
  jest.useRealTimers();
});

function renderCentre(session = bootData()) {
  return renderWithStore(<NotificationCentre />, { session });
}

async function openPanel(user = userEvent.setup()) {
  await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  return user;
}

describe('bell and badge', () => {
  it('shows the unread count and says it in the accessible name', async () => {
    renderCentre();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(bell).getByTestId('notification-badge')).toHaveTextContent('3');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(server.callsTo('GET', BADGE)[0]?.query.get('domain')).toBe(DOMAIN);
  });

  it('uses the singular for one unread notification', async () => {
    server.on('GET', BADGE, ok({ count: 1 }));
    renderCentre();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('hides the badge at 0', async () => {
    server.on('GET', BADGE, ok({ count: 0 }));
    renderCentre();
    await waitFor(() => expect(server.callsTo('GET', BADGE)).toHaveLength(1));
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(within(bell).queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('shows 99+ above 99', async () => {
    server.on('GET', BADGE, ok({ count: 250 }));
    renderCentre();
    const bell = await screen.findByRole('button', { name: 'Notifications, 250 unread' });
    expect(within(bell).getByTestId('notification-badge')).toHaveTextContent(/^99\+$/);
  });

  it('shows no badge when the badge call fails, without a page toast', async () => {
    server.on('GET', BADGE, fail(500));
    renderCentre();
    await waitFor(() => expect(server.callsTo('GET', BADGE)).toHaveLength(1));
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(within(bell).queryByTestId('notification-badge')).not.toBeInTheDocument();
  });
});

describe('when the centre is off', () => {
  it('renders nothing and calls nothing for a logged-out visitor', async () => {
    const { container } = renderCentre(bootData({ isLoggedIn: false, user: null }));
    await act(async () => {});
    expect(container).toBeEmptyDOMElement();
    expect(server.calls).toHaveLength(0);
  });

  it('renders nothing when in-app notifications are disabled by the boot data call', async () => {
    server.on('GET', BOOT, bootAnswer({ enableCandidateInappNotifications: false }));
    const { container } = renderCentre();
    await waitFor(() => expect(server.callsTo('GET', BOOT)).toHaveLength(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('renders nothing when the boot data call says the candidate is logged out', async () => {
    server.on('GET', BOOT, bootAnswer({ isLoggedIn: false }));
    const { container } = renderCentre();
    await waitFor(() => expect(server.callsTo('GET', BOOT)).toHaveLength(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('shows the bell from the boot data call when the page has no starting data', async () => {
    renderCentre(null as never);
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
  });
});

describe('opening the panel', () => {
  it('marks all as viewed and zeroes the badge at once', async () => {
    const held = deferred<FakeResponseInit>();
    server.on('POST', VIEWED, () => held.promise);
    renderCentre();
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    await openPanel();

    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(within(bell).queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(server.callsTo('POST', VIEWED)).toEqual([expect.objectContaining({ body: { domain: DOMAIN } })]);
    held.resolve(ok({ updated: 3 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
  });

  it('shows the title, a close button and the cards', async () => {
    renderCentre();
    await openPanel();
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Close notifications' })).toBeInTheDocument();
    expect(await within(panel).findByText('Message 1')).toBeInTheDocument();
    expect(within(panel).getByText('Category 2')).toBeInTheDocument();
    expect(server.callsTo('GET', LIST)[0]?.query.get('domain')).toBe(DOMAIN);
    expect(server.callsTo('GET', LIST)[0]?.query.has('type_filter')).toBe(false);
  });

  it('shows a loading state until the list arrives', async () => {
    const held = deferred<FakeResponseInit>();
    server.on('GET', LIST, () => held.promise);
    renderCentre();
    await openPanel();
    expect(screen.getByRole('status')).toHaveTextContent('Loading notifications…');
    held.resolve(ok({ notifications: [notification(7)] }));
    expect(await screen.findByText('Message 7')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no notifications', async () => {
    server.on('GET', LIST, ok({ notifications: [] }));
    renderCentre();
    await openPanel();
    expect(await screen.findByText("You're all caught up!")).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the empty state when the list call fails', async () => {
    server.on('GET', LIST, fail(500));
    renderCentre();
    await openPanel();
    expect(await screen.findByText("You're all caught up!")).toBeInTheDocument();
  });

  it('shows the time relative to now with the full date in a time element', async () => {
    const createdAt = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    server.on('GET', LIST, ok({ notifications: [notification(1, { createdAt })] }));
    renderCentre();
    await openPanel();
    const time = await screen.findByText('3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', createdAt);
    expect(time.getAttribute('title')).toMatch(new RegExp(String(new Date(createdAt).getFullYear())));
  });

  it('marks unread cards as unread for screen readers', async () => {
    renderCentre();
    await openPanel();
    const unread = (await screen.findByText('Message 1')).closest('button') as HTMLElement;
    const read = screen.getByText('Message 2').closest('button') as HTMLElement;
    expect(within(unread).getByText(/Unread/)).toHaveClass('cw-visually-hidden');
    expect(unread).toHaveClass('cw-notif-card--unread');
    expect(within(read).queryByText(/Unread/)).not.toBeInTheDocument();
    expect(read).not.toHaveClass('cw-notif-card--unread');
  });
});

describe('tabs', () => {
  it('has no tabs when action-required notifications are not configured', async () => {
    renderCentre();
    await openPanel();
    await screen.findByText('Message 1');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End, and refetches with the type filter', async () => {
    server.on('GET', BOOT, bootAnswer({ hasActionRequiredNotificationsConfigured: true }));
    server.on('GET', LIST, ({ query }) =>
      query.get('type_filter') === 'action_required'
        ? ok({ notifications: [notification(9, { message: 'Sign your offer', notificationType: 'action_required' })] })
        : ok({ notifications: [notification(1)] }),
    );
    renderCentre();
    const user = await openPanel();

    const tablist = await screen.findByRole('tablist', { name: 'Filter notifications' });
    const all = within(tablist).getByRole('tab', { name: 'All' });
    const action = within(tablist).getByRole('tab', { name: 'Action required' });
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(all).toHaveAttribute('tabindex', '0');
    expect(action).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', all.id);
    expect(await screen.findByText('Message 1')).toBeInTheDocument();

    act(() => all.focus());
    await user.keyboard('{ArrowRight}');
    expect(action).toHaveFocus();
    expect(action).toHaveAttribute('aria-selected', 'true');
    expect(all).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByText('Sign your offer')).toBeInTheDocument();
    expect(screen.queryByText('Message 1')).not.toBeInTheDocument();
    const filtered = server.callsTo('GET', LIST).filter((c) => c.query.get('type_filter') === 'action_required');
    expect(filtered).toHaveLength(1);
    expect(filtered[0]?.query.get('domain')).toBe(DOMAIN);

    await user.keyboard('{ArrowRight}'); // wraps
    expect(all).toHaveFocus();
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Message 1')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}'); // wraps backwards
    expect(action).toHaveFocus();
    await user.keyboard('{Home}');
    expect(all).toHaveFocus();
    expect(all).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(action).toHaveFocus();
    expect(action).toHaveAttribute('aria-selected', 'true');
  });

  it('selects a tab on click', async () => {
    server.on('GET', BOOT, bootAnswer({ hasActionRequiredNotificationsConfigured: true }));
    renderCentre();
    const user = await openPanel();
    await user.click(await screen.findByRole('tab', { name: 'Action required' }));
    expect(screen.getByRole('tab', { name: 'Action required' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(server.callsTo('GET', LIST).some((c) => c.query.get('type_filter') === 'action_required')).toBe(true),
    );
  });
});

describe('clicking a card', () => {
  /** Clicks the first card while the mark_clicked answer is held; returns the card and the held answer. */
  async function clickFirstCardHeld() {
    const held = deferred<FakeResponseInit>();
    server.on('POST', CLICKED, () => held.promise);
    renderCentre();
    const user = await openPanel();
    const card = (await screen.findByText('Message 1')).closest('button') as HTMLElement;
    await user.click(card);
    return { held, card };
  }

  it('posts mark_clicked and shows the card as clicked at once', async () => {
    const { held, card } = await clickFirstCardHeld();

    expect(card).not.toHaveClass('cw-notif-card--unread');
    expect(within(card).queryByText(/Unread/)).not.toBeInTheDocument();
    const posts = server.callsTo('POST', CLICKED);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe('/api/pcsx/notifications/1/mark_clicked');
    expect(posts[0]?.body).toEqual({ domain: DOMAIN });
    held.resolve(ok({ updated: 1 }));
    await act(async () => {});
    expect(card).not.toHaveClass('cw-notif-card--unread');
    expect(navigateMock).not.toHaveBeenCalled();
  });

  it('rolls back when mark_clicked fails', async () => {
    const { held, card } = await clickFirstCardHeld();
    expect(card).not.toHaveClass('cw-notif-card--unread');

    held.resolve(fail(500));
    await waitFor(() => expect(screen.getByText('Message 1').closest('button')).toHaveClass('cw-notif-card--unread'));
    expect(
      within(screen.getByText('Message 1').closest('button') as HTMLElement).getByText(/Unread/),
    ).toBeInTheDocument();
  });

  it('follows a same-site link, keeping page query parameters the target lacks', async () => {
    window.history.replaceState(null, '', '/careers/dashboard?domain=acme.example&utm_source=mail&tab=old');
    server.on('GET', LIST, ok({ notifications: [notification(1, { redirectUrl: '/careers/offers?tab=new' })] }));
    renderCentre();
    const user = await openPanel();
    await user.click((await screen.findByText('Message 1')).closest('button') as HTMLElement);

    await waitFor(() => expect(navigateMock).toHaveBeenCalledTimes(1));
    const target = new URL(navigateMock.mock.calls[0]?.[0] as string);
    expect(target.origin).toBe(window.location.origin);
    expect(target.pathname).toBe('/careers/offers');
    expect(target.searchParams.get('tab')).toBe('new');
    expect(target.searchParams.getAll('tab')).toHaveLength(1);
    expect(target.searchParams.get('domain')).toBe('acme.example');
    expect(target.searchParams.get('utm_source')).toBe('mail');
    expect(server.callsTo('POST', CLICKED)).toHaveLength(1);
  });

  it.each([
    ['another origin', 'https://evil.example/phish'],
    ['a protocol-relative address', '//evil.example/phish'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
  ])('does not follow %s', async (_label, redirectUrl) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.on('GET', LIST, ok({ notifications: [notification(1, { redirectUrl })] }));
    renderCentre();
    const user = await openPanel();
    const card = (await screen.findByText('Message 1')).closest('button') as HTMLElement;
    await user.click(card);
    await waitFor(() => expect(server.callsTo('POST', CLICKED)).toHaveLength(1));
    await act(async () => {});
    expect(navigateMock).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    expect(card).not.toHaveClass('cw-notif-card--unread');
    warn.mockRestore();
  });
});

describe('closing', () => {
  it('closes the dropdown on Escape and returns focus to the bell', async () => {
    renderCentre();
    const user = await openPanel();
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('closes with the close button and returns focus to the bell', async () => {
    renderCentre();
    const user = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Close notifications' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('closes the dropdown on a click outside, not on a click inside', async () => {
    const outside = document.createElement('button');
    outside.textContent = 'Elsewhere';
    document.body.appendChild(outside);
    renderCentre();
    const user = await openPanel();
    await user.click(await screen.findByRole('heading', { name: 'Notifications' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(outside);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    outside.remove();
  });

  it('toggles closed when the bell is pressed again', async () => {
    renderCentre();
    const user = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('layout by viewport width', () => {
  it('is a non-modal dropdown above 1024 px with focus on its heading', async () => {
    viewport.setWidth(1025);
    renderCentre();
    await openPanel();
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(panel).not.toHaveAttribute('aria-modal');
    expect(panel).toHaveClass('cw-notif-panel--dropdown');
    expect(screen.getByRole('heading', { name: 'Notifications' })).toHaveFocus();
  });

  it.each([1024, 768, 375])('is a full-screen modal at %i px: focus trapped, Escape closes', async (width) => {
    viewport.setWidth(width);
    renderCentre();
    const user = await openPanel();
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveClass('cw-notif-panel--modal');
    expect(screen.getByRole('heading', { name: 'Notifications' })).toHaveFocus();
    await screen.findByText('Message 1');

    const close = screen.getByRole('button', { name: 'Close notifications' });
    const cards = within(dialog)
      .getAllByRole('button')
      .filter((b) => b !== close);
    const lastCard = cards[cards.length - 1] as HTMLElement;
    await user.tab();
    expect(close).toHaveFocus();
    act(() => lastCard.focus());
    await user.tab(); // wraps to the first element
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(close).toHaveFocus();
    await user.tab({ shift: true }); // and back to the last
    expect(lastCard).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('switches between modal and dropdown when the viewport changes', async () => {
    renderCentre();
    await openPanel();
    expect(screen.getByRole('dialog')).not.toHaveAttribute('aria-modal');
    act(() => viewport.setWidth(800));
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-modal', 'true');
  });
});

describe('badge polling', () => {
  it('refreshes the badge every 5 minutes (300000 ms)', async () => {
    expect(BADGE_POLL_INTERVAL_MS).toBe(300000);
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    let count = 2;
    server.on('GET', BADGE, () => ok({ count }));
    renderCentre();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(server.callsTo('GET', BADGE)).toHaveLength(1);

    count = 5;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(BADGE_POLL_INTERVAL_MS - 1000);
    });
    expect(server.callsTo('GET', BADGE)).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(server.callsTo('GET', BADGE)).toHaveLength(2);
    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
  });

  it('does not poll when notifications are disabled', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    server.on('GET', BOOT, bootAnswer({ enableCandidateInappNotifications: false }));
    renderCentre(
      bootData({ notificationsConfig: { enabled: false, hasActionRequiredNotificationsConfigured: false } }),
    );
    await act(async () => {
      await jest.advanceTimersByTimeAsync(BADGE_POLL_INTERVAL_MS * 2);
    });
    expect(server.callsTo('GET', BADGE)).toHaveLength(0);
  });
});
