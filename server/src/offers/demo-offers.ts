import type { Kysely } from 'kysely';
import type { Candidate } from '../candidates/repository';
import type { Database, StoredOfferStatus } from '../db/types';
import { DEFAULT_LANGUAGE } from '../i18n';
import { benefitsSummaryPdf, offerLetterPdf, policyPdf } from './demo-documents';
import { stampSignature } from './pdf';
import { stampTexts } from './stamp-texts';
import { createOfferRepository, type NewOfferDocument } from './repository';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const longDate = (date: Date) => `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;

/** One demo offer: what it is, when, and its documents (made into PDFs by `prepareDemoOffers`). */
interface DemoOffer {
  position: string;
  salary: string;
  location: string;
  status: StoredOfferStatus;
  acceptance: 'documents' | 'upload';
  createdAgo: number;
  updatedAgo?: number;
  /** Milliseconds from now (negative: already past); null: no expiry. */
  expiresIn: number | null;
  documents: Array<'letter' | 'signed-letter' | 'benefits' | 'policy' | 'pending-relocation'>;
}

/** Casey's offers: every status and every letter variant. Newest first. */
const CASEY_OFFERS: DemoOffer[] = [
  {
    position: 'Robotics Software Engineer',
    salary: '$128,000 CAD',
    location: 'Toronto, ON (hybrid)',
    status: 'Extended',
    acceptance: 'documents',
    createdAgo: 2 * HOUR,
    expiresIn: 14 * DAY,
    documents: ['letter', 'benefits', 'policy'],
  },
  {
    position: 'Senior Controls Engineer',
    salary: '$141,500 CAD',
    location: 'Waterloo, ON',
    status: 'Extended',
    acceptance: 'upload',
    createdAgo: 1 * DAY,
    expiresIn: 10 * DAY,
    documents: ['letter', 'benefits'],
  },
  {
    position: 'Field Service Technician',
    salary: '$72,000 CAD',
    location: 'Calgary, AB (travel up to 50%)',
    status: 'Extended',
    acceptance: 'documents',
    createdAgo: 6 * DAY,
    // "Expires in 1 day": one day and a few minutes from now.
    expiresIn: 1 * DAY + 5 * MINUTE,
    documents: ['letter', 'pending-relocation'],
  },
  {
    position: 'Warehouse Automation Technician',
    salary: '$68,500 CAD',
    location: 'Mississauga, ON',
    status: 'Extended',
    acceptance: 'documents',
    createdAgo: 20 * DAY,
    expiresIn: -3 * DAY,
    documents: ['letter'],
  },
  {
    position: 'Manufacturing Test Engineer',
    salary: '$98,000 CAD',
    location: 'Toronto, ON',
    status: 'Accepted',
    acceptance: 'documents',
    createdAgo: 40 * DAY,
    updatedAgo: 36 * DAY,
    expiresIn: -26 * DAY,
    documents: ['signed-letter', 'benefits'],
  },
  {
    position: 'Hardware Design Engineer',
    salary: '$112,000 CAD',
    location: 'Ottawa, ON',
    status: 'Declined',
    acceptance: 'documents',
    createdAgo: 60 * DAY,
    updatedAgo: 55 * DAY,
    expiresIn: -46 * DAY,
    documents: ['letter'],
  },
  {
    position: 'Quality Assurance Analyst',
    salary: '$76,000 CAD',
    location: 'Montréal, QC',
    status: 'Canceled',
    acceptance: 'documents',
    createdAgo: 90 * DAY,
    updatedAgo: 84 * DAY,
    expiresIn: null,
    documents: ['letter'],
  },
];

/** Olive's own offer, for isolation checks. */
const OLIVE_OFFERS: DemoOffer[] = [
  {
    position: 'Warehouse Automation Lead',
    salary: '$104,000 CAD',
    location: 'Montréal, QC',
    status: 'Extended',
    acceptance: 'documents',
    createdAgo: 3 * HOUR,
    expiresIn: 21 * DAY,
    documents: ['letter'],
  },
];

/** A prepared offer: rows to insert, PDFs already made (outside the seeding transaction). */
interface PreparedOffer {
  spec: DemoOffer;
  documents: NewOfferDocument[];
}

/** Makes the demo PDFs (pdf-lib) for each person's offers. */
export async function prepareDemoOffers(
  people: Array<{ key: 'casey' | 'olive'; name: string }>,
  companyName: string,
  now: Date,
) {
  const [benefits, policy] = await Promise.all([benefitsSummaryPdf(companyName, 20), policyPdf(companyName)]);
  const prepared = new Map<'casey' | 'olive', PreparedOffer[]>();
  for (const person of people) {
    const list: PreparedOffer[] = [];
    for (const spec of person.key === 'casey' ? CASEY_OFFERS : OLIVE_OFFERS) {
      const start = new Date(now.getTime() - spec.createdAgo + 35 * DAY);
      const letter = await offerLetterPdf({
        companyName,
        candidateName: person.name,
        positionName: spec.position,
        salary: spec.salary,
        startDate: longDate(start),
        location: spec.location,
        notes:
          spec.acceptance === 'upload'
            ? [
                'Please print this letter, sign it by hand or digitally, and upload the signed copy in the careers site.',
              ]
            : undefined,
      });
      const documents: NewOfferDocument[] = [];
      for (const kind of spec.documents) {
        if (kind === 'letter')
          documents.push({ name: 'Offer letter', documentType: 'Offer', signing: 'embedded', content: letter });
        if (kind === 'signed-letter') {
          const signedAt = new Date(now.getTime() - (spec.updatedAgo ?? spec.createdAgo));
          const stamp = { signerName: person.name, signedAt, documentName: 'Offer letter', method: 'typed' as const };
          documents.push({
            name: 'Offer letter',
            documentType: 'Offer',
            signing: 'embedded',
            content: letter,
            signedContent: await stampSignature(letter, stamp, stampTexts(stamp, DEFAULT_LANGUAGE), DEFAULT_LANGUAGE),
            signedAt,
          });
        }
        if (kind === 'benefits')
          documents.push({ name: 'Benefits summary', documentType: 'Benefits', signing: 'none', content: benefits });
        if (kind === 'policy') {
          documents.push({
            name: 'Confidentiality and invention assignment agreement',
            documentType: 'Policy',
            signing: 'esign',
            content: policy,
          });
        }
        if (kind === 'pending-relocation') {
          // Still being prepared: Pending, no content yet.
          documents.push({
            name: 'Relocation package',
            documentType: 'Relocation',
            signing: 'none',
            content: null,
            status: 'Pending',
          });
        }
      }
      list.push({ spec, documents });
    }
    prepared.set(person.key, list);
  }
  return prepared;
}

/** Inserts the prepared demo offers (inside the seeding transaction; no notifications: the seed has its own). */
export async function insertDemoOffers(
  trx: Kysely<Database>,
  prepared: Awaited<ReturnType<typeof prepareDemoOffers>>,
  people: Array<{ key: 'casey' | 'olive'; candidate: Pick<Candidate, 'id' | 'domain' | 'firstName' | 'lastName'> }>,
  now: Date,
): Promise<void> {
  const offers = createOfferRepository(trx);
  for (const person of people) {
    // Oldest first, so ids follow creation time.
    for (const { spec, documents } of [...(prepared.get(person.key) ?? [])].reverse()) {
      await offers.create({
        candidateId: person.candidate.id,
        domain: person.candidate.domain,
        positionName: spec.position,
        acceptance: spec.acceptance,
        status: spec.status,
        expiresAt: spec.expiresIn === null ? null : new Date(now.getTime() + spec.expiresIn),
        createdAt: new Date(now.getTime() - spec.createdAgo),
        updatedAt: new Date(now.getTime() - (spec.updatedAgo ?? spec.createdAgo)),
        documents,
      });
    }
  }
}
