import { loadPhoneRules } from '@careers/shared/forms';
import { viewChunk } from '@careers/shared';

/**
 * What a phone question needs: its field and the rule engine's phone checks, both on libphonenumber-js (chunk
 * `forms-phone`, about 40 KB gzip), so forms without a phone question never download it. The renderer loads it
 * before drawing a form with a phone question.
 */
const phoneChunk = viewChunk(() =>
  Promise.all([import(/* webpackChunkName: "forms-phone" */ './PhoneField'), loadPhoneRules()]).then(
    ([module]) => module,
  ),
);

export const loadPhoneSupport = phoneChunk.preload;

/** Phone support is loaded. */
export const phoneSupportLoaded = phoneChunk.isLoaded;

/** The phone question. */
export const PhoneQuestion = phoneChunk.view((module) => module.PhoneField);
