/**
 * Profile pictures are decoded and drawn again before they are stored (issue 21: a 7-byte "JPEG", a PNG with HTML
 * appended and a PNG claiming 60000x60000 pixels were stored as sent, checked by their first bytes only). What is
 * stored is a new image made from the decoded pixels: WebP, at most AVATAR_SIZE pixels square (the profile shows
 * it at 96 CSS pixels, this is three times that for dense screens), no metadata (EXIF, GPS, ICC, comments), no
 * bytes of the upload.
 *
 * Decoding runs in libuv's thread pool (sharp/libvips), never on the event loop; at most AVATAR_DECODES_AT_ONCE at
 * once (the pool has four threads shared with file and DNS work), each with a time limit, and a header claiming
 * more than AVATAR_MAX_PIXELS pixels is refused before any pixel is decoded.
 */
import sharp from 'sharp';
import { ErrorCodes, PROFILE_AVATAR_MAX_BYTES } from '../contract';
import { HttpError } from '../http/errors';
import { decodeDataUrl, decodedLengthOf, imageTypeOf } from './data-url';

/** Largest picture decoded, in pixels (width x height): 25 megapixels, more than any phone camera's photo. */
const AVATAR_MAX_PIXELS = 25_000_000;
/** Side of the stored picture, in pixels, at most (a square from the centre, as the profile shows it). */
const AVATAR_SIZE = 288;
/** Pictures decoded at the same time; more wait their turn. */
const AVATAR_DECODES_AT_ONCE = 2;
/** Longest a decode and re-encode may take. */
const AVATAR_TIMEOUT_SECONDS = 10;
const WEBP_QUALITY = 82;

const FIELD = 'op_data.value';
/** 422 naming `op_data.value`, as every refusal of a profile_edit value (README, "Profile and resume API"). */
const refused = (message: string) =>
  new HttpError(422, ErrorCodes.validation, `${FIELD}: ${message}`, { field: FIELD });
const MEGABYTES = PROFILE_AVATAR_MAX_BYTES / (1024 * 1024);

/** The clean picture that is stored. */
export interface CleanAvatar {
  bytes: Buffer;
  contentType: 'image/webp';
}

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when fewer than AVATAR_DECODES_AT_ONCE decodes are running, in arrival order. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AVATAR_DECODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * The picture of a profile_edit avatar update, checked and re-encoded: a base64 `data:` URL of a PNG, JPEG or
 * WebP of at most PROFILE_AVATAR_MAX_BYTES that decodes whole within AVATAR_MAX_PIXELS. Anything else is a 422
 * naming `op_data.value`, and nothing is stored.
 */
export async function cleanAvatar(value: unknown): Promise<CleanAvatar> {
  if (typeof value !== 'string') throw refused('must be a data: URL of a PNG, JPEG or WebP picture.');
  const tooLarge = () => refused(`the picture is too large; the largest accepted is ${MEGABYTES} MB.`);
  if (decodedLengthOf(value) > PROFILE_AVATAR_MAX_BYTES + 3) throw tooLarge();
  const bytes = decodeDataUrl(value);
  if (!bytes) throw refused('must be a base64 data: URL.');
  if (bytes.byteLength > PROFILE_AVATAR_MAX_BYTES) throw tooLarge();
  // The signature first: sharp would also open SVG, TIFF, GIF, HEIF and more, which a profile picture never is.
  if (!imageTypeOf(bytes)) throw refused('must be a PNG, JPEG or WebP picture.');
  return inTurn(async () => {
    const options = { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error', animated: false } as const;
    let width: number;
    let height: number;
    let format: string | undefined;
    try {
      // The header only (no pixel is decoded), so the pixel count can be told in the refusal.
      ({ width, height, format } = await sharp(bytes, { ...options, limitInputPixels: false }).metadata());
    } catch {
      throw refused('the picture cannot be read as a PNG, JPEG or WebP image.');
    }
    if (!['png', 'jpeg', 'webp'].includes(format ?? '') || !(width > 0 && height > 0)) {
      throw refused('the picture cannot be read as a PNG, JPEG or WebP image.');
    }
    if (width * height > AVATAR_MAX_PIXELS) {
      throw refused(
        `the picture has ${width} x ${height} pixels; the largest accepted is ${AVATAR_MAX_PIXELS / 1_000_000} megapixels.`,
      );
    }
    // A square from the centre, as the profile shows it, never larger than the picture sent.
    const side = Math.min(width, height, AVATAR_SIZE);
    try {
      const clean = await sharp(bytes, options)
        .autoOrient() // the EXIF orientation, applied before the metadata is dropped
        .resize(side, side, { fit: 'cover' })
        .webp({ quality: WEBP_QUALITY })
        .timeout({ seconds: AVATAR_TIMEOUT_SECONDS })
        .toBuffer();
      return { bytes: clean, contentType: 'image/webp' };
    } catch {
      // Truncated or corrupt pixel data (the header alone was fine), or the time limit.
      throw refused('the picture cannot be read as a PNG, JPEG or WebP image.');
    }
  });
}
