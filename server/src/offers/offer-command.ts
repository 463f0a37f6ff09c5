import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  findTargetCandidate,
  runCommand,
  UsageError,
  type CandidateTarget,
  type CommandIo,
  type CommandSteps,
} from '../cli/command';
import { candidateTargetOptions, parseOptions, requiredOption } from '../cli/options';
import { SIGNED_LETTER_MAX_BYTES } from '../contract';
import type { Database, DocumentSigning, OfferAcceptance } from '../db/types';
import { commandOutbox } from '../mail/command-mail';
import { loadPdf } from './pdf';
import { offerPagePath, type NewOfferDocument } from './repository';
import { extendOffer } from './service';

export const OFFER_USAGE = `Extends a job offer to a candidate, with one or more PDF documents.

Usage:
  tsx server/src/cli/offer.ts --email <email> --position <name> --document <file.pdf[:Type[:signing]]>...
      [--domain <employer domain>] [--expires <YYYY-MM-DD> | --expires-in-days <N>]
      [--acceptance documents|upload]

Options:
  --email            Candidate's email address (required)
  --position         Position name shown on the offer, for example "Robotics Software Engineer" (required)
  --document         A PDF to attach (required, repeatable, in order). After the path, optionally the
                     document type (default: Offer for the first document, Document for the others) and how
                     it is signed: embedded (typed name in the careers site), esign (the e-sign server) or
                     none (read only). Default: embedded for type Offer, none otherwise.
                     Example: --document letter.pdf:Offer:embedded --document nda.pdf:Policy:esign
  --domain           Employer domain; needed only when several employers have a candidate with this email
  --expires          Last day to answer (the offer expires at the end of that day, UTC)
  --expires-in-days  Days from now until the offer expires (1 to 3650)
  --acceptance       documents (default): sign each document that needs a signature;
                     upload: print, sign and upload the offer letter (exactly one document may need a
                     signature, and none may use esign)
  --help             Show this help

Each document must be a PDF (checked by content, not by name) of at most ${SIGNED_LETTER_MAX_BYTES / (1024 * 1024)} MB.
Creates the candidate's "Job offer" action-required notification and prints the offer's enc_id.
Uses the same database as the server (DATA_DIR or DATABASE_URL) and migrates it first.
Exit codes: 0 created, 1 candidate not found, 2 invalid arguments or documents.`;

const TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9 &/()-]{0,49}$/;
const SIGNINGS: readonly DocumentSigning[] = ['embedded', 'esign', 'none'];
const POSITION_MAX = 200;
const DAY = 24 * 60 * 60 * 1000;

interface DocumentArgument {
  file: string;
  documentType: string;
  signing: DocumentSigning;
}

export interface OfferInput extends CandidateTarget {
  position: string;
  expiresAt: Date | null;
  acceptance: OfferAcceptance;
  documents: DocumentArgument[];
}

/** `file.pdf[:Type[:embedded|esign|none]]`. */
function parseDocumentArgument(spec: string, index: number): DocumentArgument {
  const parts = spec.split(':');
  if (parts.length > 3 || parts[0]!.trim() === '') {
    throw new UsageError(`--document "${spec}" must be file.pdf[:Type[:embedded|esign|none]].`);
  }
  const [file, rawType, rawSigning] = parts as [string, string | undefined, string | undefined];
  const documentType =
    rawType === undefined || rawType.trim() === '' ? (index === 0 ? 'Offer' : 'Document') : rawType.trim();
  if (!TYPE_PATTERN.test(documentType)) {
    throw new UsageError(
      `--document "${spec}": the type "${documentType}" must start with a letter and have at most 50 letters, digits, spaces or & / ( ) -.`,
    );
  }
  let signing: DocumentSigning = documentType.toLowerCase() === 'offer' ? 'embedded' : 'none';
  if (rawSigning !== undefined) {
    if (!SIGNINGS.includes(rawSigning.trim() as DocumentSigning)) {
      throw new UsageError(`--document "${spec}": signing must be embedded, esign or none, got "${rawSigning}".`);
    }
    signing = rawSigning.trim() as DocumentSigning;
  }
  return { file: file.trim(), documentType, signing };
}

/** The end (23:59:59.999 UTC) of a `YYYY-MM-DD` day, or null when the text is not a real date. */
function endOfDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day, 23, 59, 59, 999));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** Parses and validates the command line (not the files); throws `UsageError` naming the argument. */
export function parseOfferArgs(argv: string[], now = new Date()): OfferInput | 'help' {
  const values = parseOptions(argv, {
    email: { type: 'string' },
    domain: { type: 'string' },
    position: { type: 'string' },
    expires: { type: 'string' },
    'expires-in-days': { type: 'string' },
    acceptance: { type: 'string' },
    document: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';

  const { email, domain } = candidateTargetOptions(values);

  const position = requiredOption(values, 'position');
  if (position.length > POSITION_MAX) throw new UsageError(`--position must be at most ${POSITION_MAX} characters.`);

  if (values.expires !== undefined && values['expires-in-days'] !== undefined) {
    throw new UsageError('Use either --expires or --expires-in-days, not both.');
  }
  let expiresAt: Date | null = null;
  if (values.expires !== undefined) {
    const text = String(values.expires).trim();
    expiresAt = endOfDay(text);
    if (!expiresAt) throw new UsageError(`--expires must be a date such as 2026-12-31, got "${text}".`);
    if (expiresAt.getTime() <= now.getTime()) throw new UsageError(`--expires ${text} is in the past.`);
  }
  if (values['expires-in-days'] !== undefined) {
    const text = String(values['expires-in-days']).trim();
    const days = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!(days >= 1 && days <= 3650))
      throw new UsageError(`--expires-in-days must be a whole number from 1 to 3650, got "${text}".`);
    expiresAt = new Date(now.getTime() + days * DAY);
  }

  const acceptance = typeof values.acceptance === 'string' ? values.acceptance.trim() : 'documents';
  if (acceptance !== 'documents' && acceptance !== 'upload') {
    throw new UsageError(`--acceptance must be documents or upload, got "${acceptance}".`);
  }

  const specs = (values.document as string[] | undefined) ?? [];
  if (specs.length === 0) throw new UsageError('--document is required: give at least one PDF.');
  if (specs.length > 20) throw new UsageError('At most 20 documents can be attached to one offer.');
  const documents = specs.map(parseDocumentArgument);
  const signed = documents.filter((document) => document.signing !== 'none');
  if (signed.length === 0) {
    throw new UsageError(
      'At least one document must need a signature (embedded or esign), or the offer could never be accepted.',
    );
  }
  if (acceptance === 'upload') {
    if (signed.length !== 1)
      throw new UsageError(
        'An upload offer has exactly one document to sign (the offer letter); mark the others none.',
      );
    if (signed[0]!.signing === 'esign')
      throw new UsageError(
        'An upload offer cannot use esign: its letter is signed on paper or digitally and uploaded.',
      );
  }
  return { email, domain, position, expiresAt, acceptance, documents };
}

/** A document name from its file name: `offer-letter.pdf` → `Offer letter`. */
export function documentNameOf(file: string): string {
  const base = path
    .basename(file)
    .replace(/\.pdf$/i, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const name = base === '' ? 'Document' : base.charAt(0).toUpperCase() + base.slice(1);
  return name.slice(0, 200);
}

/** Reads and checks every document: exists, is a file, at most the limit, a PDF by content, not encrypted when signed. */
async function readDocuments(documents: DocumentArgument[]): Promise<NewOfferDocument[]> {
  const loaded: NewOfferDocument[] = [];
  for (const document of documents) {
    let info;
    try {
      info = await stat(document.file);
    } catch {
      throw new UsageError(`--document ${document.file}: file not found.`);
    }
    if (!info.isFile()) throw new UsageError(`--document ${document.file}: not a file.`);
    if (info.size > SIGNED_LETTER_MAX_BYTES) {
      throw new UsageError(
        `--document ${document.file}: ${info.size} bytes, more than the ${SIGNED_LETTER_MAX_BYTES / (1024 * 1024)} MB limit.`,
      );
    }
    const content = await readFile(document.file);
    const pdf = await loadPdf(content);
    if (!pdf)
      throw new UsageError(
        `--document ${document.file}: not a PDF (the content must start with %PDF- and be readable).`,
      );
    if (pdf.isEncrypted && document.signing !== 'none') {
      throw new UsageError(
        `--document ${document.file}: encrypted PDFs cannot be signed; use an unencrypted copy or mark it none.`,
      );
    }
    loaded.push({
      name: documentNameOf(document.file),
      documentType: document.documentType,
      signing: document.signing,
      content,
    });
  }
  return loaded;
}

/** Extends the offer to the candidate the input names; throws `TargetError` when there is none. */
async function createOfferFromInput(
  db: Kysely<Database>,
  input: OfferInput,
  documents: NewOfferDocument[],
  now = new Date(),
) {
  const candidate = await findTargetCandidate(db, input);
  const offer = await extendOffer(
    db,
    {
      candidateId: candidate.id,
      domain: candidate.domain,
      positionName: input.position,
      acceptance: input.acceptance,
      expiresAt: input.expiresAt,
      createdAt: now,
      documents,
    },
    { mail: commandOutbox() },
  );
  return { offer, domain: candidate.domain };
}

/** The parsed arguments and the documents they name, read and checked. */
interface CheckedOffer {
  input: OfferInput;
  documents: NewOfferDocument[];
}

const offerSteps: CommandSteps<CheckedOffer> = {
  usage: OFFER_USAGE,
  // The files are read and checked here too: a bad document is an argument error, found before the database opens.
  parse: async (argv) => {
    const input = parseOfferArgs(argv);
    return input === 'help' ? input : { input, documents: await readDocuments(input.documents) };
  },
  execute: async (db, { input, documents }, io) => {
    const { offer, domain } = await createOfferFromInput(db, input, documents);
    io.stdout(offer.enc_id);
    io.stderr(
      `Extended offer ${offer.enc_id} (${offer.position_name}, ${documents.length} document${documents.length === 1 ? '' : 's'}` +
        `${offer.expires_at ? `, expires ${offer.expires_at}` : ''}) to ${input.email} at ${domain}: ${offerPagePath(offer.enc_id, domain)}`,
    );
  },
};

/** The whole operator command; returns the process exit code (0 created, 1 candidate not found, 2 invalid arguments or documents). */
export function runOfferCommand(argv: string[], io: CommandIo): Promise<number> {
  return runCommand(argv, io, offerSteps);
}
