import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, notify, setRemoteModuleLoader, ShadowRootContext } from '@careers/shared';
import { baseBootData, renderWithStore } from '@careers/shared/testing';
import axe from 'axe-core';
import { CataloguePage } from './CataloguePage';
import { setupCatalogueI18n } from '../../../test/setup';

beforeAll(async () => {
  await setupCatalogueI18n();
});

beforeEach(() => {
  // The forms section's renderer comes from the forms widget at run time: here, a form that names its questions.
  setRemoteModuleLoader(async () => ({
    FormRenderer: ({ form }: { form: { title: string; sections: Array<{ items: Array<{ label?: string }> }> } }) => (
      <form aria-label={form.title}>
        {form.sections
          .flatMap((section) => section.items)
          .map((item) => (
            <p key={item.label}>{item.label}</p>
          ))}
      </form>
    ),
  }));
});

afterEach(async () => {
  setRemoteModuleLoader(null);
  await i18n.changeLanguage('en');
});

async function renderCatalogue() {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const shadowRoot = host.attachShadow({ mode: 'open' });
  // The language menu lists the employer's languages, named by the starting data.
  const result = renderWithStore(
    <ShadowRootContext.Provider value={shadowRoot}>
      <main>
        <CataloguePage />
      </main>
    </ShadowRootContext.Provider>,
    { session: baseBootData() },
  );
  // The forms section draws once the renderer has loaded.
  await screen.findByRole('form', { name: 'Sample application' });
  return { host, ...result };
}

describe('CataloguePage', () => {
  it('shows every family of components under a heading', async () => {
    await renderCatalogue();
    expect(screen.getByRole('heading', { level: 1, name: 'Component catalogue' })).toBeInTheDocument();
    for (const name of [
      'Buttons',
      'Icon buttons',
      'Form fields',
      'Loading, empty and error states',
      'Cards, tags and status labels',
      'Dialog, tabs and toasts',
      'Forms',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: 'Saving…' })[0]).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com.',
    );
    expect(screen.getByText('No data found')).toBeInTheDocument();
    expect(screen.getAllByText('An error occurred while retrieving data')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Example tabs' })).toBeInTheDocument();
  });

  it('has no axe violations, with unique ids', async () => {
    const { container } = await renderCatalogue();
    const ids = [...container.querySelectorAll('[id]')].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('sets the documented theme properties on the host element, and removes them for Default', async () => {
    const user = userEvent.setup();
    const { host } = await renderCatalogue();
    const theme = screen.getByRole('combobox', { name: 'Theme' });
    await user.selectOptions(theme, 'Acme dark');
    expect(host.style.getPropertyValue('--cw-color-primary')).toBe('#8ab4f8');
    expect(host.style.getPropertyValue('--cw-color-primary-contrast')).toBe('#0b1a33');
    await user.selectOptions(theme, 'High contrast');
    expect(host.style.getPropertyValue('--cw-color-primary')).toBe('#000000');
    expect(host.style.getPropertyValue('--cw-color-surface-muted')).toBe('#f2f2f2');
    expect(host.style.getPropertyValue('--cw-font-family')).toBe('');
    await user.selectOptions(theme, 'Default');
    expect(host.getAttribute('style') ?? '').not.toContain('--cw-');
  });

  it('switches the page to French, the design system texts too', async () => {
    const user = userEvent.setup();
    await renderCatalogue();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français (Canada)');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Catalogue des composants' })).toBeInTheDocument(),
    );
    expect(screen.getByText('Aucune donnée trouvée')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('opens the example dialog with focus on its safe button, and closes it with Escape', async () => {
    const user = userEvent.setup();
    await renderCatalogue();
    await user.click(screen.getByRole('button', { name: 'Open a dialog' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline offer?' });
    expect(within(dialog).getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the menu button: opened by keyboard, an action runs, a link opens a new tab', async () => {
    const user = userEvent.setup();
    const info = jest.spyOn(notify, 'info').mockImplementation(() => 'toast');
    await renderCatalogue();
    const button = screen.getByRole('button', { name: 'Actions for Robotics Technician' });
    button.focus();
    await user.keyboard('{ArrowUp}');
    const menu = screen.getByRole('menu', { name: 'Actions for Robotics Technician' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Duplicate',
      'Open the careers site (opens in a new tab)',
      'Delete',
    ]);
    expect(items[2]).toHaveFocus();
    expect(items[1]).toHaveAttribute('target', '_blank');
    await user.keyboard('{Enter}');
    expect(info).toHaveBeenCalledWith('Deleted.');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    info.mockRestore();
  });
});
