import { render, screen } from '@testing-library/react';
import { I18nextProvider, i18n } from '@careers/shared';
import { setupI18n } from '../../../test/renderWithStore';
import { badgeText, NotificationBell } from './NotificationBell';

beforeAll(async () => {
  await setupI18n('en');
});

const renderBell = (count: number) =>
  render(
    <I18nextProvider i18n={i18n}>
      <NotificationBell count={count} expanded={false} />
    </I18nextProvider>,
  );

describe('badgeText', () => {
  it.each([
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [1000, '99+'],
  ])('%i → %s', (count, text) => expect(badgeText(count)).toBe(text));
});

describe('NotificationBell', () => {
  it('is a button with a hidden decorative icon', () => {
    renderBell(2);
    const bell = screen.getByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('shows exactly 99 at 99 and 99+ at 100', () => {
    const { unmount } = renderBell(99);
    expect(screen.getByTestId('notification-badge')).toHaveTextContent(/^99$/);
    unmount();
    renderBell(100);
    expect(screen.getByTestId('notification-badge')).toHaveTextContent(/^99\+$/);
    expect(screen.getByRole('button', { name: 'Notifications, 100 unread' })).toBeInTheDocument();
  });

  it('has no badge and a plain name at 0', () => {
    renderBell(0);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });
});
