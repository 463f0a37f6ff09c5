import { apiHref } from '@careers/shared';
import type { OfferDocument } from '@careers/shared/contract';
import type { PdfSource } from './types';

/**
 * The PDF of a document: its address on the careers server (from the employer's own page too), else its base64
 * content; null when there is none yet.
 */
export function pdfSource(doc: Pick<OfferDocument, 's3_path' | 'b64_string'>): PdfSource | null {
  if (doc.s3_path) return { url: apiHref(doc.s3_path) };
  if (doc.b64_string) return { base64: doc.b64_string };
  return null;
}

/** Decodes base64 PDF content (a `data:` prefix and whitespace are ignored). */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
