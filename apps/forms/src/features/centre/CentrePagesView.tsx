import { viewChunk } from '@careers/shared';

/**
 * The forms centre and the form view: their own chunk (`forms-centre`, with the form renderer, the field types and
 * the rule engine, whose texts it registers), so the toolkit's other pages do not download it. The widget loads it
 * before mounting on the centre's and a form's address, and the page preloads it (registry `startViews`).
 */
const centreChunk = viewChunk(() =>
  Promise.all([
    import(/* webpackChunkName: "forms-centre" */ './components/pages'),
    // The rule engine's texts (validation messages, the toolkit's shared texts) come with the renderer.
    import(/* webpackChunkName: "forms-centre" */ '../renderer/formTexts').then((texts) => texts.prepareFormTexts()),
  ]).then(([module]) => module),
);

export const loadCentrePages = centreChunk.preload;

/** The forms centre (`documentCenter`). */
export const FormsCentreView = centreChunk.view((module) => module.FormsCentrePage);

/** One assigned form (`formView`). */
export const FormView = centreChunk.view((module) => module.FormViewPage);
