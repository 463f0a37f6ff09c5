import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { SIGNED_LETTER_FIELD, SIGNED_LETTER_MAX_BYTES } from '../contract';
import { badRequest, HttpError, ServerErrorCodes } from '../http/errors';

/** Room for the multipart boundaries, part headers and the `domain` field around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const UploadMessages = {
  tooManyFiles: 'You should upload at most 1 file',
  fileRequired: `Choose the signed offer letter (a PDF file) to upload in the "${SIGNED_LETTER_FIELD}" field.`,
  notPdf: 'The signed offer letter must be a PDF file.',
  tooLarge: `The signed offer letter is too large. The largest accepted file is ${SIGNED_LETTER_MAX_BYTES / (1024 * 1024)} MB.`,
  notMultipart: `Send the signed offer letter as multipart/form-data, with the file in the "${SIGNED_LETTER_FIELD}" field.`,
} as const;

/** 413 that also closes the connection, so the client stops sending the rest of the body. */
const uploadTooLarge = () =>
  new HttpError(413, ServerErrorCodes.payloadTooLarge, UploadMessages.tooLarge, {
    headers: { connection: 'close' },
    field: SIGNED_LETTER_FIELD,
  });

const tooManyFiles = () => badRequest(UploadMessages.tooManyFiles, SIGNED_LETTER_FIELD);

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // discard
  }
}

/**
 * Reads a file part, refusing it the moment it passes the size limit (busboy's `limit` event) instead of
 * waiting for the rest of the part: the 413 then closes the connection while the client is still sending.
 */
function readFilePart(file: Readable & { truncated?: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    file.on('limit', () => fail(uploadTooLarge()));
    file.on('error', fail);
    file.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > SIGNED_LETTER_MAX_BYTES) fail(uploadTooLarge());
      else if (!settled) chunks.push(chunk);
    });
    file.on('end', () => {
      if (file.truncated) fail(uploadTooLarge());
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks, size));
    });
  });
}

export interface SignedLetterUpload {
  content: Buffer;
  /** The optional `domain` form field. */
  domain: string | undefined;
}

/**
 * Reads `multipart/form-data` with exactly one file in `signed_offer_letter_pdf_file` (at most
 * SIGNED_LETTER_MAX_BYTES) and an optional `domain` field. The client's file name and type are ignored.
 */
export async function readSignedLetter(request: FastifyRequest): Promise<SignedLetterUpload> {
  if (!request.isMultipart()) {
    throw new HttpError(415, ServerErrorCodes.unsupportedMediaType, UploadMessages.notMultipart, {
      field: SIGNED_LETTER_FIELD,
    });
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > SIGNED_LETTER_MAX_BYTES + MULTIPART_OVERHEAD_BYTES)
    throw uploadTooLarge();

  let content: Buffer | undefined;
  let domain: string | undefined;
  let files = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: SIGNED_LETTER_MAX_BYTES,
        files: 1,
        fields: 4,
        fieldSize: 1024,
        fieldNameSize: 100,
        parts: 6,
        headerPairs: 50,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        files += 1;
        if (files > 1) {
          await drain(part.file);
          throw tooManyFiles();
        }
        if (part.fieldname !== SIGNED_LETTER_FIELD) {
          await drain(part.file);
          throw badRequest(
            `body/${part.fieldname} is not an accepted field; send the file in "${SIGNED_LETTER_FIELD}".`,
            part.fieldname,
          );
        }
        content = await readFilePart(part.file);
      } else if (part.fieldname === 'domain') {
        if (domain !== undefined || typeof part.value !== 'string')
          throw badRequest('body/domain must be a single text value', 'domain');
        domain = part.value;
      } else {
        throw badRequest(`body/${part.fieldname} is not an accepted field`, part.fieldname);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT') throw tooManyFiles();
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadTooLarge();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest(
        `Send only the "${SIGNED_LETTER_FIELD}" file and, optionally, the domain field.`,
        SIGNED_LETTER_FIELD,
      );
    }
    // Anything else comes from parsing a malformed or interrupted multipart body.
    throw badRequest(
      `The upload could not be read (${error instanceof Error ? error.message : 'malformed form data'}).`,
      SIGNED_LETTER_FIELD,
    );
  }
  if (content === undefined || content.byteLength === 0)
    throw badRequest(UploadMessages.fileRequired, SIGNED_LETTER_FIELD);
  return { content, domain };
}
