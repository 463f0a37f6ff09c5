import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BootData, Offer } from '@careers/shared/contract';
import { bootData, DOMAIN, renderWithStore, setupI18n } from '../../../test/render';
import {
  deferred,
  fail,
  installFakeServer,
  ok,
  type FakeResponseInit,
  type FakeServer,
} from '../../../test/fakeServer';
import { DAY, fromNow, makeDocument, makeOffer } from '../../../test/fixtures';
import { answerOffer, ID, OFFER, spyOnToasts } from '../../../test/offerPages';
import { OfferDocumentPage } from './OfferDocumentPage';

// The PDF viewer is a lazy chunk with pdf.js behind it; here it is a stand-in that shows what it was given.
jest.mock('../../pdf/components/LazyPdfViewer', () => ({
  LazyPdfViewer: (props: { source: unknown; title: string; layout?: string }) =>
    require('react').createElement(
      'div',
      { 'data-testid': 'pdf-viewer', 'data-layout': props.layout ?? 'letter' },
      JSON.stringify(props.source),
    ),
}));

const DOC_ID = 11;
const ACCEPT = `/api/offer/offers/${ID}/${DOC_ID}/accept`;
const ESIGN_STATUS = `/api/offer/offers/${ID}/${DOC_ID}/esign_status`;
const ESIGN_URL = 'https://esign.example/session/xyz';

let server: FakeServer;
let successToast: jest.SpyInstance;
let errorToast: jest.SpyInstance;
let infoToast: jest.SpyInstance;

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  server = installFakeServer();
  ({ success: successToast, error: errorToast, info: infoToast } = spyOnToasts());
  window.history.replaceState(null, '', `/careers/offer/${ID}/offer-document/${DOC_ID}?domain=${DOMAIN}`);
});

afterEach(() => jest.restoreAllMocks());

const answer = (offer: Offer | FakeResponseInit) => answerOffer(server, offer);

async function renderPage(
  offer: Offer | null,
  { documentId = DOC_ID, session }: { documentId?: number | null; session?: BootData } = {},
) {
  if (offer) answer(offer);
  const view = renderWithStore(<OfferDocumentPage id={ID} documentId={documentId} domain={DOMAIN} />, { session });
  if (offer && offer.offer_documents.some((d) => d.id === documentId)) await screen.findByRole('heading', { level: 1 });
  return view;
}

describe('letter type choice', () => {
  it('e-sign: a frame of the url for a live offer’s unsigned document with a url', async () => {
    await renderPage(makeOffer({ offer_documents: [makeDocument({ url: ESIGN_URL })] }));
    const frame = screen.getByTitle('Electronic signature for Offer letter');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', ESIGN_URL);
    expect(screen.queryByTestId('pdf-viewer')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('embedded: PDF view (800 x 1132 layout) plus the signature form when there is no url', async () => {
    await renderPage(makeOffer());
    expect(screen.getByTestId('pdf-viewer')).toHaveAttribute('data-layout', 'embedded');
    expect(screen.getByTestId('pdf-viewer')).toHaveTextContent('/api/offer/files/letter-11.pdf');
    expect(screen.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' })).toBeRequired();
    expect(
      screen.getByRole('textbox', { name: /Please enter your full name as the electronic signature/ }),
    ).toBeRequired();
    expect(screen.queryByTitle(/Electronic signature/)).not.toBeInTheDocument();
  });

  it.each<[string, Partial<Offer>, Parameters<typeof makeDocument>[0]]>([
    ['signed', {}, { status: 'Signed', signed: true, url: ESIGN_URL }],
    ['expired', { expires_at: fromNow(-DAY) }, {}],
    ['accepted', { status: 'Accepted' }, { url: ESIGN_URL }],
    ['read-only document', {}, { status: 'Read Only' }],
  ])('read-only PDF view otherwise (%s)', async (_name, offerOverrides, docOverrides) => {
    await renderPage(makeOffer({ ...offerOverrides, offer_documents: [makeDocument(docOverrides)] }));
    expect(screen.getByTestId('pdf-viewer')).toHaveAttribute('data-layout', 'letter');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByTitle(/Electronic signature/)).not.toBeInTheDocument();
  });

  it('says so when a read-only document has no content yet', async () => {
    await renderPage(makeOffer({ status: 'Accepted', offer_documents: [makeDocument({ s3_path: null })] }));
    expect(screen.getByText('No offer letter content available')).toBeInTheDocument();
  });

  it('shows the document name, the position, the type and a link back to the offer', async () => {
    await renderPage(makeOffer({ status: 'Accepted' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Offer letter' })).toBeInTheDocument();
    expect(screen.getByText('Job offer for Robotics Engineer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to job offer' })).toHaveAttribute(
      'href',
      `/careers/offer/${ID}?domain=${DOMAIN}`,
    );
  });

  it.each<[string, Offer | FakeResponseInit, number | null]>([
    ['the offer is missing', fail(404, 'Not found'), DOC_ID],
    ['the document is missing', makeOffer({ offer_documents: [makeDocument({ id: 99 })] }), DOC_ID],
    ['the document id is not a number', makeOffer(), null],
  ])('goes back to the offers list when %s', async (_name, offer, documentId) => {
    answer(offer);
    renderWithStore(<OfferDocumentPage id={ID} documentId={documentId} domain={DOMAIN} />);
    await waitFor(() => expect(window.location.pathname).toBe('/careers/offers'));
    expect(window.location.search).toBe(`?domain=${DOMAIN}`);
  });
});

describe('embedded signature form', () => {
  const nameField = () =>
    screen.getByRole('textbox', { name: /Please enter your full name as the electronic signature/ });
  const terms = () => screen.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' });
  const NAME_ERROR = 'Please enter your full name as shown on the offer letter and your profile.';

  it('requires the checkbox and the name, sends nothing and focuses the first error', async () => {
    const user = userEvent.setup();
    await renderPage(makeOffer());
    await user.click(screen.getByRole('button', { name: 'Sign offer letter' }));
    expect(await screen.findByText('Please agree to the terms and conditions before you sign.')).toBeInTheDocument();
    expect(screen.getByText(NAME_ERROR)).toBeInTheDocument();
    expect(terms()).toHaveAttribute('aria-invalid', 'true');
    expect(terms()).toHaveAccessibleDescription('Please agree to the terms and conditions before you sign.');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(terms()).toHaveFocus();
    expect(server.callsTo('POST', ACCEPT)).toHaveLength(0);
  });

  it('rejects a name that differs from the profile name, on blur', async () => {
    const user = userEvent.setup();
    await renderPage(makeOffer());
    await user.type(nameField(), 'ada lovelace');
    await user.tab();
    expect(await screen.findByText(NAME_ERROR)).toBeInTheDocument();
    expect(nameField()).toHaveAccessibleDescription(
      `Type your name exactly as it appears on your profile. ${NAME_ERROR}`,
    );
  });

  it('requires the checkbox even with the right name', async () => {
    const user = userEvent.setup();
    await renderPage(makeOffer());
    await user.type(nameField(), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Sign offer letter' }));
    expect(await screen.findByText('Please agree to the terms and conditions before you sign.')).toBeInTheDocument();
    expect(screen.queryByText(NAME_ERROR)).not.toBeInTheDocument();
    expect(server.callsTo('POST', ACCEPT)).toHaveLength(0);
  });

  it('rejects any name when the profile has none', async () => {
    const user = userEvent.setup();
    await renderPage(makeOffer(), { session: bootData({ profile: null }) });
    await user.click(terms());
    await user.type(nameField(), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Sign offer letter' }));
    expect(await screen.findByText(NAME_ERROR)).toBeInTheDocument();
    expect(nameField()).toHaveFocus();
    expect(server.callsTo('POST', ACCEPT)).toHaveLength(0);
  });

  it('signs with the typed name, toasts and goes back to the offer', async () => {
    const user = userEvent.setup();
    server.on('POST', ACCEPT, ok({ ok: true }));
    await renderPage(makeOffer());
    await user.click(terms());
    await user.type(nameField(), '  Ada Lovelace ');
    await user.click(screen.getByRole('button', { name: 'Sign offer letter' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Successfully signed the offer letter'));
    expect(server.callsTo('POST', ACCEPT)[0]?.body).toEqual({
      domain: DOMAIN,
      full_name: 'Ada Lovelace',
      terms_accepted: true,
    });
    expect(window.location.pathname).toBe(`/careers/offer/${ID}`);
    expect(window.location.search).toBe(`?domain=${DOMAIN}`);
  });

  it.each<[string, FakeResponseInit, string]>([
    ['the server message', fail(409, 'This offer is no longer open.'), 'This offer is no longer open.'],
    ['the fallback', fail(500), 'Something went wrong when accepting the offer'],
  ])('toasts %s when signing fails and stays on the page', async (_name, failure, message) => {
    const user = userEvent.setup();
    server.on('POST', ACCEPT, failure);
    await renderPage(makeOffer());
    await user.click(terms());
    await user.type(nameField(), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Sign offer letter' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith(message));
    expect(successToast).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe(`/careers/offer/${ID}/offer-document/${DOC_ID}`);
  });

  async function signWith(user: ReturnType<typeof userEvent.setup>) {
    await user.click(terms());
    await user.type(nameField(), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Sign offer letter' }));
  }

  it.each<[string, FakeResponseInit, string]>([
    ['the server message', fail(409, 'This offer is no longer open.'), 'This offer is no longer open.'],
    ['the fallback', fail(500), 'Something went wrong when accepting the offer'],
  ])(
    'a failed sign call (%s) also shows "There was a problem accepting the document" above the button',
    async (_name, failure, message) => {
      const user = userEvent.setup();
      server.on('POST', ACCEPT, failure);
      await renderPage(makeOffer());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await signWith(user);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('There was a problem accepting the document');
      expect(alert).toBeVisible();
      expect(errorToast).toHaveBeenCalledWith(message);
      const button = screen.getByRole('button', { name: 'Sign offer letter' });
      expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(alert.nextElementSibling).toBe(button);
      expect(button).toHaveAccessibleDescription('There was a problem accepting the document');
      // Focus stays on the button the candidate used.
      expect(button).toHaveFocus();
    },
  );

  it('clears the alert when the candidate signs again, and keeps it off when that succeeds', async () => {
    const user = userEvent.setup();
    server.on('POST', ACCEPT, fail(500));
    await renderPage(makeOffer());
    await signWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('There was a problem accepting the document');

    const held = deferred<FakeResponseInit>();
    server.on('POST', ACCEPT, () => held.promise);
    await user.click(screen.getByRole('button', { name: 'Sign offer letter' }));
    await waitFor(() => expect(server.callsTo('POST', ACCEPT)).toHaveLength(2));
    expect(screen.queryByText('There was a problem accepting the document')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Signing…' })).not.toHaveAccessibleDescription();

    await act(async () => held.resolve(ok({ ok: true })));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Successfully signed the offer letter'));
    expect(screen.queryByText('There was a problem accepting the document')).not.toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledTimes(1);
  });

  it('shows the alert again when the retry fails too', async () => {
    const user = userEvent.setup();
    server.on('POST', ACCEPT, fail(500));
    await renderPage(makeOffer());
    await signWith(user);
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Sign offer letter' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('There was a problem accepting the document');
    expect(screen.getAllByText('There was a problem accepting the document')).toHaveLength(1);
  });
});

describe('e-sign messages', () => {
  const ESIGN_ORIGIN = 'https://esign.example';

  async function renderEsign() {
    await renderPage(makeOffer({ offer_documents: [makeDocument({ url: ESIGN_URL })] }));
    const frame = screen.getByTitle('Electronic signature for Offer letter') as HTMLIFrameElement;
    expect(frame.contentWindow).toBeTruthy();
    return frame;
  }

  function post(data: unknown, origin: string, source: Window | null) {
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    });
  }

  /**
   * "There was a problem accepting the document" shows above the signing frame, which stays in place; spaced by its
   * class, not an inline style.
   */
  async function expectEsignAlert(frame: HTMLIFrameElement) {
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There was a problem accepting the document');
    expect(alert).toBeVisible();
    expect(alert.compareDocumentPosition(frame) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(alert.parentElement).toBe(frame.parentElement);
    expect(alert).toHaveClass('cw-offers-action-error', 'cw-offers-action-error--frame');
    expect(alert).not.toHaveAttribute('style');
  }

  it('ignores messages from another origin (the page logs and refuses them)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const frame = await renderEsign();
    post({ type: 'ESIGN' }, 'https://evil.example', frame.contentWindow);
    post({ type: 'ESIGN' }, 'http://esign.example', frame.contentWindow);
    post({ type: 'ESIGN' }, window.location.origin, frame.contentWindow);
    await act(async () => undefined);
    expect(server.callsTo('POST', ACCEPT)).toHaveLength(0);
    expect(server.callsTo('POST', ESIGN_STATUS)).toHaveLength(0);
    const logged = warn.mock.calls.map(([message]) => String(message)).join('\n');
    expect(logged).toContain('from https://evil.example');
    expect(logged).toContain('from http://esign.example');
    expect(logged).not.toContain('ESIGN');
  });

  it('ignores messages from another window, even with the right origin', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderEsign();
    const later = jest.fn();
    window.addEventListener('message', later);
    post({ type: 'ESIGN' }, ESIGN_ORIGIN, window);
    post({ type: 'ESIGN' }, ESIGN_ORIGIN, null);
    window.removeEventListener('message', later);
    await act(async () => undefined);
    expect(server.callsTo('POST', ACCEPT)).toHaveLength(0);
    // Refused by the page's guard: no other listener on the window heard them.
    expect(later).not.toHaveBeenCalled();
  });

  it('stops listening to the frame when the page is gone', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { unmount } = await renderPage(makeOffer({ offer_documents: [makeDocument({ url: ESIGN_URL })] }));
    const frameWindow = (screen.getByTitle('Electronic signature for Offer letter') as HTMLIFrameElement).contentWindow;
    unmount();
    post({ type: 'ESIGN' }, ESIGN_ORIGIN, frameWindow);
    await act(async () => undefined);
    expect(server.callsTo('POST', ACCEPT)).toHaveLength(0);
    expect(server.callsTo('POST', ESIGN_STATUS)).toHaveLength(0);
  });

  it('ignores other message shapes from the frame', async () => {
    const frame = await renderEsign();
    post('ESIGN', ESIGN_ORIGIN, frame.contentWindow);
    post({ type: 'READY' }, ESIGN_ORIGIN, frame.contentWindow);
    post(null, ESIGN_ORIGIN, frame.contentWindow);
    await act(async () => undefined);
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('on ESIGN makes the accept and e-sign status calls together, toasts and refetches the offer', async () => {
    const frame = await renderEsign();
    const accept = deferred<FakeResponseInit>();
    const status = deferred<FakeResponseInit>();
    server.on('POST', ACCEPT, () => accept.promise);
    server.on('POST', ESIGN_STATUS, () => status.promise);
    const fetchesBefore = server.callsTo('GET', OFFER).length;
    answer(makeOffer({ offer_documents: [makeDocument({ url: ESIGN_URL, status: 'Signed', signed: true })] }));

    post({ type: 'ESIGN' }, ESIGN_ORIGIN, frame.contentWindow);
    // Both requests are out before either answers.
    await waitFor(() => expect(server.callsTo('POST', ESIGN_STATUS)).toHaveLength(1));
    expect(server.callsTo('POST', ACCEPT)).toHaveLength(1);
    expect(server.callsTo('POST', ACCEPT)[0]?.body).toEqual({ domain: DOMAIN });
    expect(server.callsTo('POST', ESIGN_STATUS)[0]?.body).toEqual({ domain: DOMAIN });
    expect(screen.getByText('Saving your signature…')).toBeInTheDocument();

    const signedOffer = makeOffer({
      offer_documents: [makeDocument({ url: ESIGN_URL, status: 'Signed', signed: true })],
    });
    await act(async () => {
      accept.resolve(ok({ ok: true }));
      status.resolve(ok({ esign_status: 'signed', offer: signedOffer }));
    });
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Successfully signed the offer letter'));
    await waitFor(() => expect(server.callsTo('GET', OFFER).length).toBeGreaterThan(fetchesBefore));
    // The signed document now shows read-only.
    expect(await screen.findByTestId('pdf-viewer')).toBeInTheDocument();
    expect(screen.queryByTitle(/Electronic signature/)).not.toBeInTheDocument();
  });

  it('on ESIGN toasts the server message when accepting fails and the e-sign status does not say signed', async () => {
    const frame = await renderEsign();
    server.on('POST', ACCEPT, fail(409, 'The signature could not be confirmed.'));
    server.on('POST', ESIGN_STATUS, ok({ esign_status: 'pending', offer: makeOffer() }));
    post({ type: 'ESIGN' }, ESIGN_ORIGIN, frame.contentWindow);
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('The signature could not be confirmed.'));
    expect(successToast).not.toHaveBeenCalled();
  });

  it('on ESIGN suppresses an accept failure when the e-sign status says signed', async () => {
    const frame = await renderEsign();
    server.on('POST', ACCEPT, fail(409, 'Already signed.'));
    server.on('POST', ESIGN_STATUS, ok({ esign_status: 'signed', offer: makeOffer() }));
    post({ type: 'ESIGN' }, ESIGN_ORIGIN, frame.contentWindow);
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Successfully signed the offer letter'));
    expect(errorToast).not.toHaveBeenCalled();
    expect(screen.queryByText('There was a problem accepting the document')).not.toBeInTheDocument();
  });

  it.each<[string, FakeResponseInit, FakeResponseInit, string]>([
    [
      'accepting fails and the status is pending',
      fail(409, 'The signature could not be confirmed.'),
      ok({ esign_status: 'pending', offer: makeOffer() }),
      'The signature could not be confirmed.',
    ],
    ['both calls fail', fail(500), fail(500), 'Something went wrong when accepting the offer'],
    ['only the status call fails', ok({ ok: true }), fail(502), 'Something went wrong when accepting the offer'],
  ])(
    'on ESIGN shows "There was a problem accepting the document" when %s',
    async (_name, acceptAnswer, statusAnswer, message) => {
      const frame = await renderEsign();
      server.on('POST', ACCEPT, acceptAnswer);
      server.on('POST', ESIGN_STATUS, statusAnswer);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      post({ type: 'ESIGN' }, ESIGN_ORIGIN, frame.contentWindow);
      await expectEsignAlert(frame);
      expect(errorToast).toHaveBeenCalledWith(message);
      expect(successToast).not.toHaveBeenCalled();
    },
  );

  it('clears the e-sign alert when the frame reports again, and keeps it off when signing succeeds', async () => {
    const frame = await renderEsign();
    server.on('POST', ACCEPT, fail(500));
    server.on('POST', ESIGN_STATUS, fail(500));
    post({ type: 'ESIGN' }, ESIGN_ORIGIN, frame.contentWindow);
    expect(await screen.findByRole('alert')).toHaveTextContent('There was a problem accepting the document');

    const accept = deferred<FakeResponseInit>();
    server.on('POST', ACCEPT, () => accept.promise);
    server.on('POST', ESIGN_STATUS, ok({ esign_status: 'signed', offer: makeOffer() }));
    post({ type: 'ESIGN' }, ESIGN_ORIGIN, frame.contentWindow);
    await waitFor(() => expect(server.callsTo('POST', ACCEPT)).toHaveLength(2));
    expect(screen.queryByText('There was a problem accepting the document')).not.toBeInTheDocument();
    await act(async () => accept.resolve(ok({ ok: true })));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Successfully signed the offer letter'));
    expect(screen.queryByText('There was a problem accepting the document')).not.toBeInTheDocument();
  });

  it('on REJECT reports the e-sign status and toasts "Offer letter has been rejected"', async () => {
    const frame = await renderEsign();
    server.on('POST', ESIGN_STATUS, ok({ esign_status: 'rejected', offer: makeOffer() }));
    post({ type: 'REJECT' }, ESIGN_ORIGIN, frame.contentWindow);
    await waitFor(() => expect(infoToast).toHaveBeenCalledWith('Offer letter has been rejected'));
    expect(server.callsTo('POST', ESIGN_STATUS)).toHaveLength(1);
    expect(server.callsTo('POST', ACCEPT)).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each<[string, FakeResponseInit, string]>([
    ['the server message', fail(409, 'The document could not be updated.'), 'The document could not be updated.'],
    ['the fallback', fail(500), 'Something went wrong when accepting the offer'],
  ])(
    'on REJECT shows "There was a problem accepting the document" when the e-sign status call fails (%s)',
    async (_name, failure, message) => {
      const frame = await renderEsign();
      server.on('POST', ESIGN_STATUS, failure);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      post({ type: 'REJECT' }, ESIGN_ORIGIN, frame.contentWindow);
      await expectEsignAlert(frame);
      expect(errorToast).toHaveBeenCalledWith(message);
      expect(infoToast).not.toHaveBeenCalled();
      expect(server.callsTo('POST', ACCEPT)).toHaveLength(0);
    },
  );

  it('clears the REJECT alert on the next message from the frame, and keeps it off when that call succeeds', async () => {
    const frame = await renderEsign();
    server.on('POST', ESIGN_STATUS, fail(500));
    post({ type: 'REJECT' }, ESIGN_ORIGIN, frame.contentWindow);
    expect(await screen.findByRole('alert')).toHaveTextContent('There was a problem accepting the document');

    const status = deferred<FakeResponseInit>();
    server.on('POST', ESIGN_STATUS, () => status.promise);
    post({ type: 'REJECT' }, ESIGN_ORIGIN, frame.contentWindow);
    await waitFor(() => expect(server.callsTo('POST', ESIGN_STATUS)).toHaveLength(2));
    expect(screen.queryByText('There was a problem accepting the document')).not.toBeInTheDocument();
    await act(async () => status.resolve(ok({ esign_status: 'rejected', offer: makeOffer() })));
    await waitFor(() => expect(infoToast).toHaveBeenCalledWith('Offer letter has been rejected'));
    expect(screen.queryByText('There was a problem accepting the document')).not.toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledTimes(1);
  });

  it('does not frame an address that is not http(s)', async () => {
    await renderPage(makeOffer({ offer_documents: [makeDocument({ url: 'javascript:alert(1)' })] }));
    expect(screen.queryByTitle(/Electronic signature/)).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The electronic signature form cannot be opened.');
  });
});
