import type { ResumeFileType } from '@careers/shared/contract';

/** As the contract's PROFILE_AVATAR_MAX_BYTES and RESUME_MAX_BYTES (shared/src/contract/profile.ts; values are not imported from it). */
const PROFILE_AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const RESUME_MAX_BYTES = 5 * 1024 * 1024;

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The types, then their file name extensions (a file some systems give no type is still offered). */
export const AVATAR_ACCEPT = [...AVATAR_TYPES, '.png', '.jpg', '.jpeg', '.webp'].join(',');
/** Each resume type the server reads: its extension and media type (the file chooser offers both). */
const RESUME_MEDIA_TYPES: Record<ResumeFileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** How a type is named to the candidate (the same in English and French). */
const RESUME_TYPE_NAMES: Record<ResumeFileType, string> = { pdf: 'PDF', docx: 'Word (.docx)' };

/**
 * The file chooser's `accept` for the employer's resume types (`fileUploadConfig.resume.allowedFileTypes`): the
 * extensions, then the media types.
 */
export function resumeAccept(types: readonly ResumeFileType[]): string {
  return [...types.map((type) => `.${type}`), ...types.map((type) => RESUME_MEDIA_TYPES[type])].join(',');
}

/** The types as a sentence says them, in the page's language: "PDF or Word (.docx)", "PDF ou Word (.docx)". */
export function resumeTypesText(types: readonly ResumeFileType[], language: string): string {
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(types.map((type) => RESUME_TYPE_NAMES[type]));
}

/** Why a chosen file is refused before sending it (the server checks the content again). */
export type FileProblem = 'type' | 'size' | 'empty';

type AvatarType = (typeof AVATAR_TYPES)[number];

/** The bytes a file starts with, as the formats' signatures name them. */
function readHead(file: Blob, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

const startsWith = (head: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => head[at + index] === byte);

/**
 * The picture type of a file by its content (the signature of PNG, JPEG or WebP), or null for anything else. The
 * declared type only comes from the file name: a text file named me.png showed a broken preview (issue 22).
 */
async function avatarTypeOf(file: Blob): Promise<AvatarType | null> {
  const head = await readHead(file, 12);
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // "RIFF", four bytes of length, "WEBP".
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/**
 * An avatar picture must be PNG, JPEG or WebP (by its content) of at most 2 MB. Answers the problem, or the picture
 * as a `data:` URL of the type its content has.
 */
export async function readAvatar(file: File): Promise<{ problem: FileProblem } | { dataUrl: string }> {
  if (file.size === 0) return { problem: 'empty' };
  if (file.size > PROFILE_AVATAR_MAX_BYTES) return { problem: 'size' };
  const type = await avatarTypeOf(file);
  if (!type) return { problem: 'type' };
  return { dataUrl: (await readDataUrl(file)).replace(/^data:[^;,]*/, `data:${type}`) };
}

/** A resume must be of one of the employer's types (by its name, as the server checks it) and at most 5 MB. */
export function resumeProblem(file: File, types: readonly ResumeFileType[]): FileProblem | null {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!(types as readonly string[]).includes(extension)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > RESUME_MAX_BYTES) return 'size';
  return null;
}

/** The file as a `data:` URL. */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** A size for people: bytes, KB or MB (1 KB = 1024 bytes), in the page's language. */
export function formatSize(bytes: number, language: string): string {
  const format = (value: number, unit: 'byte' | 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
      value,
    );
  if (bytes < 1024) return format(bytes, 'byte');
  if (bytes < 1024 * 1024) return format(bytes / 1024, 'kilobyte');
  return format(bytes / (1024 * 1024), 'megabyte');
}
