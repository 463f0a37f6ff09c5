/**
 * Forms as data (docs/product/forms-toolkit.md#forms-as-data): a form definition is JSON — sections of typed items with
 * their options, rules and a declarative visibility condition — rendered by the forms toolkit and checked by the same
 * rule engine in the browser and on the server (form-rules/). Code-defined forms may add what JSON cannot carry (a
 * `visibleFn`, a `customValidator`) through the renderer's props.
 *
 * Values (`FormValues`, by item name), per type:
 * - text, textarea, email, sin, ssn, radio, select, dropdown (single), country (ISO 3166-1 alpha-2), state (ISO
 *   3166-2 code): a string; phone: the calling code plus the number, "+14165550123";
 * - number, star_rating (1 to 5): a number; checkboxItem: a boolean;
 * - checkbox (group), dropdown/select with `multiple`, skillSelector: a list of strings;
 * - date: "YYYY-MM-DD" ("YYYY-MM" when the format has no day); dateRange: `DateRangeValue`;
 * - file_upload, fileUpload: a list of `UploadedFile`; dynamicList: a list of objects keyed by the sub-items' names;
 * - esignForm: `EsignValue`; info, instruction and embedded_form hold no value.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Domain, Envelope } from './common';
import {
  FORM_ITEM_TYPES,
  FORM_LAYOUTS,
  FORM_RULE_TYPES,
  RELATIVE_DATE_UNITS,
  type FormItemType,
} from './form-constants';

export * from './form-constants';

const literals = <T extends readonly string[]>(values: T) => Type.Union(values.map((value) => Type.Literal(value)));

export const FormChoice = Type.Object({
  label: Type.String({ maxLength: 500 }),
  value: Type.String({ maxLength: 500 }),
  icon: Type.Optional(Type.String({ maxLength: 200 })),
});
export type FormChoice = Static<typeof FormChoice>;

/** A date given as "YYYY-MM-DD", or as a number of days from today (0 = the start of today). */
const DateBound = Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), Type.Integer()]);

/**
 * One rule (docs/product/forms-toolkit.md#text-rules; date and file rules have their sections there). `value` by type:
 * regex "/pattern/flags"; minLength, maxLength, minValue, maxValue, maxFileSizeMB, maxCumulativeFileSizeMB a number;
 * isOn, isBefore, isAfter a date; isBetween, isNotBetween `{ from, to }`; relativeToToday
 * `{ direction, amount, unit }`; date_comparison `{ field, operator }`; the others none. `message` replaces the default
 * message.
 */
export const FormRule = Type.Object({
  type: literals(FORM_RULE_TYPES),
  value: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 1000 }),
      Type.Number(),
      Type.Object({ from: DateBound, to: DateBound }),
      Type.Object({
        direction: Type.Union([Type.Literal('past'), Type.Literal('next')]),
        amount: Type.Integer({ minimum: 0 }),
        unit: literals(RELATIVE_DATE_UNITS),
      }),
      Type.Object({
        field: Type.String({ maxLength: 100 }),
        operator: Type.Union([Type.Literal('after'), Type.Literal('before')]),
      }),
    ]),
  ),
  message: Type.Optional(Type.String({ maxLength: 500 })),
});
export type FormRule = Static<typeof FormRule>;

/**
 * When an item shows (JSON's stand-in for `visibleFn`): a test of another field's value, or all / any of several.
 * `equals` and `in` compare as strings (a list value matches when any of its entries does); `notEmpty` is true for a
 * value that is not missing, blank or an empty list; `checked` for a true checkbox item.
 */
export interface VisibleIf {
  field?: string;
  equals?: string;
  notEquals?: string;
  in?: string[];
  notEmpty?: boolean;
  checked?: boolean;
  all?: VisibleIf[];
  any?: VisibleIf[];
}
export const VisibleIf = Type.Recursive(
  (This) =>
    Type.Object({
      field: Type.Optional(Type.String({ maxLength: 100 })),
      equals: Type.Optional(Type.String({ maxLength: 500 })),
      notEquals: Type.Optional(Type.String({ maxLength: 500 })),
      in: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 100 })),
      notEmpty: Type.Optional(Type.Boolean()),
      checked: Type.Optional(Type.Boolean()),
      all: Type.Optional(Type.Array(This, { maxItems: 20 })),
      any: Type.Optional(Type.Array(This, { maxItems: 20 })),
    }),
  { $id: 'VisibleIf' },
);

const itemFields = {
  /** Field key (letters, digits, `_`, `-`, `.`), unique in the form. */
  name: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,99}$' }),
  label: Type.Optional(Type.String({ maxLength: 500 })),
  ariaLabel: Type.Optional(Type.String({ maxLength: 500 })),
  type: literals(FORM_ITEM_TYPES),
  required: Type.Optional(Type.Boolean()),
  help: Type.Optional(Type.String({ maxLength: 2000 })),
  /** Shows a "New" tag, and counts in its step's "new questions". */
  newItem: Type.Optional(Type.Boolean()),
  disabled: Type.Optional(Type.Boolean()),
  readonly: Type.Optional(Type.Boolean()),
  hidden: Type.Optional(Type.Boolean()),
  /** Names of the fields this item depends on (visibility, option loading, re-validation). */
  dependencies: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
  visibleIf: Type.Optional(VisibleIf),
  rules: Type.Optional(Type.Array(FormRule, { maxItems: 20 })),
  /** Layout hint: a full row (default) or half of one from tablet up. */
  layout: Type.Optional(Type.Union([Type.Literal('full'), Type.Literal('half')])),

  // Options (docs/product/forms-toolkit.md#options)
  choices: Type.Optional(Type.Array(FormChoice, { maxItems: 1000 })),
  choicesSortOrder: Type.Optional(Type.Union([Type.Literal('ascending'), Type.Literal('descending')])),
  /** Same-site API path for the options (GET, answer `data.options`); may hold `{{parentValue}}`. */
  apiEndpoint: Type.Optional(Type.String({ maxLength: 500, pattern: '^/api/' })),
  multiple: Type.Optional(Type.Boolean()),
  placeholder: Type.Optional(Type.String({ maxLength: 200 })),
  /** dropdown: how high its open list grows before it scrolls, 240 px (`medium`, the default) or 320 px (`large`). */
  dropdownSize: Type.Optional(Type.Union([Type.Literal('medium'), Type.Literal('large')])),

  // Type-specific options
  /** date, dateRange: display format, "MM/YYYY" (the date range default) or "MM/DD/YYYY". */
  format: Type.Optional(Type.Union([Type.Literal('MM/YYYY'), Type.Literal('MM/DD/YYYY')])),
  enableFrom: Type.Optional(DateBound),
  enableUntil: Type.Optional(DateBound),
  /** dateRange: whether a start date in the future is allowed (default true). */
  allowFutureStart: Type.Optional(Type.Boolean()),
  /** dateRange: the "currently in role" box (default true). */
  showCurrent: Type.Optional(Type.Boolean()),
  /** file_upload: accepted extensions (default DEFAULT_FILE_TYPES). */
  accept: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z0-9]{1,10}$' }), { maxItems: 30 })),
  /** info, instruction, and the html layout: HTML content (sanitised when shown). */
  html: Type.Optional(Type.String({ maxLength: 50000 })),
  /** html layout: an image shown with the item. */
  image: Type.Optional(Type.String({ maxLength: 1000 })),
  /** number: bounds and step of the input. */
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  step: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  /** skillSelector */
  suggestedSkills: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 })),
  showMoreThreshold: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** esignForm, embedded_form: the signing page, or the e-sign service's custom domain, document id and mode. */
  url: Type.Optional(Type.String({ maxLength: 2000 })),
  customDomain: Type.Optional(Type.String({ maxLength: 253 })),
  wid: Type.Optional(Type.String({ maxLength: 200 })),
  hosted: Type.Optional(Type.Boolean()),
  title: Type.Optional(Type.String({ maxLength: 500 })),
  /** dynamicList: the add button's text (default "Add Item"), the title of each entry, the entry's default. */
  addButtonText: Type.Optional(Type.String({ maxLength: 100 })),
  itemTitle: Type.Optional(Type.String({ maxLength: 200 })),
  itemDefaultValue: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
};

type ItemFields = ReturnType<typeof Type.Object<typeof itemFields>>;

/** One question (dynamicList items hold their own sub-items). */
export interface FormItem extends Static<ItemFields> {
  type: FormItemType;
  items?: FormItem[];
}
export const FormItem = Type.Recursive(
  (This) => Type.Object({ ...itemFields, items: Type.Optional(Type.Array(This, { maxItems: 50 })) }),
  { $id: 'FormItem' },
);

export const FormSection = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
  title: Type.String({ maxLength: 500 }),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  items: Type.Array(FormItem, { maxItems: 500 }),
});
export type FormSection = Omit<Static<typeof FormSection>, 'items'> & { items: FormItem[] };

export const FormDefinition = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
  title: Type.String({ maxLength: 500 }),
  layout: literals(FORM_LAYOUTS),
  sections: Type.Array(FormSection, { minItems: 1, maxItems: 100 }),
});
export type FormDefinition = Omit<Static<typeof FormDefinition>, 'sections'> & { sections: FormSection[] };

/** A date range's value. */
export const DateRangeValue = Type.Object({
  startDate: Type.Union([Type.String(), Type.Null()]),
  endDate: Type.Union([Type.String(), Type.Null()]),
  isCurrent: Type.Boolean(),
});
export type DateRangeValue = Static<typeof DateRangeValue>;

/** An uploaded file's value (the content as base64, without a data-URL prefix). */
export const UploadedFile = Type.Object({
  uid: Type.String({ maxLength: 100 }),
  name: Type.String({ maxLength: 255 }),
  size: Type.Integer({ minimum: 0 }),
  type: Type.String({ maxLength: 200 }),
  lastModified: Type.Number(),
  webkitRelativePath: Type.String({ maxLength: 1000 }),
  content: Type.String(),
  status: Type.Literal('done'),
  previewUrl: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type UploadedFile = Static<typeof UploadedFile>;

/** An e-sign question's value: the outcome the signing page reported. */
export const EsignValue = Type.Object({
  status: Type.Union([Type.Literal('signed'), Type.Literal('rejected')]),
  at: Type.String(),
});
export type EsignValue = Static<typeof EsignValue>;

/** A form's answers, by item name. */
export const FormValues = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown());
export type FormValues = Record<string, unknown>;

/* ------------------------------------------------- apply and drafts (docs/product/apply-and-drafts.md#drafts) */

/** Position ids of an application: one, or several from the job cart ("1,2,3" in the address). */
const PositionIds = Type.String({ pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,19}$' });

/** GET /api/pcsx/apply_form: the application form for the positions, prefilled (profile, else the open draft). */
export const ApplyFormQuery = Type.Object(
  { pid: PositionIds, domain: Type.Optional(Domain), hl: Type.Optional(Type.String({ maxLength: 35 })) },
  { additionalProperties: false },
);
export type ApplyFormQuery = Static<typeof ApplyFormQuery>;

export const ApplyPosition = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  location: Type.String(),
  /** Whether the signed-in candidate has applied already (signed out: false). */
  applied: Type.Boolean(),
});
export type ApplyPosition = Static<typeof ApplyPosition>;

export const ApplyFormResponse = Envelope(
  Type.Object({
    form: FormDefinition,
    /** Starting values: the candidate's open draft for these positions, else what the profile fills in. */
    values: FormValues,
    positions: Type.Array(ApplyPosition),
    /** Whether the values come from a saved draft (its `updatedAt`), else null. */
    draftUpdatedAt: Type.Union([Type.String(), Type.Null()]),
  }),
);
export type ApplyFormResponse = Static<typeof ApplyFormResponse>;

/**
 * POST /api/pcsx/apply: submits the application for every position. Signed out, the form's email item names the
 * candidate (an application to an existing account is attached to it; nobody is signed in). The answers are
 * checked with the form's rules: 400 `form_invalid` with `errors` by field; 409 `already_applied` naming the
 * positions.
 */
export const ApplyBody = Type.Object(
  {
    domain: Type.Optional(Domain),
    position_ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 1, maxItems: 20 }),
    values: FormValues,
  },
  { additionalProperties: false },
);
export type ApplyBody = Static<typeof ApplyBody>;

export const ApplyResponse = Envelope(
  Type.Object({ applicationIds: Type.Array(Type.Integer()), positions: Type.Array(ApplyPosition) }),
);
export type ApplyResponse = Static<typeof ApplyResponse>;

/** The body of a 400 on a form: the first message in `message`, every field's message in `errors`. */
export const FormErrorBody = Type.Object({
  statusCode: Type.Literal(400),
  error: Type.String(),
  message: Type.String(),
  code: Type.Literal('form_invalid'),
  field: Type.String(),
  errors: Type.Record(Type.String(), Type.String()),
});
export type FormErrorBody = Static<typeof FormErrorBody>;

/**
 * A draft application (docs/product/apply-and-drafts.md#drafts): open drafts have `position.archived_at` below 0,
 * closed ones above.
 */
export const DraftApplication = Type.Object({
  id: Type.Integer(),
  position_ids: Type.Array(Type.Integer()),
  position: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    location: Type.String(),
    /** Below 0: the position is open; above 0: closed (seconds since the epoch when it closed). */
    archived_at: Type.Number(),
  }),
  updated_at: Type.String(),
  href: Type.String(),
});
export type DraftApplication = Static<typeof DraftApplication>;

/** GET /api/pcsx/draft_applications (no parameters but the optional domain). */
export const DraftApplicationsResponse = Envelope(Type.Object({ draft_applications: Type.Array(DraftApplication) }));
export type DraftApplicationsResponse = Static<typeof DraftApplicationsResponse>;

/** POST /api/pcsx/draft_applications: saves the signed-in candidate's unfinished application (replaces it). */
export const SaveDraftBody = Type.Object(
  {
    domain: Type.Optional(Domain),
    position_ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 1, maxItems: 20 }),
    values: FormValues,
  },
  { additionalProperties: false },
);
export type SaveDraftBody = Static<typeof SaveDraftBody>;

/**
 * DELETE /api/pcsx/draft_applications: `position_ids`, a list of one id
 * (docs/product/apply-and-drafts.md#deleting-drafts).
 */
export const DeleteDraftBody = Type.Object(
  {
    domain: Type.Optional(Domain),
    position_ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 1, maxItems: 1 }),
  },
  { additionalProperties: false },
);
export type DeleteDraftBody = Static<typeof DeleteDraftBody>;

/** The answer of POST /api/pcsx/draft_applications: the saved draft. */
export const SaveDraftResponse = Envelope(DraftApplication);
export type SaveDraftResponse = Static<typeof SaveDraftResponse>;

/** The answer of DELETE /api/pcsx/draft_applications. */
export const DeleteDraftResponse = Envelope(
  Type.Object({ position_ids: Type.Array(Type.Integer()), deleted: Type.Literal(true) }),
);
export type DeleteDraftResponse = Static<typeof DeleteDraftResponse>;

/* ------------------------------------------- forms centre (docs/product/apply-and-drafts.md#forms-centre) */

/** The status of a form the employer assigned to a candidate. */
export const FORM_ASSIGNMENT_STATUSES = ['open', 'in_progress', 'completed'] as const;
export const FormAssignmentStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('in_progress'),
  Type.Literal('completed'),
]);
export type FormAssignmentStatus = Static<typeof FormAssignmentStatus>;

/** The forms centre's tabs: `open` (open and in progress, the default) and `completed`. */
export const FORMS_CENTRE_TABS = ['open', 'completed'] as const;
export const FormsCentreTabId = Type.Union([Type.Literal('open'), Type.Literal('completed')]);
export type FormsCentreTabId = Static<typeof FormsCentreTabId>;

/**
 * GET /api/pcsx/forms_list: the signed-in candidate's assigned forms of one tab (`tab_id`, default `open`; an
 * unknown tab is a 400 naming `tab_id`), with the tab list and counts when `include_tab_list` is `true` or `1`.
 */
export const FormsListQuery = Type.Object(
  {
    tab_id: Type.Optional(Type.String({ maxLength: 50 })),
    include_tab_list: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')]),
    ),
    domain: Type.Optional(Domain),
    hl: Type.Optional(Type.String({ maxLength: 35 })),
  },
  { additionalProperties: false },
);
export type FormsListQuery = Static<typeof FormsListQuery>;

/** One form assigned to the candidate, as the centre lists it; `href` opens its form view. */
export const AssignedForm = Type.Object({
  id: Type.Integer(),
  form_key: Type.String(),
  title: Type.String(),
  status: FormAssignmentStatus,
  assigned_at: Type.String(),
  updated_at: Type.String(),
  completed_at: Type.Union([Type.String(), Type.Null()]),
  href: Type.String(),
});
export type AssignedForm = Static<typeof AssignedForm>;

/** A tab of the forms centre, with its label in the candidate's language and how many forms it holds. */
export const FormsCentreTab = Type.Object({
  id: FormsCentreTabId,
  label: Type.String(),
  count: Type.Integer({ minimum: 0 }),
});
export type FormsCentreTab = Static<typeof FormsCentreTab>;

export const FormsListResponse = Envelope(
  Type.Object({
    tab_id: FormsCentreTabId,
    /** Most recently assigned first. */
    forms: Type.Array(AssignedForm),
    /** Only with `include_tab_list`. */
    tabs: Type.Optional(Type.Array(FormsCentreTab)),
  }),
);
export type FormsListResponse = Static<typeof FormsListResponse>;

/** GET /api/pcsx/form: one of the signed-in candidate's assigned forms (`form_id`: the assignment's id). */
export const CandidateFormQuery = Type.Object(
  {
    form_id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
    domain: Type.Optional(Domain),
    hl: Type.Optional(Type.String({ maxLength: 35 })),
  },
  { additionalProperties: false },
);
export type CandidateFormQuery = Static<typeof CandidateFormQuery>;

export const CandidateFormResponse = Envelope(
  Type.Object({
    /**
     * The definition. An `esignForm` question without the employer's own signing page (`url`, `customDomain`) is
     * signed on the reference e-sign server: its `url` is this candidate's signing link there (absolute, on the
     * e-sign origin, framed by the careers origin asked on; the page posts `{ type: 'ESIGN' | 'REJECT' }`).
     */
    form: FormDefinition,
    /** The answers saved so far (empty while open); such an e-sign question's answer is the e-sign server's record. */
    values: FormValues,
    status: FormAssignmentStatus,
    assignment: AssignedForm,
  }),
);
export type CandidateFormResponse = Static<typeof CandidateFormResponse>;

/**
 * POST /api/pcsx/form: `submit: false` saves the answers (status `in_progress`; shapes checked, rules not);
 * `submit: true` checks them with the form's rules (400 `form_invalid`, `FormErrorBody`) and completes the form.
 * A completed form is read-only: 409 `form_completed`.
 */
export const SaveCandidateFormBody = Type.Object(
  {
    domain: Type.Optional(Domain),
    form_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    values: FormValues,
    submit: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SaveCandidateFormBody = Static<typeof SaveCandidateFormBody>;

export const SaveCandidateFormResponse = Envelope(AssignedForm);
export type SaveCandidateFormResponse = Static<typeof SaveCandidateFormResponse>;
