/**
 * The form toolkit's rule engine and constants for the widgets: `@careers/shared/forms`, a subpath outside the
 * federated `@careers/shared` index, so only the widgets that render forms bundle the engine; every other page
 * stays as light as before. The engine's phone checks (libphonenumber-js) are loaded on demand, for forms with a
 * phone question: `loadPhoneRules()`; its regex checks (re2js), for forms with a regex rule: `loadRegexRules()`. The
 * server takes the same engine, both installed, from the contract.
 */
import {
  installPhoneRules,
  installRegexRules,
  phoneRulesInstalled,
  regexRulesInstalled,
} from '../contract/form-rules/engine';

export * from '../contract/form-rules/engine';

let loadingPhoneRules: Promise<void> | null = null;

/** Loads the engine's phone checks and the phone helpers (their own chunk, `forms-phone`); once, retried after a failure. */
export function loadPhoneRules(): Promise<void> {
  if (phoneRulesInstalled()) return Promise.resolve();
  loadingPhoneRules ??= import(/* webpackChunkName: "forms-phone" */ '../contract/form-rules/phone').then(
    (phone) => installPhoneRules(phone.libphonenumberRules),
    (error: unknown) => {
      loadingPhoneRules = null;
      throw error;
    },
  );
  return loadingPhoneRules;
}
export * from '../contract/form-constants';
export type {
  FormRendererProps,
  FormRendererModule,
  FormAdminOptions,
  FormVisibleFns,
  FormCustomValidators,
  FormApiCall,
  FormSearchCall,
  FormDynamicListEntry,
  FormItemCode,
  FormItemCodes,
} from './renderer';

let loadingRegexRules: Promise<void> | null = null;

/** Loads the engine's regex checks (re2js, their own chunk, `forms-regex`); once, retried after a failure. */
export function loadRegexRules(): Promise<void> {
  if (regexRulesInstalled()) return Promise.resolve();
  loadingRegexRules ??= import(/* webpackChunkName: "forms-regex" */ '../contract/form-rules/regex').then(
    (regex) => installRegexRules(regex.re2RegexRules),
    (error: unknown) => {
      loadingRegexRules = null;
      throw error;
    },
  );
  return loadingRegexRules;
}
