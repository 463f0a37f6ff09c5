import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, initI18n, ShadowRootContext } from '@careers/shared';
import { renderWithStore } from '@careers/shared/testing';
import type { FormDefinition } from '@careers/shared/contract';
import type { FormRendererProps } from '@careers/shared/forms';
import { load } from './index';
import { adoptToolkitStyles, hasToolkitStyles } from './toolkit';

const form: FormDefinition = {
  id: 'contact',
  title: 'Contact',
  layout: 'simple',
  sections: [
    {
      id: 'you',
      title: 'About you',
      items: [{ name: 'name', label: 'Your name', type: 'text', required: true }],
    },
  ],
};

/** A widget's shadow root as the shell makes it: its sheets, then the mount point (the renderer's styles go here). */
function widgetRoot() {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const shadowRoot = host.attachShadow({ mode: 'open' });
  for (const name of ['base', 'own']) {
    const style = document.createElement('style');
    style.dataset.sheet = name;
    shadowRoot.appendChild(style);
  }
  const mount = document.createElement('div');
  mount.className = 'cw-mount';
  shadowRoot.appendChild(mount);
  return { shadowRoot, mount };
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  document.body.innerHTML = '';
  await i18n.changeLanguage('en');
});

describe('the exposed ./FormRenderer module', () => {
  it('loads once; the renderer draws in the caller’s shadow root with the toolkit’s styles and texts', async () => {
    const module = await load();
    expect(await load()).toBe(module);
    const { FormRenderer } = module;
    const { shadowRoot, mount } = widgetRoot();
    const onSubmit = jest.fn();
    const props: FormRendererProps = { form, onSubmit, initialValues: { name: 'Ada' } };
    renderWithStore(
      <ShadowRootContext.Provider value={shadowRoot}>
        <FormRenderer {...props} />
        <FormRenderer {...props} mode="view" />
      </ShadowRootContext.Provider>,
    );
    // The forms widget's texts (its namespace was registered by load(): the default submit label).
    const submit = await screen.findByRole('button', { name: 'Submit' });
    // The toolkit's two sheets, once for the root however many renderers, after the widget's own, before the content.
    const sheets = [...shadowRoot.children].filter((child) => child.localName === 'style');
    expect(sheets.map((s) => s.getAttribute('data-cw-styles') ?? (s as HTMLElement).dataset.sheet)).toEqual([
      'base',
      'own',
      'forms-toolkit',
      'forms-toolkit',
    ]);
    expect(shadowRoot.lastElementChild).toBe(mount);
    expect(document.head.querySelector('style[data-cw-styles]')).toBeNull();

    await userEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada' }));
  });

  it('shows the rule engine’s messages in the page’s language (its texts come with the renderer)', async () => {
    const { FormRenderer } = await load();
    const { shadowRoot } = widgetRoot();
    await i18n.changeLanguage('fr-CA');
    renderWithStore(
      <ShadowRootContext.Provider value={shadowRoot}>
        <FormRenderer form={form} onSubmit={jest.fn()} submitLabel="Envoyer" />
      </ShadowRootContext.Provider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Your name est obligatoire')).toBeInTheDocument();
  });
});

describe('adoptToolkitStyles', () => {
  it('puts the sheets into a shadow root once, and into the document head outside any widget', () => {
    const { shadowRoot } = widgetRoot();
    expect(hasToolkitStyles(shadowRoot)).toBe(false);
    adoptToolkitStyles(shadowRoot);
    adoptToolkitStyles(shadowRoot);
    expect(shadowRoot.querySelectorAll('style[data-cw-styles="forms-toolkit"]')).toHaveLength(2);
    expect(hasToolkitStyles(document)).toBe(false);
    adoptToolkitStyles(document);
    expect(document.head.querySelectorAll('style[data-cw-styles="forms-toolkit"]')).toHaveLength(2);
    document.head.querySelectorAll('style[data-cw-styles]').forEach((style) => style.remove());
  });

  it('draws the renderer outside a widget too (styles in the head)', async () => {
    const { FormRenderer } = await load();
    renderWithStore(<FormRenderer form={form} onSubmit={jest.fn()} />);
    expect(await screen.findByRole('textbox', { name: /Your name/ })).toBeInTheDocument();
    expect(hasToolkitStyles(document)).toBe(true);
    document.head.querySelectorAll('style[data-cw-styles]').forEach((style) => style.remove());
  });
});
