import type { FormDefinition, FormItem, FormRule, FormValues } from '../forms';
import { DATE_RULES, FORM_LIMITS, type FormItemType } from '../form-constants';
import { checkDate, checkDateRange, checkDateRule, parseDateValue, readDateRange, type CalendarDate } from './dates';
import { isEmail } from './email';
import { checkFileRule, checkFiles, readFiles } from './files';
import { message, requiredMessage, type RuleMessage } from './messages';
import { phoneRules } from './phone-rules';
import { regexRules } from './regex-rules';
import {
  characterCount,
  emailMessage,
  idNumberMessage,
  isLoosePhone,
  isValidIdNumber,
  isValidPhoneText,
  toNumber,
} from './text';
import { isEmptyValue, isRecord, isStringList } from './values';
import { formItems, isItemVisible, visibleValues } from './visibility';

/** What the rules see: every answer (for visibility and date comparisons), today, and the phone default country. */
export interface RuleContext {
  values: FormValues;
  now: Date;
  defaultCountry?: string;
}

/** Types that hold no answer. */
const NO_VALUE: ReadonlySet<FormItemType> = new Set<FormItemType>(['info', 'instruction', 'embedded_form']);
const FILE_TYPES: ReadonlySet<FormItemType> = new Set<FormItemType>(['file_upload', 'fileUpload']);
const DATE_RULE_TYPES: ReadonlySet<string> = new Set(DATE_RULES);

const holdsValue = (item: FormItem): boolean => !NO_VALUE.has(item.type);
const isFileItem = (item: FormItem) => FILE_TYPES.has(item.type);

/** Whether the item's answer is a list of strings (checkbox group, skills, multiple select). */
const isStringListItem = (item: FormItem) =>
  item.type === 'checkbox' ||
  item.type === 'skillSelector' ||
  ((item.type === 'select' || item.type === 'dropdown') && item.multiple === true);

const invalid = (): RuleMessage => message('validation.invalid');

/** A regex rule whose pattern cannot run: the form's fault, so the rule's own message (about the answer) is not shown. */
const PATTERN_INVALID = 'validation.regexInvalid';

/** Whether the item has its required answer, in its type's own sense (docs/product/forms-toolkit.md#required). */
function checkRequired(item: FormItem, value: unknown): RuleMessage | null {
  const missing = () => requiredMessage(item.label);
  switch (item.type) {
    case 'checkboxItem':
      return value === true ? null : missing();
    case 'esignForm':
      return isRecord(value) && value.status === 'signed' ? null : missing();
    case 'phone':
      if (typeof value === 'string' && !isEmptyValue(value) && phoneRules().isBareCallingCode(value))
        return message('validation.phoneNumber'); // a country but no number
      return isEmptyValue(value) ? missing() : null;
    default:
      return isEmptyValue(value) ? missing() : null;
  }
}

/** Whether an answer counts as none (then only `required` applies). */
const isUnanswered = (item: FormItem, value: unknown): boolean =>
  isEmptyValue(value) || (item.type === 'phone' && typeof value === 'string' && phoneRules().isBareCallingCode(value));

function checkChoices(item: FormItem, selected: string[]): RuleMessage | null {
  if (!item.choices || item.choices.length === 0 || item.apiEndpoint) return null; // server options: not known here
  const allowed = new Set(item.choices.map((choice) => choice.value));
  return selected.every((entry) => allowed.has(entry)) ? null : message('validation.choice');
}

function checkNumberBounds(value: number, min: number | undefined, max: number | undefined): RuleMessage | null {
  if (min !== undefined && value < min) return message('validation.minValue', { count: min });
  if (max !== undefined && value > max) return message('validation.maxValue', { count: max });
  return null;
}

/** The type's own checks (shape and format), run on a non-empty answer. */
function checkType(item: FormItem, value: unknown, context: RuleContext): RuleMessage | null {
  const text = typeof value === 'string' ? value.trim() : null;
  switch (item.type) {
    case 'text':
    case 'textarea':
    case 'country':
    case 'state':
      return text === null ? invalid() : null;
    case 'email':
      return text !== null && isEmail(text) ? null : emailMessage();
    case 'ssn':
    case 'sin':
      return text !== null && isValidIdNumber(item.type, text) ? null : idNumberMessage(item.type);
    case 'phone':
      // Its value is "+<calling code><number>" (docs/product/forms-toolkit.md#phone): strict, with the country its
      // calling code names.
      return text === null
        ? message('validation.phoneNumber')
        : phoneRules().checkStrictPhone(text, { international: true });
    case 'number': {
      const number = toNumber(value);
      if (number === null) return message('validation.number');
      return checkNumberBounds(number, item.min, item.max);
    }
    case 'star_rating': {
      const rating = toNumber(value);
      const ok = rating !== null && Number.isInteger(rating) && rating >= 1 && rating <= FORM_LIMITS.ratingStars;
      return ok ? null : message('validation.rating', { min: 1, max: FORM_LIMITS.ratingStars });
    }
    case 'checkboxItem':
      return typeof value === 'boolean' ? null : invalid();
    case 'date':
      return checkDate(item, value, context.now);
    case 'dateRange':
      return checkDateRange(item, value, context.now);
    case 'file_upload':
    case 'fileUpload':
      return checkFiles(item, value);
    case 'dynamicList':
      return Array.isArray(value) && value.every(isRecord) ? null : invalid();
    case 'esignForm':
      return isRecord(value) && (value.status === 'signed' || value.status === 'rejected') ? null : invalid();
    case 'radio':
    case 'select':
    case 'dropdown':
    case 'checkbox':
    case 'skillSelector':
      if (isStringListItem(item)) return isStringList(value) ? checkChoices(item, value) : invalid();
      return text === null ? invalid() : checkChoices(item, [text]);
    default:
      return null;
  }
}

/** The dates a date rule applies to: a date's, or a date range's start and end; a message when one is invalid. */
function datesOf(item: FormItem, value: unknown, now: Date): CalendarDate[] | RuleMessage {
  if (item.type === 'dateRange') {
    const range = readDateRange(value, now);
    if ('key' in range) return range;
    return [range.start, range.end].filter((date): date is CalendarDate => date !== null);
  }
  const date = parseDateValue(value);
  return date ? [date] : message('validation.date.invalid');
}

/**
 * The `phone` rule of a text answer. `value: "strict"` (docs/product/forms-toolkit.md#phone): digits, spaces, + - . and
 * parentheses, and a valid number, for the country of its calling code or else the form's default country (needs the
 * phone plug-in). `value: "loose"`: starts as a phone number does and holds a digit. Without a value, the toolkit's
 * default rule (digits, dashes and parentheses). A phone question holds "+<calling code><number>", already checked
 * strict by its type.
 */
function checkPhoneRule(item: FormItem, rule: FormRule, text: string, context: RuleContext): RuleMessage | null {
  if (item.type === 'phone') return null;
  if (rule.value === 'strict') {
    const options = context.defaultCountry === undefined ? {} : { defaultCountry: context.defaultCountry };
    return phoneRules().checkStrictPhone(text, options);
  }
  if (rule.value === 'loose') return isLoosePhone(text) ? null : message('validation.phoneNumber');
  return isValidPhoneText(text) ? null : message('validation.phone');
}

/** One rule's default message when it fails on the answer; null when it holds or does not apply to the type. */
function checkRule(item: FormItem, rule: FormRule, value: unknown, context: RuleContext): RuleMessage | null {
  if (isFileItem(item)) {
    const files = readFiles(value);
    return files ? checkFileRule(rule, files) : null;
  }
  const limit = typeof rule.value === 'number' && Number.isFinite(rule.value) ? rule.value : null;
  if (item.type === 'dynamicList' || isStringListItem(item)) {
    if (!Array.isArray(value) || limit === null) return null;
    const kind = item.type === 'dynamicList' ? 'list' : 'selection';
    if (rule.type === 'minLength' && value.length < limit)
      return message(`validation.${kind}.minLength`, { count: limit });
    if (rule.type === 'maxLength' && value.length > limit)
      return message(`validation.${kind}.maxLength`, { count: limit });
    return null;
  }
  if (DATE_RULE_TYPES.has(rule.type)) {
    const dates = datesOf(item, value, context.now);
    if (!Array.isArray(dates)) return dates;
    for (const date of dates) {
      const failed = checkDateRule(rule, date, context.now, context.values);
      if (failed) return failed;
    }
    return null;
  }
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null;
  if (text === null) return null;
  switch (rule.type) {
    case 'email':
      // `value: "loose"` asks for the loose form (docs/product/forms-toolkit.md#email); strict otherwise, as an email
      // question.
      return isEmail(text, rule.value === 'loose' ? 'loose' : 'strict') ? null : emailMessage();
    case 'phone':
      return checkPhoneRule(item, rule, text, context);
    case 'regex': {
      // A pattern the linear-time engine cannot run fails closed: never a pass, never a backtracking RegExp.
      const matched = regexRules().test(rule.value, text);
      if (matched === null) return message(PATTERN_INVALID);
      return matched ? null : message('validation.regex');
    }
    case 'minLength':
      return limit === null || characterCount(text) >= limit ? null : message('validation.minLength', { count: limit });
    case 'maxLength':
      return limit === null || characterCount(text) <= limit ? null : message('validation.maxLength', { count: limit });
    case 'minValue':
    case 'maxValue': {
      if (limit === null) return null;
      const number = toNumber(value);
      if (number === null) return message('validation.number');
      return rule.type === 'minValue'
        ? checkNumberBounds(number, limit, undefined)
        : checkNumberBounds(number, undefined, limit);
    }
    case 'ssn':
    case 'sin':
      return isValidIdNumber(rule.type, text) ? null : idNumberMessage(rule.type);
    default:
      return null;
  }
}

/**
 * The first failing check of one answer, or null when it is valid: `required`, then the type's own checks (email,
 * ssn, sin and phone items check their format without a rule), then the rules in order (a rule's own `message`
 * wins). An empty optional answer passes everything but `required` (and the minLength of a dynamic list or a file
 * upload). Text is checked trimmed (inputs trim on blur).
 */
export function validateItem(item: FormItem, value: unknown, context: RuleContext): RuleMessage | null {
  if (!holdsValue(item)) return null;
  if (item.required) {
    const missing = checkRequired(item, value);
    if (missing) return missing;
  }
  if (isUnanswered(item, value)) {
    // A dynamic list is pre-filled up to its minimum and cannot drop below it
    // (docs/product/forms-toolkit.md#dynamic-list), so its minLength holds even when it is optional and empty. A file
    // upload's minLength counts files, none included: "Upload at least 1 file."
    // (docs/product/forms-toolkit.md#file-upload) could never show if an empty optional upload passed it. Every other
    // empty optional answer passes.
    if (item.type !== 'dynamicList' && !isFileItem(item)) return null;
    return runRules(item, [], context);
  }
  return checkType(item, value, context) ?? runRules(item, value, context);
}

/** The item's rules in order: the first failure, with the rule's own message when it has one. */
function runRules(item: FormItem, value: unknown, context: RuleContext): RuleMessage | null {
  for (const rule of item.rules ?? []) {
    const failed = checkRule(item, rule, value, context);
    if (failed) return rule.message && failed.key !== PATTERN_INVALID ? { ...failed, text: rule.message } : failed;
  }
  return null;
}

/**
 * Every failing answer of a form, by field name: only items that show (a hidden item's value is ignored, also by
 * other items' `visibleIf`); a dynamic list's own rules under its name and each entry's sub-items under
 * "list.0.sub". Empty when the form is valid.
 */
export function validateForm(
  form: FormDefinition,
  values: FormValues,
  context: Omit<RuleContext, 'values'>,
): Record<string, RuleMessage> {
  const items = formItems(form);
  const shown = visibleValues(items, values);
  const errors: Record<string, RuleMessage> = {};
  for (const item of items) {
    if (!holdsValue(item) || !isItemVisible(item, shown)) continue;
    const value = shown[item.name];
    const failed = validateItem(item, value, { ...context, values: shown });
    if (failed) errors[item.name] = failed;
    if (item.type !== 'dynamicList' || !item.items || !Array.isArray(value)) continue;
    const subItems = item.items;
    const outside: FormValues = { ...shown };
    for (const sub of subItems) delete outside[sub.name];
    value.forEach((entry: unknown, index) => {
      if (!isRecord(entry)) return;
      const entryValues = visibleValues(subItems, { ...outside, ...entry });
      for (const sub of subItems) {
        if (!holdsValue(sub) || !isItemVisible(sub, entryValues)) continue;
        const subFailed = validateItem(sub, entryValues[sub.name], { ...context, values: entryValues });
        if (subFailed) errors[`${item.name}.${index}.${sub.name}`] = subFailed;
      }
    });
  }
  return errors;
}
