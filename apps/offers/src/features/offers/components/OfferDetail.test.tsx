import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import confetti from 'canvas-confetti';
import type { Offer } from '@careers/shared/contract';
import { DOMAIN, renderWithStore, setupI18n } from '../../../test/render';
import {
  deferred,
  fail,
  installFakeServer,
  ok,
  type FakeResponseInit,
  type FakeServer,
} from '../../../test/fakeServer';
import { DAY, fromNow, makeDocument, makeOffer } from '../../../test/fixtures';
import {
  answerOffer,
  DECLINE,
  DECLINE_ERROR,
  declineOffer,
  expectDeclineAlert,
  expectRetryClearsDeclineAlert,
  ID,
  OFFER,
  spyOnToasts,
} from '../../../test/offerPages';
import { confettiStorageKey } from '../constants';
import { formatOfferDate } from '../dates';
import { OfferDetail } from './OfferDetail';

jest.mock('canvas-confetti', () => {
  const fire = jest.fn(() => Promise.resolve(null));
  return { __esModule: true, default: { create: jest.fn(() => fire), fire } };
});
const confettiMock = (confetti as unknown as { fire: jest.Mock }).fire;

let server: FakeServer;
let successToast: jest.SpyInstance;
let errorToast: jest.SpyInstance;

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  server = installFakeServer();
  localStorage.clear();
  confettiMock.mockClear();
  ({ success: successToast, error: errorToast } = spyOnToasts());
  window.history.replaceState(null, '', `/careers/offer/${ID}?domain=${DOMAIN}`);
  delete (window as { matchMedia?: unknown }).matchMedia;
});

afterEach(() => {
  jest.restoreAllMocks();
});

const answer = (offer: Offer | FakeResponseInit) => answerOffer(server, offer);

async function renderDetail(offer?: Offer) {
  if (offer) answer(offer);
  const view = renderWithStore(<OfferDetail id={ID} domain={DOMAIN} />);
  if (offer) await screen.findByRole('heading', { level: 1 });
  return view;
}

function docCard(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

/** The card's action: a link when enabled, a disabled button otherwise. */
function action(card: HTMLElement): HTMLElement {
  return within(card).queryByRole('link') ?? within(card).getByRole('button');
}

describe('offer detail', () => {
  it('loads the offer of the domain and shows the back button, heading and status', async () => {
    await renderDetail(makeOffer());
    expect(server.callsTo('GET', OFFER)[0]?.query.get('domain')).toBe(DOMAIN);
    expect(screen.getByRole('heading', { level: 1, name: 'Job offer for Robotics Engineer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Offers' })).toHaveAttribute('href', `/careers/offers?domain=${DOMAIN}`);
    expect(screen.getByText('Offer extended')).toBeInTheDocument();
  });

  it.each<[string, Partial<Offer>, string]>([
    [
      'Extended',
      {},
      "Congratulations! We're excited to extend a job offer. Review your offer letter in the attached document and sign electronically when ready",
    ],
    [
      'Expired',
      { expires_at: fromNow(-DAY) },
      'The job offer has expired. Review your offer letter in the attached document.',
    ],
    [
      'Accepted',
      { status: 'Accepted' },
      "Congratulations! You've accepted the job offer. Your signed documents are available below.",
    ],
    [
      'Declined',
      { status: 'Declined' },
      "You've declined the job offer. The company has been notified of your decision.",
    ],
    [
      'Canceled',
      { status: 'Canceled' },
      'The job offer has been canceled by the company. Contact your recruiter if you have any questions.',
    ],
  ])('shows the %s sub text', async (_status, overrides, text) => {
    await renderDetail(makeOffer(overrides));
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('shows one card per document with its name, status line, type tag and action', async () => {
    const expires = fromNow(2 * DAY);
    const offer = makeOffer({
      expires_at: expires,
      offer_documents: [
        makeDocument({ id: 1, name: 'Offer letter', status: 'Unsigned', document_type: 'Offer' }),
        makeDocument({
          id: 2,
          name: 'Benefits guide',
          status: 'Read Only',
          document_type: 'Benefits',
          updated_at: '2025-02-03T15:00:00Z',
        }),
        makeDocument({
          id: 3,
          name: 'Background check',
          status: 'Pending',
          document_type: 'Policy',
          updated_at: '2025-02-04T15:00:00Z',
        }),
        makeDocument({ id: 4, name: 'Code of conduct', status: 'Signed', signed: true, document_type: 'Policy' }),
        makeDocument({ id: 5, name: 'NDA', status: 'Signed', signed: false, s3_path: null, document_type: 'Policy' }),
      ],
    });
    await renderDetail(offer);
    expect(within(docCard('Offer letter')).getByText(`Expires ${formatOfferDate(expires)}`)).toBeInTheDocument();
    expect(
      within(docCard('Benefits guide')).getByText(`Last updated ${formatOfferDate('2025-02-03T15:00:00Z')}`),
    ).toBeInTheDocument();
    expect(
      within(docCard('Background check')).getByText(`Last updated ${formatOfferDate('2025-02-04T15:00:00Z')}`),
    ).toBeInTheDocument();
    expect(within(docCard('Code of conduct')).getByText('Document has been signed')).toBeInTheDocument();
    expect(
      within(docCard('NDA')).getByText('Document has been signed. Signed document is being generated.'),
    ).toBeInTheDocument();

    const start = action(docCard('Offer letter'));
    expect(start).toHaveTextContent('Start');
    expect(start).toHaveClass('cw-button--primary');
    expect(start).toHaveAttribute('href', `/careers/offer/${ID}/offer-document/1?domain=${DOMAIN}`);
    expect(start).toHaveAccessibleDescription('Offer letter');

    const view = action(docCard('Benefits guide'));
    expect(view).toHaveTextContent('View');
    expect(view).toHaveClass('cw-button--neutral');
    expect(view.tagName).toBe('A');

    const pending = action(docCard('Background check'));
    expect(pending).toHaveTextContent('Start');
    expect(pending).toBeDisabled();

    expect(action(docCard('Code of conduct'))).toHaveTextContent('View');
    expect(action(docCard('Code of conduct'))).toBeEnabled();
    expect(action(docCard('NDA'))).toHaveTextContent('View');
    expect(action(docCard('NDA'))).toBeDisabled();

    expect(within(docCard('Offer letter')).getByText('Offer')).toHaveClass('cw-tone--teal');
    expect(within(docCard('Benefits guide')).getByText('Benefits')).toHaveClass('cw-tone--violet');
  });

  it('shows the status lines without an offer expiry', async () => {
    await renderDetail(
      makeOffer({
        expires_at: null,
        offer_documents: [
          makeDocument({ id: 1, name: 'Offer letter', status: 'Unsigned' }),
          makeDocument({ id: 2, name: 'Background check', status: 'Pending' }),
        ],
      }),
    );
    expect(within(docCard('Offer letter')).getByText('Document is yet to be signed')).toBeInTheDocument();
    expect(within(docCard('Background check')).getByText('Document is being processed')).toBeInTheDocument();
  });

  it('shows only neutral View buttons on an expired offer', async () => {
    const expires = fromNow(-DAY);
    await renderDetail(
      makeOffer({ expires_at: expires, offer_documents: [makeDocument({ name: 'Offer letter', status: 'Unsigned' })] }),
    );
    const card = docCard('Offer letter');
    expect(within(card).getByText(`Expired ${formatOfferDate(expires)}`)).toBeInTheDocument();
    expect(action(card)).toHaveTextContent('View');
    expect(action(card)).toHaveClass('cw-button--neutral');
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('leads the Start of an upload offer’s letter to the offer-letter page', async () => {
    await renderDetail(
      makeOffer({
        acceptance: 'upload',
        offer_documents: [
          makeDocument({ id: 1, name: 'Offer letter', document_type: 'Offer' }),
          makeDocument({ id: 2, name: 'Policy', document_type: 'Policy' }),
        ],
      }),
    );
    expect(action(docCard('Offer letter'))).toHaveAttribute('href', `/careers/offer-letter/${ID}?domain=${DOMAIN}`);
    expect(action(docCard('Policy'))).toHaveAttribute('href', `/careers/offer/${ID}/offer-document/2?domain=${DOMAIN}`);
  });

  it('sends the candidate back to the offers list when the offer does not exist', async () => {
    answer(fail(404, 'Offer not found'));
    renderWithStore(<OfferDetail id={ID} domain={DOMAIN} />);
    await waitFor(() => expect(window.location.pathname).toBe('/careers/offers'));
    expect(window.location.search).toBe(`?domain=${DOMAIN}`);
  });

  it('shows an error with a retry when the offer cannot be loaded for another reason', async () => {
    answer(fail(502, 'Bad gateway'));
    renderWithStore(<OfferDetail id={ID} domain={DOMAIN} />);
    expect(await screen.findByText('This offer could not be loaded.')).toBeInTheDocument();
    answer(makeOffer());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Job offer for Robotics Engineer' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe(`/careers/offer/${ID}`);
  });
});

describe('decline', () => {
  async function openModal() {
    const user = userEvent.setup();
    await renderDetail(makeOffer());
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    return { user, dialog: screen.getByRole('dialog', { name: 'Decline offer?' }) };
  }

  it('opens a modal with the exact texts, focusing Back to offer', async () => {
    const { dialog } = await openModal();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(
      within(dialog).getByText(
        'Declining this offer will remove it from your pending opportunities and will notify the company.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('The action cannot be undone.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Back to offer' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Decline offer' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(
      'Declining this offer will remove it from your pending opportunities and will notify the company. The action cannot be undone.',
    );
  });

  it('Back to offer and Escape close it without declining', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Back to offer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST', DECLINE)).toHaveLength(0);
  });

  it('declines, toasts "Successfully rejected the offer" and shows the declined offer', async () => {
    const { user, dialog } = await openModal();
    const held = deferred<FakeResponseInit>();
    server.on('POST', DECLINE, () => held.promise);
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    expect(within(dialog).getByRole('button', { name: 'Declining…' })).toHaveAttribute('aria-disabled', 'true');
    answer(makeOffer({ status: 'Declined' }));
    await act(async () => held.resolve(ok({ ok: true })));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Successfully rejected the offer'));
    expect(server.callsTo('POST', DECLINE)[0]?.body).toEqual({ domain: DOMAIN });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Offer declined')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('toasts the server message when declining fails', async () => {
    const { user, dialog } = await openModal();
    server.on('POST', DECLINE, fail(409, 'This offer can no longer be declined.'));
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('This offer can no longer be declined.'));
    expect(successToast).not.toHaveBeenCalled();
  });

  it('toasts "Something went wrong when rejecting the offer" when there is no server message', async () => {
    const { user, dialog } = await openModal();
    server.on('POST', DECLINE, fail(500));
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Something went wrong when rejecting the offer'));
  });

  it.each<[string, FakeResponseInit, string]>([
    ['the server message', fail(409, 'This offer can no longer be declined.'), 'This offer can no longer be declined.'],
    ['the fallback', fail(500), 'Something went wrong when rejecting the offer'],
  ])(
    'a failed decline (%s) shows "There was a problem rejecting the offer" next to Decline, with its toast, and focuses it',
    async (_name, failure, message) => {
      const { user, dialog } = await openModal();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      server.on('POST', DECLINE, failure);
      await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
      await waitFor(() => expect(errorToast).toHaveBeenCalledWith(message));
      expect(successToast).not.toHaveBeenCalled();
      await expectDeclineAlert(user);
    },
  );

  it('keeps the decline alert when the candidate only reopens the modal and goes back', async () => {
    const { user, dialog } = await openModal();
    server.on('POST', DECLINE, fail(500));
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DECLINE_ERROR);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Back to offer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(DECLINE_ERROR);
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
    expect(server.callsTo('POST', DECLINE)).toHaveLength(1);
  });

  it('clears the decline alert when the candidate declines again, and keeps it off when that succeeds', async () => {
    const { user, dialog } = await openModal();
    server.on('POST', DECLINE, fail(500));
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DECLINE_ERROR);
    await expectRetryClearsDeclineAlert(user, server, makeOffer({ status: 'Declined' }), successToast);
    expect(errorToast).toHaveBeenCalledTimes(1);
  });

  it('shows the decline alert again when the retry fails too', async () => {
    const { user, dialog } = await openModal();
    server.on('POST', DECLINE, fail(500));
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    await screen.findByRole('alert');
    await declineOffer(user);
    await waitFor(() => expect(errorToast).toHaveBeenCalledTimes(2));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DECLINE_ERROR);
    await waitFor(() => expect(alert).toHaveFocus());
  });
});

describe('confetti', () => {
  it('fires 200 pieces once for a live offer, remembered in localStorage', async () => {
    const first = await renderDetail(makeOffer());
    await waitFor(() => expect(confettiMock).toHaveBeenCalledTimes(1));
    expect(confettiMock.mock.calls[0]?.[0]).toMatchObject({ particleCount: 200 });
    expect(localStorage.getItem(confettiStorageKey(ID))).toBeTruthy();
    first.unmount();

    await renderDetail(makeOffer());
    await act(async () => undefined);
    expect(confettiMock).toHaveBeenCalledTimes(1);
  });

  it('is skipped but remembered when the candidate prefers reduced motion', async () => {
    window.matchMedia = jest.fn(
      (query: string) => ({ matches: query.includes('reduce'), media: query }) as unknown as MediaQueryList,
    );
    await renderDetail(makeOffer());
    await waitFor(() => expect(localStorage.getItem(confettiStorageKey(ID))).toBeTruthy());
    await act(async () => undefined);
    expect(confettiMock).not.toHaveBeenCalled();
  });

  it.each<[string, Partial<Offer>]>([
    ['expired', { expires_at: fromNow(-DAY) }],
    ['accepted', { status: 'Accepted' }],
  ])('does not fire for an %s offer', async (_name, overrides) => {
    await renderDetail(makeOffer(overrides));
    await act(async () => undefined);
    expect(confettiMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(confettiStorageKey(ID))).toBeNull();
  });
});
