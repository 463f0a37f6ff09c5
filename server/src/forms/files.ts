import { loadPdf } from '../offers/pdf';

/**
 * What an uploaded file's bytes must start with, by extension: a file is accepted only when its content is what its
 * name says (a PDF must parse as a PDF). Extensions missing here cannot be checked, so they are refused.
 */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean | Promise<boolean>> = {
  pdf: async (bytes) => (await loadPdf(bytes)) !== null,
  // Word 97-2003, Excel and PowerPoint: OLE compound file.
  doc: (bytes) => startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  xls: (bytes) => startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  ppt: (bytes) => startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  // Office Open XML and OpenDocument: a ZIP archive.
  docx: isZip,
  xlsx: isZip,
  pptx: isZip,
  odt: isZip,
  png: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  jpeg: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  gif: (bytes) =>
    bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a',
  rtf: (bytes) => bytes.subarray(0, 5).toString('latin1') === '{\\rtf',
  txt: isText,
  csv: isText,
};

function startsWith(bytes: Buffer, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function isZip(bytes: Buffer): boolean {
  return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
}

/** Text: valid UTF-8 without NUL bytes. */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a file's base64 content (no data-URL prefix, standard alphabet, padded), or null when it is not base64. */
function decodeContent(content: string): Buffer | null {
  if (content.length % 4 !== 0 || !BASE64.test(content)) return null;
  return Buffer.from(content, 'base64');
}

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** What is wrong with an uploaded file's content: not base64, a size that is not its content's, or another type. */
export type FileProblem = 'notBase64' | 'sizeMismatch' | 'unchecked' | 'notItsType';

/** Checks one uploaded file's content against its declared size and its name's extension; null when it is fine. */
export async function fileProblem(file: { name: string; size: number; content: string }): Promise<FileProblem | null> {
  const bytes = decodeContent(file.content);
  if (!bytes) return 'notBase64';
  if (bytes.length !== file.size) return 'sizeMismatch';
  const check = SIGNATURES[extensionOf(file.name)];
  if (!check) return 'unchecked';
  return (await check(bytes)) ? null : 'notItsType';
}
