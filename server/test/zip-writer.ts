import { crc32, deflateRawSync } from 'node:zlib';

/** One file of a ZIP archive built for a test; `declaredSize` lies about the inflated size when set. */
export interface ZipEntry {
  name: string;
  /** The bytes stored (deflated unless `stored`). */
  data?: Buffer;
  /** Already deflated bytes, with the real inflated size and CRC (to build a bomb without inflating it here). */
  deflated?: { bytes: Buffer; size: number; crc: number };
  declaredSize?: number;
}

/**
 * A ZIP archive (what a DOCX is), written by hand: local headers, deflated data, central directory. Small enough
 * to read, and able to lie about sizes, which no archiver will do for a test.
 */
function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.data ?? Buffer.alloc(0);
    const compressed = entry.deflated?.bytes ?? deflateRawSync(data);
    const size = entry.declaredSize ?? entry.deflated?.size ?? data.byteLength;
    const crc = entry.deflated?.crc ?? crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.byteLength, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + compressed.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `megabytes` MB of zeros deflated, built from one deflated megabyte repeated (each a non-final block), so a test
 * gets a bomb's bytes without holding what it inflates to. `crc: false` leaves the CRC 0 (no reader checks it) to
 * spare computing it over gigabytes.
 */
export function deflatedZeros(
  megabytes: number,
  options: { crc?: boolean } = {},
): { bytes: Buffer; size: number; crc: number } {
  const MB = 1024 * 1024;
  const zeros = Buffer.alloc(MB);
  // A fully flushed block of zeros ends on a byte boundary, so copies of it follow each other; an empty final block
  // closes the stream.
  const block = deflateRawSync(zeros, { finishFlush: 3 /* Z_FULL_FLUSH */ });
  const last = deflateRawSync(Buffer.alloc(0));
  let crc = 0;
  if (options.crc !== false) for (let done = 0; done < megabytes; done += 1) crc = crc32(zeros, crc);
  return { bytes: Buffer.concat([...Array.from({ length: megabytes }, () => block), last]), size: megabytes * MB, crc };
}

/** A minimal Word document whose body is `paragraphs` (one `<w:p>` each); an `extra` entry of the same name replaces
 * one of its parts (a bomb as `word/document.xml`, the part every reader inflates). */
export function buildDocx(paragraphs: string[], extra: ZipEntry[] = []): Buffer {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${escape(text)}</w:t></w:r></w:p>`);
  const replaced = new Set(extra.map((entry) => entry.name));
  const parts: ZipEntry[] = [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
          '</Relationships>',
      ),
    },
    {
      name: 'word/document.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
          body.join('') +
          '</w:body></w:document>',
      ),
    },
  ];
  return buildZip([...parts.filter((part) => !replaced.has(part.name)), ...extra]);
}
