import { SIGNED_DOCUMENT_FIELD, SIGNED_LETTER_MAX_BYTES } from '../contract';
import { badRequest, HttpError, ServerErrorCodes } from '../http/errors';
import { loadPdf } from './pdf';

const MAX_MB = SIGNED_LETTER_MAX_BYTES / (1024 * 1024);

export const SignedDocumentMessages = {
  notBase64: `${SIGNED_DOCUMENT_FIELD} must be the base64 content of the signed PDF.`,
  empty: `${SIGNED_DOCUMENT_FIELD} is empty: send the base64 content of the signed PDF.`,
  notPdf: `${SIGNED_DOCUMENT_FIELD} must be a PDF file (the signed document).`,
  tooLarge: `${SIGNED_DOCUMENT_FIELD} is too large. The largest accepted document is ${MAX_MB} MB.`,
} as const;

/** Characters of a base64 text of SIGNED_LETTER_MAX_BYTES bytes (padded). */
const MAX_BASE64_CHARS = 4 * Math.ceil(SIGNED_LETTER_MAX_BYTES / 3);

/**
 * JSON body limit of the document accept call: a document of the largest size, base64 with a line break every 76
 * characters (MIME style; CRLF, escaped in JSON as four characters), plus room for the `data:` prefix, the other
 * fields and encoders that escape `/` as `\/`.
 */
export const SIGNED_DOCUMENT_BODY_LIMIT = Math.ceil((MAX_BASE64_CHARS * 80) / 76) + 512 * 1024;

const DATA_URL_PREFIX = /^data:application\/pdf;base64,/i;
/** ASCII white space (the line breaks of MIME base64). */
const WHITE_SPACE = /[\t\n\f\r ]+/g;
const STANDARD = /^[A-Za-z0-9+/]*$/;
const URL_SAFE = /^[A-Za-z0-9_-]*$/;

const tooLarge = () =>
  new HttpError(413, ServerErrorCodes.payloadTooLarge, SignedDocumentMessages.tooLarge, {
    field: SIGNED_DOCUMENT_FIELD,
  });

/**
 * Decodes `signed_document_file`: base64 in the standard or the URL-safe alphabet (not mixed), padding optional
 * but correct when present, ASCII white space ignored, an optional `data:application/pdf;base64,` prefix. The
 * size limit applies to the decoded bytes (413). Anything else is a 400 naming the field.
 */
function decodeSignedDocument(text: string): Buffer {
  const compact = text.replace(DATA_URL_PREFIX, '').replace(WHITE_SPACE, '');
  if (compact === '') throw badRequest(SignedDocumentMessages.empty, SIGNED_DOCUMENT_FIELD);
  const padding = /=*$/.exec(compact)![0].length;
  const digits = compact.slice(0, compact.length - padding);
  const wellFormed =
    padding <= 2 &&
    (STANDARD.test(digits) || URL_SAFE.test(digits)) &&
    digits.length % 4 !== 1 &&
    (padding === 0 || compact.length % 4 === 0);
  if (!wellFormed) throw badRequest(SignedDocumentMessages.notBase64, SIGNED_DOCUMENT_FIELD);
  if (Math.floor((digits.length * 3) / 4) > SIGNED_LETTER_MAX_BYTES) throw tooLarge();
  return Buffer.from(digits, digits.includes('-') || digits.includes('_') ? 'base64url' : 'base64');
}

/** The signed document of a document accept call, checked as the signed-letter upload is: a real PDF (400). */
export async function readSignedDocument(text: string): Promise<Buffer> {
  const content = decodeSignedDocument(text);
  if (!(await loadPdf(content))) throw badRequest(SignedDocumentMessages.notPdf, SIGNED_DOCUMENT_FIELD);
  return content;
}
