import { formatOfferDate } from './dates';
import { failureToast, isMissing } from './errors';
import { checkSignedLetter, isPdf, sizeParts } from './uploadRules';
import { documentHref, matchRoute, paths } from './routes';
import { makeDocument, makeOffer } from '../../test/fixtures';

describe('formatOfferDate', () => {
  it('formats MM/DD/YYYY in the candidate’s local time', () => {
    const local = new Date(2025, 0, 5, 9, 30); // 5 January 2025, 09:30 local
    expect(formatOfferDate(local.toISOString())).toBe('01/05/2025');
    expect(formatOfferDate(new Date(2025, 11, 31, 23, 59).toISOString())).toBe('12/31/2025');
  });

  it('gives nothing for a missing or broken date', () => {
    expect(formatOfferDate(null)).toBe('');
    expect(formatOfferDate('nope')).toBe('');
  });
});

describe('failureToast', () => {
  const fallback = 'Something went wrong when rejecting the offer';

  it('uses the server message when there is one', () => {
    expect(failureToast({ status: 409, kind: 'http', message: 'The offer is no longer open.' }, fallback)).toBe(
      'The offer is no longer open.',
    );
  });

  it('falls back when the HTTP layer wrote the message, or there is none', () => {
    expect(
      failureToast(
        {
          status: 0,
          kind: 'network',
          message: 'There was a problem with the request',
          messageKey: 'http.requestProblem',
        },
        fallback,
      ),
    ).toBe(fallback);
    expect(failureToast({ status: 500, kind: 'http', message: '' }, fallback)).toBe(fallback);
    expect(failureToast(undefined, fallback)).toBe(fallback);
  });

  it('adds nothing when the failure was already announced or the request was cancelled', () => {
    for (const kind of ['sessionTimedOut', 'invalidCsrf', 'rateLimited', 'serverError', 'unexpected', 'aborted']) {
      expect(failureToast({ status: 429, kind, message: 'x', messageKey: 'http.rateLimited' }, fallback)).toBeNull();
    }
  });

  it('treats 400, 403 and 404 as a missing offer', () => {
    expect(isMissing({ status: 404 })).toBe(true);
    expect(isMissing({ status: 400 })).toBe(true);
    expect(isMissing({ status: 403 })).toBe(true);
    expect(isMissing({ status: 500 })).toBe(false);
    expect(isMissing(undefined)).toBe(false);
  });
});

describe('signed letter checks', () => {
  const pdf = (size = 1000, name = 'signed.pdf', type = 'application/pdf') => ({ name, size, type });

  it('requires exactly one file', () => {
    expect(checkSignedLetter([])).toBe('required');
    expect(checkSignedLetter([pdf(), pdf()])).toBe('tooMany');
    expect(checkSignedLetter([pdf()])).toBeNull();
  });

  it('accepts a PDF by type or by .pdf name', () => {
    expect(isPdf({ name: 'scan', type: 'application/pdf' })).toBe(true);
    expect(isPdf({ name: 'SCAN.PDF', type: '' })).toBe(true);
    expect(isPdf({ name: 'scan.png', type: 'image/png' })).toBe(false);
    expect(checkSignedLetter([pdf(1000, 'letter.docx', 'application/msword')])).toBe('notPdf');
  });

  it('rejects empty files and files over 10 MB', () => {
    expect(checkSignedLetter([pdf(0)])).toBe('empty');
    expect(checkSignedLetter([pdf(10 * 1024 * 1024)])).toBeNull();
    expect(checkSignedLetter([pdf(10 * 1024 * 1024 + 1)])).toBe('tooLarge');
  });

  it('words sizes in KB and MB', () => {
    expect(sizeParts(2048)).toEqual({ unit: 'kb', value: '2' });
    expect(sizeParts(100)).toEqual({ unit: 'kb', value: '1' });
    expect(sizeParts(2.5 * 1024 * 1024)).toEqual({ unit: 'mb', value: '2.5' });
  });
});

describe('routes', () => {
  it('matches the four pages and nothing else', () => {
    expect(matchRoute('/careers/offers')).toEqual({ name: 'offers' });
    expect(matchRoute('/careers/offers/')).toEqual({ name: 'offers' });
    expect(matchRoute('/careers/offer/abc_12-3')).toEqual({ name: 'offer', id: 'abc_12-3' });
    expect(matchRoute('/careers/offer/abc123/offer-document/42')).toEqual({
      name: 'document',
      id: 'abc123',
      documentId: 42,
    });
    expect(matchRoute('/careers/offer/abc123/offer-document/x1')).toEqual({
      name: 'document',
      id: 'abc123',
      documentId: null,
    });
    expect(matchRoute('/careers/offer-letter/abc123')).toEqual({ name: 'letter', id: 'abc123' });
    expect(matchRoute('/careers/offer')).toBeNull();
    expect(matchRoute('/careers/offers/abc')).toBeNull();
    expect(matchRoute('/careers/offer/a%20b')).toBeNull();
    expect(matchRoute('/careers')).toBeNull();
  });

  it('builds offer paths with the domain', () => {
    expect(paths.offers('acme.example')).toBe('/careers/offers?domain=acme.example');
    expect(paths.offers('')).toBe('/careers/offers');
    expect(paths.offer('abc', 'acme.example')).toBe('/careers/offer/abc?domain=acme.example');
    expect(paths.document('abc', 7, 'acme.example')).toBe('/careers/offer/abc/offer-document/7?domain=acme.example');
    expect(paths.letter('abc', 'acme.example')).toBe('/careers/offer-letter/abc?domain=acme.example');
  });

  it('sends the Start of an upload offer’s letter to the offer-letter page, everything else to the document page', () => {
    const upload = makeOffer({ enc_id: 'abc', acceptance: 'upload' });
    const letter = makeDocument({ id: 3, document_type: 'Offer' });
    const policy = makeDocument({ id: 4, document_type: 'Policy' });
    expect(documentHref(upload, letter, 'start', 'd.example')).toBe('/careers/offer-letter/abc?domain=d.example');
    expect(documentHref(upload, letter, 'view', 'd.example')).toBe(
      '/careers/offer/abc/offer-document/3?domain=d.example',
    );
    expect(documentHref(upload, policy, 'start', 'd.example')).toBe(
      '/careers/offer/abc/offer-document/4?domain=d.example',
    );
    expect(documentHref(makeOffer({ enc_id: 'abc' }), letter, 'start', 'd.example')).toBe(
      '/careers/offer/abc/offer-document/3?domain=d.example',
    );
  });
});

describe('formatOfferDate in other languages', () => {
  const day = new Date(2025, 11, 31, 12).toISOString();
  it.each([
    ['en', '12/31/2025'],
    ['en-GB', '31/12/2025'],
    ['de-DE', '31.12.2025'],
    ['fr-CA', '2025-12-31'],
    ['ja-JP', '2025/12/31'],
  ])('%s reads %s', (language, text) => {
    expect(formatOfferDate(day, language)).toBe(text);
  });
});
