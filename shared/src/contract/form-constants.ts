/**
 * Plain constants of the form toolkit (docs/product/forms-toolkit.md#constants), without schema code: the widgets
 * import them at run time, the contract's TypeBox schemas (forms.ts) and the rule engine (form-rules/) are built on
 * them.
 */

/** Every question type (docs/product/forms-toolkit.md#question-types; both spellings where there are two). */
export const FORM_ITEM_TYPES = [
  'checkbox',
  'checkboxItem',
  'date',
  'dateRange',
  'dropdown',
  'select',
  'dynamicList',
  'email',
  'embedded_form',
  'esignForm',
  'file_upload',
  'fileUpload',
  'info',
  'instruction',
  'number',
  'phone',
  'radio',
  'skillSelector',
  'sin',
  'ssn',
  'text',
  'textarea',
  'star_rating',
  'country',
  'state',
] as const;
export type FormItemType = (typeof FORM_ITEM_TYPES)[number];

/** The four layouts (docs/product/forms-toolkit.md#layouts). */
export const FORM_LAYOUTS = ['simple', 'stepper', 'html', 'admin'] as const;
export type FormLayout = (typeof FORM_LAYOUTS)[number];

/** Text rules (docs/product/forms-toolkit.md#text-rules, with SSN and SIN and phone with country). */
export const TEXT_RULES = [
  'email',
  'phone',
  'regex',
  'minLength',
  'maxLength',
  'minValue',
  'maxValue',
  'ssn',
  'sin',
] as const;

/** Date rules (docs/product/forms-toolkit.md#dates). */
export const DATE_RULES = [
  'isToday',
  'isFuture',
  'isPast',
  'isOn',
  'isBefore',
  'isAfter',
  'isBetween',
  'isNotBetween',
  'relativeToToday',
  'date_comparison',
] as const;

/** File rules (docs/product/forms-toolkit.md#file-upload; minLength and maxLength count files there). */
export const FILE_RULES = ['maxFileSizeMB', 'maxCumulativeFileSizeMB'] as const;

export const FORM_RULE_TYPES = [...TEXT_RULES, ...DATE_RULES, ...FILE_RULES] as const;
export type FormRuleType = (typeof FORM_RULE_TYPES)[number];

/** Units of the "is relative to today" date rule. */
export const RELATIVE_DATE_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type RelativeDateUnit = (typeof RELATIVE_DATE_UNITS)[number];

/** The toolkit's limits (docs/product/forms-toolkit.md#constants). */
export const FORM_LIMITS = {
  /** The required message names the field only when its label is at most this long. */
  requiredLabelMax: 30,
  /** SSN and SIN inputs: dashes inserted, at most 11 characters. */
  idNumberMaxLength: 11,
  /**
   * The longest phone answer the phone checks read (longer is invalid unread): an international number has at most
   * 15 digits (E.164), so 40 characters leave room for a "+", spaces, dashes and parentheses. It keeps long input
   * away from libphonenumber-js, whose parsing grows with the text.
   */
  phoneMaxLength: 40,
  /** Skill lists collapse past this many ("+N" / "Show fewer"). */
  skillCollapseThreshold: 10,
  /** Read-more heights (px): instructions, everything else. */
  readMoreInstructionPx: 150,
  readMoreDefaultPx: 400,
  /** Debounces and holds (ms). */
  visibilityDebounceMs: 50,
  scrollspyDebounceMs: 50,
  stepperFooterDebounceMs: 500,
  manualStepHoldMs: 1000,
  reorderDebounceMs: 300,
  selectOptionsFallbackMs: 25,
  /** Star rating: five stars. */
  ratingStars: 5,
  /** Embedded form frame (px). */
  embeddedFormWidth: 800,
  embeddedFormHeight: 1132,
  /** E-sign frame minimum height (px). */
  esignMinHeight: 600,
} as const;

/** Default accepted file types of a file upload (docs/product/forms-toolkit.md#file-upload), as extensions. */
export const DEFAULT_FILE_TYPES = ['doc', 'docx', 'pdf', 'txt', 'png', 'jpg', 'jpeg'] as const;

/**
 * Star rating labels (docs/product/forms-toolkit.md#star-rating), lowest first; the texts are the `formRules`
 * namespace's `rating.*`.
 */
export const RATING_LABEL_KEYS = ['poor', 'average', 'good', 'veryGood', 'excellent'] as const;

/** Default date range display format (docs/product/forms-toolkit.md#dates). */
export const DEFAULT_DATE_RANGE_FORMAT = 'MM/YYYY';

/** The i18next namespace of the toolkit's validation messages and shared texts (form-rules/locales). */
export const FORM_RULES_NAMESPACE = 'formRules';
