/**
 * The forms toolkit's renderer for the other widgets: the `./FormRenderer` module the forms container exposes
 * (apps/root-config/widgets.json). A consumer loads it by widget name through the root config's loader, never by
 * importing this source: `useRemoteModule<FormRendererModule>(FORM_RENDERER_REMOTE.widget,
 * FORM_RENDERER_REMOTE.module)` or `<RemoteModule>` of `@careers/shared` (see apps/forms/README.md).
 *
 * This module stays tiny (it is what the remote entry loads for it); `load()` fetches the rest on demand: the
 * renderer from the chunk the forms pages already load it from (one copy in the bundle), and the toolkit's texts and
 * styles (./toolkit).
 */
import type { FormRendererModule } from '@careers/shared/forms';
import { viewChunk } from '@careers/shared';

const rendererChunk = viewChunk(() =>
  Promise.all([
    import(/* webpackChunkName: "forms-apply" */ '../renderer/FormRenderer'),
    import(/* webpackChunkName: "forms-apply" */ '../renderer/formTexts'),
    import(/* webpackChunkName: "forms-remote" */ './toolkit'),
  ]).then(async ([renderer, texts, toolkit]): Promise<FormRendererModule> => {
    await Promise.all([texts.prepareFormTexts(), toolkit.prepareToolkitTexts()]);
    return { FormRenderer: toolkit.withToolkitStyles(renderer.FormRenderer) };
  }),
);

/** The renderer, its texts registered with the page's i18n, ready to draw in the caller's shadow root. */
export const load: () => Promise<FormRendererModule> = rendererChunk.preload;
