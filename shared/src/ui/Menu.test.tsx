import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { ReactElement } from 'react';
import { i18n, initI18n } from '../i18n/i18n';
import { Icon } from './Icon';
import { ICON_PATHS } from './icons';
import { MenuButton, type MenuItem } from './Menu';

beforeAll(() => initI18n('en'));
afterEach(async () => {
  await i18n.changeLanguage('en');
  window.history.replaceState({}, '', '/');
});

const renderUi = (ui: ReactElement) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

function setup(extra: MenuItem[] = []) {
  const copy = jest.fn();
  const remove = jest.fn();
  const items: MenuItem[] = [
    { label: 'Copy link', onSelect: copy },
    { label: 'Delete', tone: 'danger', onSelect: remove },
    ...extra,
  ];
  renderUi(
    <>
      <MenuButton label="More actions for Robotics Engineer" items={items} />
      <button type="button">After</button>
    </>,
  );
  return { copy, remove, user: userEvent.setup(), button: screen.getByRole('button', { name: /More actions/ }) };
}

describe('MenuButton', () => {
  it('is a closed menu button named by its label, with the kebab icon', () => {
    const { button } = setup();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');
    expect(button.querySelector('path')).toHaveAttribute('d', ICON_PATHS.more);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens by keyboard: arrows (wrapping), Home, End; Escape closes and gives focus back', async () => {
    const { user, button } = setup();
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'More actions for Robotics Engineer' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Copy link', 'Delete']);
    expect(items[0]).toHaveFocus();
    expect(items.map((item) => item.tabIndex)).toEqual([0, -1]);
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('opens on the first item with Space or ArrowDown, on the last with ArrowUp; Tab and a click outside close it', async () => {
    const { user, button } = setup();
    button.focus();
    await user.keyboard(' ');
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem')[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowUp}');
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem')[1]).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem')[0]).toHaveFocus();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('runs the chosen action after closing, focus back on the button (given to the action)', async () => {
    const { user, button, copy, remove } = setup();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith(button);
    expect(copy).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    // A second click on the button closes the menu it opened.
    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('marks a danger item; links lead in the site without a page load, or to a new tab that says so', async () => {
    const { user, button } = setup([
      { label: 'View position', href: '/careers/job/101' },
      { label: 'Company site', href: 'https://example.com/', external: true },
    ]);
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveClass('cw-menu__item--danger');
    expect(screen.getByRole('menuitem', { name: 'Copy link' })).not.toHaveClass('cw-menu__item--danger');
    const external = screen.getByRole('menuitem', { name: 'Company site (opens in a new tab)' });
    expect(external).toHaveAttribute('href', 'https://example.com/');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(screen.getByRole('menuitem', { name: 'View position' }));
    expect(window.location.pathname).toBe('/careers/job/101');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('is named "More actions" by default, in the page language; takes another icon; draws nothing without items', async () => {
    await i18n.changeLanguage('fr-CA');
    const { container } = renderUi(
      <>
        <MenuButton
          items={[{ label: 'Modifier', onSelect: () => undefined }]}
          icon={<Icon name="edit" />}
          align="start"
        />
        <MenuButton label="Vide" items={[]} />
      </>,
    );
    const button = screen.getByRole('button', { name: 'Autres actions' });
    expect(button.querySelector('path')).toHaveAttribute('d', ICON_PATHS.edit);
    expect(screen.queryByRole('button', { name: 'Vide' })).not.toBeInTheDocument();
    await userEvent.setup().click(button);
    expect(screen.getByRole('menu', { name: 'Autres actions' })).toHaveClass('cw-menu__list--start');
    expect(container.querySelectorAll('.cw-menu')).toHaveLength(1);
  });
});

describe('Icon', () => {
  it('draws an icon of the set by name, or any path, hidden from assistive technology', () => {
    const { container } = render(
      <>
        <Icon name="calendar" size={20} />
        <Icon path="M0 0h24v24H0z" />
      </>,
    );
    const [named, drawn] = Array.from(container.querySelectorAll('svg'));
    expect(named).toHaveAttribute('aria-hidden', 'true');
    expect(named).toHaveAttribute('width', '20');
    expect(named?.querySelector('path')).toHaveAttribute('d', ICON_PATHS.calendar);
    expect(drawn?.querySelector('path')).toHaveAttribute('d', 'M0 0h24v24H0z');
  });
});
