// Measures a DOCX (a ZIP archive) before anything inflates it, in the heavy-work pool. A thread's heap limit does
// not cover ArrayBuffers, and mammoth's ZIP reader inflates entries into ArrayBuffers: a 2.4 MB archive of zeros
// raised the server's memory by 2.1 GB (never given back) and was answered "not a Word document". So the archive
// is refused unless its entry count, the sizes its directory declares and each entry's compression ratio are
// plausible for a Word document, and the sizes it really inflates to are counted while streaming (declared sizes
// can lie), stopping at the cap, before mammoth sees it.
import { Buffer } from 'node:buffer';
import { fromBufferPromise, type Entry } from 'yauzl';

/** The caps of a DOCX resume (README "Security"; decision 008). */
export const DOCX_LIMITS = {
  /** Files inside the archive: a Word document holds a few dozen, a few hundred with many pictures. */
  entries: 1_000,
  /** Bytes of all its files once inflated (declared, then counted while inflating). */
  totalBytes: 32 * 1024 * 1024,
  /** Inflated size over compressed size of one file, checked for files over `ratioFromBytes`. */
  ratio: 100,
  ratioFromBytes: 1024 * 1024,
} as const;

const MB = 1024 * 1024;
const WORD_DOCUMENT = 'a Word document (.docx)';

/** An entry's name for a message: printable, at most 80 characters. */
const shown = (name: string) => `"${name.replace(/[^\x20-\x7e]/g, '?').slice(0, 80)}"`;

/** Null when the archive is within the caps, else why not (a phrase following "the file"). */
export async function measureDocx(bytes: Uint8Array): Promise<{ refusal?: string } | null> {
  let zip;
  try {
    zip = await fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    // Not a ZIP archive at all: the caller answers that it is not a Word document.
    return {};
  }
  try {
    if (zip.entryCount > DOCX_LIMITS.entries) {
      return {
        refusal: `holds ${zip.entryCount} files; ${WORD_DOCUMENT} may hold at most ${DOCX_LIMITS.entries}.`,
      };
    }
    // First the central directory only: nothing is inflated yet.
    const entries: Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      entries.push(entry);
      declared += entry.uncompressedSize;
      if (declared > DOCX_LIMITS.totalBytes) {
        return {
          refusal: `would unpack to more than ${DOCX_LIMITS.totalBytes / MB} MB; ${WORD_DOCUMENT} may unpack to at most ${DOCX_LIMITS.totalBytes / MB} MB.`,
        };
      }
      if (
        entry.uncompressedSize > DOCX_LIMITS.ratioFromBytes &&
        entry.uncompressedSize > DOCX_LIMITS.ratio * Math.max(1, entry.compressedSize)
      ) {
        const ratio = Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize));
        return {
          refusal: `holds ${shown(entry.fileName)}, compressed ${ratio} to 1; ${WORD_DOCUMENT} may be compressed at most ${DOCX_LIMITS.ratio} to 1.`,
        };
      }
    }
    // Then what the entries really inflate to, streamed in small chunks and counted: yauzl stops an entry that
    // inflates past the size it declares, and the total stops at the cap.
    let inflated = 0;
    for (const entry of entries) {
      if (entry.isEncrypted()) return { refusal: `holds the encrypted file ${shown(entry.fileName)}.` };
      const stream = await zip.openReadStreamPromise(entry);
      try {
        for await (const chunk of stream) {
          inflated += (chunk as Buffer).byteLength;
          if (inflated > DOCX_LIMITS.totalBytes) {
            return {
              refusal: `unpacks to more than ${DOCX_LIMITS.totalBytes / MB} MB; ${WORD_DOCUMENT} may unpack to at most ${DOCX_LIMITS.totalBytes / MB} MB.`,
            };
          }
        }
      } catch (error) {
        if (error instanceof Error && /too many bytes/i.test(error.message)) {
          return { refusal: `holds ${shown(entry.fileName)}, which unpacks to more than the size it declares.` };
        }
        return {};
      } finally {
        stream.destroy();
      }
    }
    return null;
  } catch {
    return {};
  } finally {
    zip.close();
  }
}
