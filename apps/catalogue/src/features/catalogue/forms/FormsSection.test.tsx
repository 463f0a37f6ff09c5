import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_RENDERER_REMOTE, I18nextProvider, i18n, notify, setRemoteModuleLoader } from '@careers/shared';
import { FORM_ITEM_TYPES, FORM_LAYOUTS } from '@careers/shared/forms';
import type { FormRendererModule, FormRendererProps } from '@careers/shared/forms';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr-CA.json';
import { NAMESPACE } from '../namespace';
import { FormsSection } from './FormsSection';
import { SAMPLE_LAYOUTS, sampleErrors, sampleForm, sampleValues } from './sampleForm';
import { setupCatalogueI18n } from '../../../test/setup';

/** Every render's props of the stand-in renderer, latest last. */
const seen: FormRendererProps[] = [];
const last = () => seen[seen.length - 1]!;

/** The forms widget's renderer as the loader would give it: here a form naming its layout, mode and errors. */
const fakeRenderer: FormRendererModule = {
  FormRenderer: (props) => {
    seen.push(props);
    const errors = Object.keys(props.serverErrors ?? {}).length;
    return (
      <form aria-label={props.form.title}>
        <p>{`${props.form.layout} ${props.mode ?? 'edit'}, ${errors} errors`}</p>
        {props.admin && (
          <button type="button" onClick={() => props.admin?.onChange({ ...props.form, title: 'Changed' })}>
            Delete a question
          </button>
        )}
        <button type="button" onClick={() => void props.onSubmit({})}>
          {props.submitLabel}
        </button>
      </form>
    );
  },
};

let consoleError: jest.SpyInstance;

beforeAll(async () => {
  await setupCatalogueI18n();
});

beforeEach(() => {
  seen.length = 0;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  setRemoteModuleLoader(null);
  jest.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function renderSection() {
  return render(
    <I18nextProvider i18n={i18n}>
      <FormsSection />
    </I18nextProvider>,
  );
}

const english = (key: string, options?: Record<string, unknown>) => i18n.getFixedT('en', NAMESPACE)(key, options);

describe('the sample form', () => {
  it('has a question of every item type of the toolkit, and a picker entry for every layout', () => {
    const form = sampleForm(english, 'simple');
    const types = form.sections.flatMap((section) => section.items.map((item) => item.type));
    expect([...types].sort()).toEqual([...FORM_ITEM_TYPES].sort());
    expect([...SAMPLE_LAYOUTS].sort()).toEqual([...FORM_LAYOUTS].sort());
    expect(sampleForm(english, 'stepper').sections).toHaveLength(3);
  });

  it('has translated texts, in English and in French', () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(fr.formsSection).sort()).toEqual(keys(en.formsSection).sort());
    const labels = sampleForm(english, 'simple').sections.flatMap((s) => s.items.map((item) => item.label));
    expect(labels.every((label) => label && !label.startsWith('formsSection.'))).toBe(true);
  });

  it('answers every question that holds a value, and has an example error on each (a list entry’s too)', () => {
    const form = sampleForm(english, 'simple');
    const errors = sampleErrors(english, form);
    expect(errors['references.0.refName']).toBe('Example error: check this answer.');
    expect(errors.about).toBeUndefined();
    const values = sampleValues(english);
    for (const name of Object.keys(errors).filter((n) => !n.includes('.'))) {
      if (['agreement', 'coverLetter'].includes(name)) continue; // not signed, no file: their empty states
      expect([name, values[name] !== undefined]).toEqual([name, true]);
    }
  });
});

describe('FormsSection', () => {
  it('draws the sample form with the forms widget’s renderer, in the layout and mode picked', async () => {
    const loader = jest.fn(async () => fakeRenderer);
    setRemoteModuleLoader(loader);
    const user = userEvent.setup();
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Forms' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the forms toolkit…');
    expect(await screen.findByText('simple edit, 0 errors')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith(FORM_RENDERER_REMOTE.widget, FORM_RENDERER_REMOTE.module);
    expect(last().initialValues).toEqual(sampleValues(english));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Layout' }), 'Stepper');
    expect(screen.getByText('stepper edit, 0 errors')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'View');
    expect(screen.getByText('stepper view, 0 errors')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Show errors' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Layout' }), 'HTML content');
    expect(last().form.layout).toBe('html');
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('shows an example error on every question in edit mode, on request (keyboard)', async () => {
    setRemoteModuleLoader(async () => fakeRenderer);
    const user = userEvent.setup();
    renderSection();
    await screen.findByText('simple edit, 0 errors');
    screen.getByRole('checkbox', { name: 'Show errors' }).focus();
    await user.keyboard(' ');
    const count = Object.keys(sampleErrors(english, sampleForm(english, 'simple'))).length;
    expect(screen.getByText(`simple edit, ${count} errors`)).toBeInTheDocument();
    expect(last().serverErrors?.fullName).toBe('Example error: check this answer.');
  });

  it('gives the admin layout its edit mode and keeps its changes; a submit only says the answers are valid', async () => {
    setRemoteModuleLoader(async () => fakeRenderer);
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
    const user = userEvent.setup();
    renderSection();
    await screen.findByText('simple edit, 0 errors');
    expect(last().admin).toBeUndefined();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Layout' }), 'Admin (edit mode)');
    expect(last().admin?.editMode).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Delete a question' }));
    expect(last().form.title).toBe('Changed');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'View');
    expect(last().admin?.editMode).toBe(false);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'Edit');
    await user.click(screen.getByRole('button', { name: 'Check the answers' }));
    expect(success).toHaveBeenCalledWith('Every answer is valid. Nothing was sent.');
  });

  it('shows a notice with a retry when the renderer cannot be loaded; the rest of the catalogue stays', async () => {
    let fails = true;
    setRemoteModuleLoader(async () => {
      if (fails) throw new Error('Loading chunk failed');
      return fakeRenderer;
    });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('This section could not be shown.');
    expect(screen.getByRole('combobox', { name: 'Layout' })).toBeEnabled();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('simple edit, 0 errors')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it('follows the page language', async () => {
    setRemoteModuleLoader(async () => fakeRenderer);
    renderSection();
    await screen.findByText('simple edit, 0 errors');
    await act(async () => {
      await i18n.changeLanguage('fr-CA');
    });
    await waitFor(() => expect(screen.getByRole('form', { name: 'Exemple de candidature' })).toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Mise en page' })).toBeInTheDocument();
  });
});
