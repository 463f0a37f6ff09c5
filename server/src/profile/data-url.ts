/** `data:` URLs of uploads (avatar pictures, resumes): their bytes, and what the bytes really are. */

const DATA_URL = /^data:([A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+)?((?:;[A-Za-z0-9_.+-]+=[^;,]*)*);base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a base64 `data:` URL (the declared media type is not trusted), or null when it is not one. */
export function decodeDataUrl(value: string): Buffer | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const payload = value.slice(match[0].length).replace(/\s+/g, '');
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) return null;
  return Buffer.from(payload, 'base64');
}

/** Bytes a base64 payload of this many characters decodes to, at most (to refuse before decoding). */
export const decodedLengthOf = (dataUrl: string): number => Math.floor(((dataUrl.length - 5) * 3) / 4);

const startsWith = (bytes: Buffer, prefix: number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);

/** The picture type of the bytes by their signature (PNG, JPEG, WebP), or null for anything else. */
export function imageTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && bytes.length > 24) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff]) && bytes.length > 4) return 'image/jpeg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP' &&
    bytes.length > 16
  ) {
    return 'image/webp';
  }
  return null;
}

/** True when the bytes start like a PDF (`%PDF-`). */
export const looksLikePdf = (bytes: Buffer): boolean => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/** True when the bytes start like a ZIP archive (what a DOCX is). */
export const looksLikeZip = (bytes: Buffer): boolean => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
