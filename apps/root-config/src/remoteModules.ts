import { RemoteModuleError, type RemoteModuleLoader } from '@careers/shared';
import type { Manifest, ManifestWidget } from '@careers/shared/contract';
import { loadRemoteModule } from './loadRemote';

/**
 * The page's loader of exposed modules by widget name (given to `setRemoteModuleLoader` of `@careers/shared` at
 * start): the widget's remote entry from the deployment manifest, and only a module its entry lists in `exposes`
 * (an entry without the list exposes its widget module only).
 */
export function remoteModuleLoader(
  manifest: Manifest,
  load: (widget: ManifestWidget) => Promise<unknown> = loadRemoteModule,
): RemoteModuleLoader {
  const widgets = new Map(manifest.widgets.map((w) => [w.name, w]));
  return async (name, module) => {
    const widget = widgets.get(name);
    if (!widget) throw new RemoteModuleError(`No widget "${name}" in the deployment manifest`, name, module);
    if (!(widget.exposes ?? [widget.module]).includes(module)) {
      throw new RemoteModuleError(`Widget "${name}" does not expose ${module}`, name, module);
    }
    return load({ ...widget, module });
  };
}
