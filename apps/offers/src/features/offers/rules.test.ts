import type { OfferStatus } from '@careers/shared/contract';
import { i18n } from '@careers/shared';
import { setupI18n } from '../../test/render';
import { DAY, HOUR, makeDocument, makeOffer } from '../../test/fixtures';
import {
  daysUntilExpiry,
  displayStatus,
  documentAction,
  documentStatusLine,
  documentTypeTone,
  isExpired,
  isLive,
  letterType,
  offerDateLine,
  offerLetterDocument,
  showsActionRequired,
  STATUS_LABEL_KEYS,
  SUB_TEXT_KEYS,
  type DisplayStatus,
} from './rules';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const t = (key: string, options?: Record<string, unknown>) => i18n.getFixedT('en', 'offers')(key, options);

beforeAll(async () => {
  await setupI18n('en');
});

describe('displayed status', () => {
  it('derives Expired from Extended with a past expiry only', () => {
    expect(displayStatus(makeOffer({ status: 'Extended', expires_at: at(-1) }), NOW)).toBe('Expired');
    expect(displayStatus(makeOffer({ status: 'Extended', expires_at: at(0) }), NOW)).toBe('Expired');
    expect(displayStatus(makeOffer({ status: 'Extended', expires_at: at(1) }), NOW)).toBe('Extended');
    expect(displayStatus(makeOffer({ status: 'Extended', expires_at: null }), NOW)).toBe('Extended');
    for (const status of [
      'Accepted',
      'Declined',
      'Canceled',
      'Rejected',
      'Contract Accepted',
      'Contract Extended',
    ] as OfferStatus[]) {
      expect(displayStatus(makeOffer({ status, expires_at: at(-DAY) }), NOW)).toBe(status);
      expect(isExpired(makeOffer({ status, expires_at: at(-DAY) }), NOW)).toBe(false);
    }
  });

  it('is live only when Extended and unexpired', () => {
    expect(isLive(makeOffer({ expires_at: at(HOUR) }), NOW)).toBe(true);
    expect(isLive(makeOffer({ expires_at: null }), NOW)).toBe(true);
    expect(isLive(makeOffer({ expires_at: at(-HOUR) }), NOW)).toBe(false);
    expect(isLive(makeOffer({ status: 'Contract Extended', expires_at: null }), NOW)).toBe(false);
  });

  it.each<[DisplayStatus, string]>([
    ['Extended', 'Offer extended'],
    ['Declined', 'Offer declined'],
    ['Accepted', 'Offer accepted'],
    ['Canceled', 'Offer canceled'],
    ['Expired', 'Offer expired'],
    ['Rejected', 'Offer rejected'],
    ['Contract Accepted', 'Contract accepted'],
    ['Contract Extended', 'Contract extended'],
  ])('labels %s as "%s"', (status, label) => {
    expect(t(STATUS_LABEL_KEYS[status])).toBe(label);
  });

  it.each<[DisplayStatus, string]>([
    ['Expired', 'The job offer has expired. Review your offer letter in the attached document.'],
    [
      'Extended',
      "Congratulations! We're excited to extend a job offer. Review your offer letter in the attached document and sign electronically when ready",
    ],
  ])('has the exact sub text for %s', (status, text) => {
    expect(t(SUB_TEXT_KEYS[status])).toBe(text);
  });

  it.each<[DisplayStatus, string]>([
    ['Accepted', "Congratulations! You've accepted the job offer"],
    ['Declined', "You've declined the job offer"],
    ['Canceled', 'The job offer has been canceled'],
  ])('starts the %s sub text with the given words', (status, start) => {
    expect(t(SUB_TEXT_KEYS[status]).startsWith(start)).toBe(true);
  });
});

describe('Action required and expiry', () => {
  it('shows Action required only for Extended, unexpired offers with an expiry', () => {
    expect(showsActionRequired(makeOffer({ expires_at: at(DAY) }), NOW)).toBe(true);
    expect(showsActionRequired(makeOffer({ expires_at: null }), NOW)).toBe(false);
    expect(showsActionRequired(makeOffer({ expires_at: at(-1) }), NOW)).toBe(false);
    expect(showsActionRequired(makeOffer({ status: 'Accepted', expires_at: at(DAY) }), NOW)).toBe(false);
  });

  it('counts full days left, and at least 1 while unexpired', () => {
    expect(daysUntilExpiry({ expires_at: at(1000) }, NOW)).toBe(1);
    expect(daysUntilExpiry({ expires_at: at(2 * HOUR) }, NOW)).toBe(1);
    expect(daysUntilExpiry({ expires_at: at(DAY) }, NOW)).toBe(1);
    expect(daysUntilExpiry({ expires_at: at(DAY + HOUR) }, NOW)).toBe(1);
    expect(daysUntilExpiry({ expires_at: at(2 * DAY + HOUR) }, NOW)).toBe(2);
    expect(daysUntilExpiry({ expires_at: at(5 * DAY - HOUR) }, NOW)).toBe(4);
    expect(daysUntilExpiry({ expires_at: at(0) }, NOW)).toBeNull();
    expect(daysUntilExpiry({ expires_at: null }, NOW)).toBeNull();
    expect(daysUntilExpiry({ expires_at: 'not a date' }, NOW)).toBeNull();
  });

  it('words the expiry in whole days, 1 day in the singular', () => {
    expect(t('list.expiresIn', { count: 1 })).toBe('Expires in 1 day');
    expect(t('list.expiresIn', { count: 2 })).toBe('Expires in 2 days');
    expect(t('list.expiresIn', { count: 30 })).toBe('Expires in 30 days');
  });

  it('dates the list card by expiry for Extended offers, else by last update', () => {
    expect(offerDateLine(makeOffer({ expires_at: at(DAY) }), NOW)).toEqual({ key: 'dates.expires', date: at(DAY) });
    expect(offerDateLine(makeOffer({ expires_at: at(-DAY) }), NOW)).toEqual({ key: 'dates.expired', date: at(-DAY) });
    expect(offerDateLine(makeOffer({ expires_at: null, updated_at: at(-DAY) }), NOW)).toEqual({
      key: 'dates.lastUpdated',
      date: at(-DAY),
    });
    expect(offerDateLine(makeOffer({ status: 'Accepted', expires_at: at(DAY), updated_at: at(-HOUR) }), NOW)).toEqual({
      key: 'dates.lastUpdated',
      date: at(-HOUR),
    });
  });
});

describe('document action button', () => {
  const live = makeOffer({ expires_at: at(DAY) });
  const expired = makeOffer({ expires_at: at(-DAY) });

  it('is a primary Start for Pending or Unsigned documents of a live offer', () => {
    expect(documentAction(live, makeDocument({ status: 'Unsigned' }), NOW)).toEqual({ kind: 'start', disabled: false });
    expect(documentAction(live, makeDocument({ status: 'Pending' }), NOW)).toEqual({ kind: 'start', disabled: true });
  });

  it('is a View for Signed and Read Only documents, and for every document of an expired or closed offer', () => {
    expect(documentAction(live, makeDocument({ status: 'Signed', signed: true }), NOW)).toEqual({
      kind: 'view',
      disabled: false,
    });
    expect(documentAction(live, makeDocument({ status: 'Read Only' }), NOW)).toEqual({ kind: 'view', disabled: false });
    expect(documentAction(expired, makeDocument({ status: 'Unsigned' }), NOW)).toEqual({
      kind: 'view',
      disabled: false,
    });
    expect(documentAction(expired, makeDocument({ status: 'Pending' }), NOW)).toEqual({ kind: 'view', disabled: true });
    for (const status of ['Accepted', 'Declined', 'Canceled', 'Contract Extended'] as OfferStatus[]) {
      expect(documentAction(makeOffer({ status }), makeDocument({ status: 'Unsigned' }), NOW).kind).toBe('view');
    }
  });

  it('is disabled when Pending, or Signed without the signed flag', () => {
    expect(documentAction(live, makeDocument({ status: 'Signed', signed: false }), NOW).disabled).toBe(true);
    expect(documentAction(live, makeDocument({ status: 'Signed', signed: true }), NOW).disabled).toBe(false);
    expect(documentAction(live, makeDocument({ status: 'Unsigned', signed: false }), NOW).disabled).toBe(false);
  });
});

describe('document status line', () => {
  const line = (offerExpires: string | null, doc: Parameters<typeof makeDocument>[0]) =>
    documentStatusLine(makeOffer({ expires_at: offerExpires }), makeDocument(doc), NOW);

  it('Unsigned: Expires / Expired with the offer’s expiry, or yet to be signed', () => {
    expect(line(at(DAY), { status: 'Unsigned' })).toEqual({ key: 'dates.expires', date: at(DAY) });
    expect(line(at(-DAY), { status: 'Unsigned' })).toEqual({ key: 'dates.expired', date: at(-DAY) });
    expect(line(null, { status: 'Unsigned' })).toEqual({ key: 'documentStatus.yetToBeSigned' });
    expect(t('documentStatus.yetToBeSigned')).toBe('Document is yet to be signed');
  });

  it('Pending: being processed without an expiry, else Last updated', () => {
    expect(line(null, { status: 'Pending' })).toEqual({ key: 'documentStatus.processing' });
    expect(line(at(DAY), { status: 'Pending', updated_at: at(-HOUR) })).toEqual({
      key: 'dates.lastUpdated',
      date: at(-HOUR),
    });
    expect(t('documentStatus.processing')).toBe('Document is being processed');
  });

  it('Signed: signed, or signed and being generated when there is no content', () => {
    expect(line(null, { status: 'Signed', signed: true, s3_path: '/x.pdf' })).toEqual({ key: 'documentStatus.signed' });
    expect(line(null, { status: 'Signed', signed: true, s3_path: null, b64_string: 'JVBERi0=' })).toEqual({
      key: 'documentStatus.signed',
    });
    expect(line(null, { status: 'Signed', signed: false, s3_path: null })).toEqual({
      key: 'documentStatus.signedGenerating',
    });
    expect(t('documentStatus.signed')).toBe('Document has been signed');
    expect(t('documentStatus.signedGenerating')).toBe('Document has been signed. Signed document is being generated.');
  });

  it('Read Only: Last updated', () => {
    expect(line(at(DAY), { status: 'Read Only', updated_at: at(-DAY) })).toEqual({
      key: 'dates.lastUpdated',
      date: at(-DAY),
    });
    expect(line(null, { status: 'Read Only', updated_at: at(-DAY) })).toEqual({
      key: 'dates.lastUpdated',
      date: at(-DAY),
    });
    expect(t('dates.lastUpdated', { date: '03/09/2025' })).toBe('Last updated 03/09/2025');
    expect(t('dates.expires', { date: '03/11/2025' })).toBe('Expires 03/11/2025');
    expect(t('dates.expired', { date: '03/09/2025' })).toBe('Expired 03/09/2025');
  });
});

describe('letter type', () => {
  const live = makeOffer({ expires_at: at(DAY) });

  it('e-sign: live Extended, with a url, not signed', () => {
    expect(letterType(live, makeDocument({ url: 'https://esign.example/s/1' }), NOW)).toBe('esign');
  });

  it('embedded: live Extended, no url, not signed', () => {
    expect(letterType(live, makeDocument({ url: null }), NOW)).toBe('embedded');
    expect(letterType(makeOffer({ expires_at: null }), makeDocument({ url: null, status: 'Pending' }), NOW)).toBe(
      'embedded',
    );
  });

  it('read-only otherwise', () => {
    expect(letterType(live, makeDocument({ signed: true, status: 'Signed' }), NOW)).toBe('readonly');
    expect(letterType(live, makeDocument({ url: 'https://esign.example/s/1', signed: true }), NOW)).toBe('readonly');
    expect(letterType(makeOffer({ expires_at: at(-DAY) }), makeDocument(), NOW)).toBe('readonly');
    expect(letterType(makeOffer({ status: 'Accepted' }), makeDocument(), NOW)).toBe('readonly');
    expect(letterType(makeOffer({ status: 'Declined' }), makeDocument({ url: 'https://esign.example/s/1' }), NOW)).toBe(
      'readonly',
    );
  });

  it('read-only for documents whose status needs no signature, and for an upload offer’s letter', () => {
    expect(letterType(live, makeDocument({ status: 'Read Only' }), NOW)).toBe('readonly');
    expect(letterType(live, makeDocument({ status: 'Signed', signed: false }), NOW)).toBe('readonly');
    const uploadOffer = makeOffer({ acceptance: 'upload', expires_at: at(DAY) });
    expect(letterType(uploadOffer, makeDocument({ document_type: 'Offer' }), NOW)).toBe('readonly');
    expect(letterType(uploadOffer, makeDocument({ document_type: 'Benefits' }), NOW)).toBe('embedded');
  });
});

describe('documents', () => {
  it('tags the Offer type blue-green and the others violet', () => {
    expect(documentTypeTone('Offer')).toBe('teal');
    expect(documentTypeTone('Benefits')).toBe('violet');
    expect(documentTypeTone('Policy')).toBe('violet');
  });

  it('finds the offer letter of an upload offer', () => {
    const letter = makeDocument({ id: 2, document_type: 'Offer' });
    const other = makeDocument({ id: 1, document_type: 'Policy' });
    expect(offerLetterDocument(makeOffer({ offer_documents: [other, letter] }))).toBe(letter);
    expect(offerLetterDocument(makeOffer({ offer_documents: [other] }))).toBe(other);
    expect(offerLetterDocument(makeOffer({ offer_documents: [] }))).toBeUndefined();
  });
});
