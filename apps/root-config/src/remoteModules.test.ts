import { loadRemoteModule, RemoteModuleError, setRemoteModuleLoader } from '@careers/shared';
import type { ManifestWidget } from '@careers/shared/contract';
import { remoteModuleLoader } from './remoteModules';
import { manifestWidget } from './test/fixtures';

const forms = manifestWidget({
  name: 'forms',
  scope: 'careers_forms',
  remoteEntry: '/widgets/forms/remoteEntry.js',
  module: './Widget',
  exposes: ['./Widget', './FormRenderer'],
});
const offers = manifestWidget({ module: './Widget' });

afterEach(() => {
  setRemoteModuleLoader(null);
  jest.restoreAllMocks();
});

describe('remoteModuleLoader', () => {
  it("loads an exposed module from the widget's remote entry in the manifest", async () => {
    const load = jest.fn(async (widget: ManifestWidget) => ({ from: widget.remoteEntry, module: widget.module }));
    const loader = remoteModuleLoader({ widgets: [offers, forms] }, load);
    await expect(loader('forms', './FormRenderer')).resolves.toEqual({
      from: '/widgets/forms/remoteEntry.js',
      module: './FormRenderer',
    });
    expect(load).toHaveBeenCalledWith({ ...forms, module: './FormRenderer' });
  });

  it('refuses a widget the manifest does not have, and a module the widget does not expose', async () => {
    const load = jest.fn(async () => ({}));
    const loader = remoteModuleLoader({ widgets: [offers, forms] }, load);
    await expect(loader('nobody', './FormRenderer')).rejects.toThrow('No widget "nobody" in the deployment manifest');
    await expect(loader('forms', './Secret')).rejects.toThrow('Widget "forms" does not expose ./Secret');
    await expect(loader('forms', './Secret')).rejects.toBeInstanceOf(RemoteModuleError);
    // An entry without the list (an older manifest) exposes its widget module only.
    await expect(loader('offers', './Widget')).resolves.toEqual({});
    await expect(loader('offers', './FormRenderer')).rejects.toThrow('does not expose');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is what the widgets reach through loadRemoteModule of @careers/shared', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const renderer = { FormRenderer: () => null };
    setRemoteModuleLoader(remoteModuleLoader({ widgets: [forms] }, async () => renderer));
    await expect(loadRemoteModule('forms', './FormRenderer')).resolves.toBe(renderer);
    await expect(loadRemoteModule('forms', './Other')).rejects.toThrow('does not expose ./Other');
  });
});
