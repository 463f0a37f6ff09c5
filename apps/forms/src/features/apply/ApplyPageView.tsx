import { viewChunk } from '@careers/shared';

/**
 * The apply page: its own chunk (`forms-apply`, with the form renderer, the field types and the rule engine, whose
 * texts it registers), so the toolkit's other pages do not download it. The widget loads it before mounting on an
 * apply address, and the page preloads it (registry `startViews`).
 */
const applyChunk = viewChunk(() =>
  Promise.all([
    import(/* webpackChunkName: "forms-apply" */ './components/ApplyPage'),
    // The rule engine's texts (validation messages, the toolkit's shared texts) come with the renderer.
    import(/* webpackChunkName: "forms-apply" */ '../renderer/formTexts').then((texts) => texts.prepareFormTexts()),
  ]).then(([module]) => module),
);

export const loadApplyPage = applyChunk.preload;

/** The apply page (`applyPage`). */
export const ApplyPageView = applyChunk.view((module) => module.ApplyPage);
