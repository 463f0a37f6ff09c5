/** As the contract's PROFILE_AVATAR_MAX_BYTES and RESUME_MAX_BYTES (shared/src/contract/profile.ts; values are not imported from it). */
const PROFILE_AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const RESUME_MAX_BYTES = 5 * 1024 * 1024;

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');
const RESUME_EXTENSIONS = ['pdf', 'docx'] as const;
export const RESUME_ACCEPT =
  '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Why a chosen file is refused before sending it (the server checks the content again). */
export type FileProblem = 'type' | 'size' | 'empty';

/** An avatar picture must be PNG, JPEG or WebP of at most 2 MB. */
export function avatarProblem(file: File): FileProblem | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > PROFILE_AVATAR_MAX_BYTES) return 'size';
  return null;
}

/** A resume must be a .pdf or .docx of at most 5 MB. */
export function resumeProblem(file: File): FileProblem | null {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!(RESUME_EXTENSIONS as readonly string[]).includes(extension)) return 'type';
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
