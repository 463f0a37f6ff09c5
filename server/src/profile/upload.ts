import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { RESUME_MAX_BYTES } from '../contract';
import { badRequest, HttpError, ServerErrorCodes } from '../http/errors';

/** The form fields of upload_resume. */
export interface ResumeForm {
  fileName: string;
  content: string;
  domain: string | undefined;
}

const FIELDS = ['resume_file_name', 'resume_content', 'domain'] as const;
/** The longest `resume_content`: a base64 data URL of RESUME_MAX_BYTES with room for its header. */
const RESUME_FIELD_MAX_CHARS = Math.ceil(RESUME_MAX_BYTES / 3) * 4 + 256;
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

export const resumeTooLarge = () =>
  new HttpError(
    413,
    ServerErrorCodes.payloadTooLarge,
    `The resume is too large. The largest accepted file is ${RESUME_MAX_BYTES / (1024 * 1024)} MB.`,
    { field: 'resume_content', headers: { connection: 'close' } },
  );

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // discard
  }
}

/**
 * Reads upload_resume's multipart/form-data: the text fields `resume_file_name`, `resume_content` (a data URL) and
 * optional `domain`, each once. A file part or another field is refused (400 naming it), a body past the limit 413.
 */
export async function readResumeForm(request: FastifyRequest): Promise<ResumeForm> {
  if (!request.isMultipart()) {
    throw new HttpError(
      415,
      ServerErrorCodes.unsupportedMediaType,
      'Send the resume as multipart/form-data with the fields "resume_file_name", "resume_content" and "domain".',
      { field: 'resume_content' },
    );
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > RESUME_FIELD_MAX_CHARS + MULTIPART_OVERHEAD_BYTES) throw resumeTooLarge();

  const values: Partial<Record<(typeof FIELDS)[number], string>> = {};
  try {
    const parts = request.parts({
      limits: {
        fields: FIELDS.length,
        fieldSize: RESUME_FIELD_MAX_CHARS,
        fieldNameSize: 100,
        files: 1,
        parts: FIELDS.length + 1,
        headerPairs: 50,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        await drain(part.file);
        throw badRequest(
          `body/${part.fieldname} must be a text field: send the resume as a data URL in "resume_content".`,
          part.fieldname,
        );
      }
      const name = part.fieldname as (typeof FIELDS)[number];
      if (!FIELDS.includes(name)) throw badRequest(`body/${part.fieldname} is not an accepted field`, part.fieldname);
      if (part.valueTruncated) {
        if (name === 'resume_content') throw resumeTooLarge();
        throw badRequest(`body/${name} is too long`, name);
      }
      if (values[name] !== undefined || typeof part.value !== 'string')
        throw badRequest(`body/${name} must be a single text value`, name);
      values[name] = part.value;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest(
        'Send only the fields "resume_file_name", "resume_content" and, optionally, "domain".',
        'resume_content',
      );
    }
    throw badRequest(
      `The upload could not be read (${error instanceof Error ? error.message : 'malformed form data'}).`,
      'resume_content',
    );
  }
  const fileName = values.resume_file_name?.trim() ?? '';
  if (fileName === '' || fileName.length > 255)
    throw badRequest('body/resume_file_name must be the file name (1 to 255 characters).', 'resume_file_name');
  if (!values.resume_content)
    throw badRequest('body/resume_content must be the resume as a data URL.', 'resume_content');
  return { fileName, content: values.resume_content, domain: values.domain };
}
