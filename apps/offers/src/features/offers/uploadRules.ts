import { MAX_UPLOAD_FILES, PDF_MIME, SIGNED_LETTER_MAX_BYTES } from './constants';

/** Why a chosen signed letter cannot be sent (i18n keys under letter.upload.errors). */
export type UploadProblem = 'required' | 'tooMany' | 'notPdf' | 'tooLarge' | 'empty';

/** A PDF by its type (application/pdf) or, when the browser reports no or another type, by its .pdf name. */
export function isPdf(file: Pick<File, 'type' | 'name'>): boolean {
  return file.type === PDF_MIME || /\.pdf$/i.test(file.name);
}

/**
 * Checks the files chosen for the upload step (docs/product/offers-and-signing.md#upload-signed-letter): exactly one, a
 * PDF, not empty, at most 10 MB (the server's limit).
 */
export function checkSignedLetter(files: ReadonlyArray<Pick<File, 'type' | 'name' | 'size'>>): UploadProblem | null {
  if (files.length === 0) return 'required';
  if (files.length > MAX_UPLOAD_FILES) return 'tooMany';
  const file = files[0] as Pick<File, 'type' | 'name' | 'size'>;
  if (!isPdf(file)) return 'notPdf';
  if (file.size === 0) return 'empty';
  if (file.size > SIGNED_LETTER_MAX_BYTES) return 'tooLarge';
  return null;
}

/** "850 KB", "2.4 MB". */
export function sizeParts(bytes: number): { unit: 'kb' | 'mb'; value: string } {
  if (bytes < 1024 * 1024) return { unit: 'kb', value: String(Math.max(1, Math.round(bytes / 1024))) };
  return { unit: 'mb', value: (bytes / (1024 * 1024)).toFixed(1) };
}
