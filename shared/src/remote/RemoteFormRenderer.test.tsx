import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '../contract/forms';
import { initI18n } from '../i18n/i18n';
import { fakeFormRendererModule, fakeFormRendererProps, installFakeFormRenderer } from '../testing/fakeFormRenderer';
import { RemoteFormRenderer } from './RemoteFormRenderer';
import { setRemoteModuleLoader } from './remoteModules';

const form: FormDefinition = {
  title: 'Contact',
  sections: [{ title: 'Contact', items: [{ type: 'text', name: 'phone', label: 'Phone' }] }],
} as unknown as FormDefinition;

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  setRemoteModuleLoader(null);
  jest.restoreAllMocks();
});

describe('RemoteFormRenderer', () => {
  it("shows the placeholder while the forms widget's renderer loads, then the form with the caller's props", async () => {
    let release: (() => void) | undefined;
    installFakeFormRenderer(
      () =>
        new Promise((resolve) => {
          release = () => resolve(fakeFormRendererModule);
        }),
    );
    const onSubmit = jest.fn();
    render(
      <RemoteFormRenderer
        loading={<p>Loading the form</p>}
        form={form}
        serverErrors={{ phone: 'Phone: enter a valid phone number.' }}
        submitLabel="Save"
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText('Loading the form')).toBeInTheDocument();
    release!();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the form')).not.toBeInTheDocument();
    expect(fakeFormRendererProps.at(-1)).toMatchObject({
      form,
      serverErrors: { phone: 'Phone: enter a valid phone number.' },
      submitLabel: 'Save',
      onSubmit,
    });
    expect(fakeFormRendererProps.at(-1)).not.toHaveProperty('loading');
    expect(fakeFormRendererProps.at(-1)).not.toHaveProperty('failedMessage');
  });

  it('shows its own failure message with a retry that loads the renderer again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const loader = installFakeFormRenderer(async () => {
      if (fail) throw new Error('forms widget unreachable');
      return fakeFormRendererModule;
    });
    render(
      <RemoteFormRenderer
        loading={<p>Loading the form</p>}
        failedMessage="The form could not be loaded."
        form={form}
        submitLabel="Save"
        onSubmit={jest.fn()}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The form could not be loaded.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
