import type { Offer, OfferDocument } from '@careers/shared/contract';

export const DAY = 24 * 60 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;

/** An ISO date `ms` from now. */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

export function makeDocument(overrides: Partial<OfferDocument> = {}): OfferDocument {
  return {
    id: 11,
    name: 'Offer letter',
    status: 'Unsigned',
    updated_at: '2025-02-03T15:00:00Z',
    signed: false,
    url: null,
    b64_string: null,
    s3_path: '/api/offer/files/letter-11.pdf',
    document_type: 'Offer',
    ...overrides,
  };
}

export function makeOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 1,
    enc_id: 'offerAbc123',
    status: 'Extended',
    position: { name: 'Robotics Engineer' },
    updated_at: '2025-02-01T15:00:00Z',
    expires_at: fromNow(3 * DAY - HOUR),
    acceptance: 'documents',
    offer_documents: [makeDocument()],
    ...overrides,
  };
}
