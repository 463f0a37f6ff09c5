/**
 * File upload checks (docs/product/forms-toolkit.md#file-upload). Sizes in MB are mebibytes (1 MB = 1,048,576 bytes).
 */
import type { FormItem, FormRule, UploadedFile } from '../forms';
import { DEFAULT_FILE_TYPES } from '../form-constants';
import { message, type RuleMessage } from './messages';
import { isRecord } from './values';

const MB = 1024 * 1024;

/** A list of uploaded files (each with at least a name and a size), or null for anything else. */
export function readFiles(value: unknown): UploadedFile[] | null {
  if (!Array.isArray(value)) return null;
  const ok = value.every(
    (file) =>
      isRecord(file) &&
      typeof file.name === 'string' &&
      typeof file.size === 'number' &&
      Number.isFinite(file.size) &&
      file.size >= 0 &&
      (file.content === undefined || typeof file.content === 'string'),
  );
  return ok ? (value as UploadedFile[]) : null;
}

/** Bytes the base64 content decodes to (a data-URL prefix and white space are ignored). */
function decodedLength(content: string): number {
  const base64 = content.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  if (!base64) return 0;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/** A file's size: the larger of what it claims and what its content decodes to, so a lying `size` cannot pass. */
const fileSize = (file: UploadedFile): number =>
  Math.max(file.size, typeof file.content === 'string' ? decodedLength(file.content) : 0);

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

const fileList = (files: UploadedFile[]) => files.map((file) => file.name).join(', ');

/** A file upload's own checks: a list of files, each of an accepted type (item.accept, else DEFAULT_FILE_TYPES). */
export function checkFiles(item: FormItem, value: unknown): RuleMessage | null {
  const files = readFiles(value);
  if (!files) return message('validation.invalid');
  const accepted: readonly string[] = item.accept && item.accept.length > 0 ? item.accept : DEFAULT_FILE_TYPES;
  const refused = files.filter((file) => !accepted.includes(extensionOf(file.name)));
  if (refused.length === 0) return null;
  return message('validation.file.type', {
    count: refused.length,
    files: fileList(refused),
    types: accepted.join(', '),
  });
}

/** One rule on a file list; null when it holds or is not a file rule (a rule without a number is no rule). */
export function checkFileRule(rule: FormRule, files: UploadedFile[]): RuleMessage | null {
  const limit = typeof rule.value === 'number' && Number.isFinite(rule.value) ? rule.value : null;
  if (limit === null) return null;
  switch (rule.type) {
    case 'minLength':
      return files.length >= limit ? null : message('validation.file.minLength', { count: limit });
    case 'maxLength':
      return files.length <= limit ? null : message('validation.file.maxLength', { count: limit });
    case 'maxFileSizeMB': {
      const large = files.filter((file) => fileSize(file) > limit * MB);
      if (large.length === 0) return null;
      return message('validation.file.tooLarge', { count: large.length, size: limit, files: fileList(large) });
    }
    case 'maxCumulativeFileSizeMB': {
      const total = files.reduce((sum, file) => sum + fileSize(file), 0);
      return total <= limit * MB ? null : message('validation.file.totalTooLarge', { size: limit });
    }
    default:
      return null;
  }
}
