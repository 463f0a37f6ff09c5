import { Type, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { Candidate } from '../candidates/repository';
import {
  DateRangeValue,
  EsignValue,
  UploadedFile,
  formItems,
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
    schema: Type.Array(UploadedFile, { maxItems: MAX_FILES }),
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
