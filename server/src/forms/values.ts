import { country as countries, subdivision as subdivisions } from '@koshmoney/countries';
import { Type, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { Candidate } from '../candidates/repository';
import {
  DateRangeValue,
  EsignValue,
  UploadedFile,
  formItems,
  isItemVisible,
  type FormDefinition,
  type FormItem,
  type FormItemType,
  type FormValues,
} from '../contract';

/** Longest text answer kept (a rule may ask for less; this bounds what a request can store). */
const MAX_TEXT_ANSWER = 20_000;
/** Most entries of a list answer (choices, skills), of a dynamic list and of a file upload. */
const MAX_LIST_ANSWER = 500;
const MAX_LIST_ENTRIES = 100;
const MAX_FILES = 20;

const Text = Type.String({ maxLength: MAX_TEXT_ANSWER });
const TextList = Type.Array(Type.String({ maxLength: 1000 }), { maxItems: MAX_LIST_ANSWER });

/** The shape of each type's answer (contract forms.ts "Values"), and how to say it. */
const SHAPES: Record<string, { schema: TSchema; says: string }> = {
  text: { schema: Text, says: 'a text' },
  number: { schema: Type.Number(), says: 'a number' },
  boolean: { schema: Type.Boolean(), says: 'true or false' },
  list: { schema: TextList, says: 'a list of texts' },
  dateRange: { schema: DateRangeValue, says: 'a date range ({ startDate, endDate, isCurrent })' },
  files: {
    // Only the file's known properties: anything else would be stored with it unchecked.
    schema: Type.Array(Type.Object(UploadedFile.properties, { additionalProperties: false }), { maxItems: MAX_FILES }),
    says: `a list of at most ${MAX_FILES} uploaded files ({ uid, name, size, type, lastModified, webkitRelativePath, content, status: "done" })`,
  },
  esign: { schema: EsignValue, says: 'an e-sign outcome ({ status, at })' },
  entries: {
    schema: Type.Array(Type.Record(Type.String({ maxLength: 100 }), Type.Unknown()), { maxItems: MAX_LIST_ENTRIES }),
    says: `a list of at most ${MAX_LIST_ENTRIES} entries (objects keyed by the list's questions)`,
  },
};

const checkers = new Map<string, TypeCheck<TSchema>>(
  Object.entries(SHAPES).map(([name, { schema }]) => [name, TypeCompiler.Compile(schema)]),
);

/** Types that hold no answer. */
const NO_VALUE: ReadonlySet<FormItemType> = new Set<FormItemType>(['info', 'instruction', 'embedded_form']);

function shapeOf(item: FormItem): keyof typeof SHAPES | null {
  switch (item.type) {
    case 'info':
    case 'instruction':
    case 'embedded_form':
      return null;
    case 'number':
    case 'star_rating':
      return 'number';
    case 'checkboxItem':
      return 'boolean';
    case 'checkbox':
    case 'skillSelector':
      return 'list';
    case 'select':
    case 'dropdown':
      return item.multiple ? 'list' : 'text';
    case 'dateRange':
      return 'dateRange';
    case 'file_upload':
    case 'fileUpload':
      return 'files';
    case 'esignForm':
      return 'esign';
    case 'dynamicList':
      return 'entries';
    default:
      return 'text';
  }
}

/** A value that does not fit its form: `field` is the item's name ("jobs.0.title" inside a dynamic list). */
export interface ValueProblem {
  field: string;
  message: string;
}

/** An uploaded file found in the values, with where it is. */
export interface FoundFile {
  field: string;
  file: UploadedFile;
}

/**
 * What is wrong with a text a person typed, or null: a C0 control character (U+0000 to U+001F, NUL included; with
 * `keepLines`, tab, line feed and carriage return are allowed), or a lone UTF-16 surrogate (not a character at all:
 * no keyboard makes one, and storing it as JSON writes each as a six-character escape, so 20,000 of them in 30 list
 * entries took 250 ms to serialise). One loop over the code units: linear, and no control character in a pattern.
 */
function textProblem(text: string, keepLines: boolean): 'control' | 'surrogate' | null {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20) {
      if (!(keepLines && (code === 0x09 || code === 0x0a || code === 0x0d))) return 'control';
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(index + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return 'surrogate';
      index += 1; // a pair: one character outside the BMP
    }
  }
  return null;
}

/**
 * The first string in a value (a text, a list's entries, a date range's dates, a file's properties) that is not
 * well-formed text or holds a control character a person cannot type there: none in a one-line answer, only tab and line breaks in a multi-line one
 * (a textarea) and in a file's base64 content (which may be wrapped). A NUL is cut off or refused by some databases
 * and tools, and every control character confuses the pages and exports that show the answer.
 */
function controlProblem(item: FormItem, shape: keyof typeof SHAPES, value: unknown): string | null {
  const multiLine = item.type === 'textarea';
  const strings: Array<[string, boolean]> = [];
  if (typeof value === 'string') strings.push([value, multiLine]);
  else if (shape === 'files') {
    for (const file of value as UploadedFile[]) {
      for (const [key, entry] of Object.entries(file)) {
        if (typeof entry === 'string') strings.push([entry, key === 'content']);
      }
    }
  } else if (shape !== 'entries' && typeof value === 'object' && value !== null) {
    // lists of texts, date ranges, e-sign outcomes (a dynamic list's entries are checked question by question)
    for (const entry of Object.values(value)) if (typeof entry === 'string') strings.push([entry, false]);
  }
  for (const [text, keepLines] of strings) {
    const problem = textProblem(text, keepLines);
    if (problem === 'surrogate') return 'must be well-formed text (a lone UTF-16 surrogate is not a character)';
    if (problem === 'control') {
      return multiLine || shape === 'files'
        ? 'must not hold control characters (U+0000 to U+001F) other than tab and line breaks'
        : 'must not hold control characters (U+0000 to U+001F)';
    }
  }
  return null;
}

/** A country answer: an ISO 3166-1 alpha-2 code as the country question offers them ("CA"), or '' (none chosen). */
const isCountryCode = (value: string): boolean =>
  value === '' || (/^[A-Z]{2}$/.test(value) && countries.whereAlpha2(value) !== null);

/**
 * A state answer: '' (none chosen), or an ISO 3166-2 subdivision code as the state question offers them ("CA-ON"),
 * of the country its first dependency holds when that answer is there and the question shows (the question lists
 * only that country's). A hidden question's stale answer (a province kept after choosing France) is not kept when
 * the form is sent, so it only has to be a real code.
 */
function stateProblem(item: FormItem, value: string, values: Record<string, unknown>): string | null {
  if (value === '') return null;
  const found = /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(value) ? subdivisions.whereCode(value) : null;
  if (!found) return 'must be an ISO 3166-2 subdivision code ("CA-ON")';
  const dependency = item.dependencies?.[0];
  if (dependency === undefined || !isItemVisible(item, values)) return null;
  const country = values[dependency];
  if (typeof country === 'string' && country !== '' && found.countryCode !== country) {
    return `must be a subdivision of the country answered in ${dependency}`;
  }
  return null;
}

/** Problems of a value's content once its shape is right: control characters, lone surrogates, unknown countries and states. */
function contentProblem(
  item: FormItem,
  shape: keyof typeof SHAPES,
  value: unknown,
  values: Record<string, unknown>,
): string | null {
  const control = controlProblem(item, shape, value);
  if (control) return control;
  if (item.type === 'country' && typeof value === 'string' && !isCountryCode(value)) {
    return 'must be an ISO 3166-1 alpha-2 country code ("CA")';
  }
  if (item.type === 'state' && typeof value === 'string') return stateProblem(item, value, values);
  return null;
}

function checkEntries(
  items: readonly FormItem[],
  values: Record<string, unknown>,
  prefix: string,
  files: FoundFile[],
): ValueProblem | null {
  const byName = new Map(items.map((item) => [item.name, item]));
  for (const [name, value] of Object.entries(values)) {
    const field = `${prefix}${name}`;
    const item = byName.get(name);
    if (!item) return { field, message: `body/values/${field.replace(/\./g, '/')} is not a question of this form.` };
    if (value === null || value === undefined) continue;
    const shape = shapeOf(item);
    if (shape === null || NO_VALUE.has(item.type)) {
      return { field, message: `body/values/${field.replace(/\./g, '/')} holds no answer (a ${item.type} item).` };
    }
    if (!checkers.get(shape)!.Check(value)) {
      return { field, message: `body/values/${field.replace(/\./g, '/')} must be ${SHAPES[shape]!.says}.` };
    }
    const content = contentProblem(item, shape, value, values);
    if (content) return { field, message: `body/values/${field.replace(/\./g, '/')} ${content}.` };
    if (shape === 'files') for (const file of value as UploadedFile[]) files.push({ field, file });
    if (shape === 'entries') {
      const entries = value as Array<Record<string, unknown>>;
      for (const [index, entry] of entries.entries()) {
        const problem = checkEntries(item.items ?? [], entry, `${field}.${index}.`, files);
        if (problem) return problem;
      }
    }
  }
  return null;
}

/**
 * Checks that every answer belongs to a question of the form (unknown names are refused) and has its type's shape
 * (null stands for no answer); the first problem, or the uploaded files found.
 */
export function checkValueShapes(
  form: FormDefinition,
  values: FormValues,
): { problem: ValueProblem } | { files: FoundFile[] } {
  const files: FoundFile[] = [];
  const problem = checkEntries(formItems(form), values, '', files);
  return problem ? { problem } : { files };
}

/**
 * What the candidate's profile fills in, by item name: `firstname`, `lastname` and `email` (text or email items).
 * The profile keeps no phone number or country, so `phone` and `country` start empty.
 */
export function profileValues(form: FormDefinition, candidate: Candidate): FormValues {
  const known: Record<string, string> = {
    firstname: candidate.firstName,
    lastname: candidate.lastName,
    email: candidate.email,
  };
  const values: FormValues = {};
  for (const item of formItems(form)) {
    const value = known[item.name];
    if (value && (item.type === 'text' || item.type === 'email')) values[item.name] = value;
  }
  return values;
}

/** The values of a saved draft that still fit the form (a form changed since keeps the answers it still has). */
export function valuesForForm(form: FormDefinition, values: FormValues): FormValues {
  const kept: FormValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (!('problem' in checkValueShapes(form, { [name]: value }))) kept[name] = value;
  }
  return kept;
}
