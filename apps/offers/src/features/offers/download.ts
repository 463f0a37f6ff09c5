import { apiHref, saveBlob } from '@careers/shared';
import type { OfferDocument } from '@careers/shared/contract';
import { base64ToBytes } from '../pdf/source';

export type DownloadOutcome = 'downloaded' | 'empty';

function fileName(name: string): string {
  const base = name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'offer-letter';
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/**
 * Downloads an offer document (docs/product/offers-and-signing.md#download): its base64 content, or the PDF at its
 * `s3_path` on the careers server (fetched with its session, from the employer's own page too). `empty` when there is no content (no address, or an empty file).
 *
 * @throws When the file cannot be fetched (the caller shows "Offer Letter Download Failed").
 */
export async function downloadDocument(
  doc: Pick<OfferDocument, 'name' | 's3_path' | 'b64_string'>,
): Promise<DownloadOutcome> {
  let blob: Blob;
  if (doc.b64_string) {
    blob = new Blob([base64ToBytes(doc.b64_string) as BlobPart], { type: 'application/pdf' });
  } else if (doc.s3_path) {
    const response = await fetch(apiHref(doc.s3_path), { credentials: 'include' });
    if (!response.ok) throw new Error(`Offer letter download failed with HTTP ${response.status}`);
    blob = await response.blob();
  } else {
    return 'empty';
  }
  if (blob.size === 0) return 'empty';
  saveBlob(blob, fileName(doc.name));
  return 'downloaded';
}
