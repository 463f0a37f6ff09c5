import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Offer } from '@careers/shared/contract';
import { DOMAIN, renderWithStore, setupI18n } from '../../../test/render';
import { fail, installFakeServer, ok, type FakeResponseInit, type FakeServer } from '../../../test/fakeServer';
import { installFakeXhr } from '../../../test/fakeXhr';
import { DAY, fromNow, makeDocument, makeOffer } from '../../../test/fixtures';
import {
  answerOffer,
  DECLINE,
  DECLINE_ERROR,
  declineOffer,
  expectDeclineAlert,
  expectRetryClearsDeclineAlert,
  ID,
  spyOnToasts,
} from '../../../test/offerPages';
import { downloadDocument } from '../download';
import { OfferLetterPage } from './OfferLetterPage';

jest.mock('../../pdf/components/LazyPdfViewer', () => ({
  LazyPdfViewer: (props: { source: unknown; title: string }) =>
    require('react').createElement(
      'div',
      { 'data-testid': 'pdf-viewer' },
      `${props.title}: ${JSON.stringify(props.source)}`,
    ),
}));
jest.mock('../download', () => ({ downloadDocument: jest.fn() }));
const downloadMock = downloadDocument as jest.MockedFunction<typeof downloadDocument>;

let server: FakeServer;
let xhr: ReturnType<typeof installFakeXhr>;
let successToast: jest.SpyInstance;
let errorToast: jest.SpyInstance;

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  server = installFakeServer();
  xhr = installFakeXhr();
  downloadMock.mockReset();
  document.head.innerHTML = '<meta name="csrf-token" content="csrf-9">';
  ({ success: successToast, error: errorToast } = spyOnToasts());
  window.history.replaceState(null, '', `/careers/offer-letter/${ID}?domain=${DOMAIN}`);
});

afterEach(() => {
  xhr.restore();
  jest.restoreAllMocks();
});

const uploadOffer = (overrides: Partial<Offer> = {}) =>
  makeOffer({
    acceptance: 'upload',
    offer_documents: [makeDocument({ name: 'Offer letter', document_type: 'Offer' })],
    ...overrides,
  });

const answer = (offer: Offer | FakeResponseInit) => answerOffer(server, offer);

async function renderPage(offer: Offer = uploadOffer()) {
  answer(offer);
  const view = renderWithStore(<OfferLetterPage id={ID} domain={DOMAIN} />);
  await screen.findByRole('heading', { level: 1, name: 'Offer letter' });
  return view;
}

const pdf = (name = 'signed.pdf', content = '%PDF-1.7 signed', type = 'application/pdf') =>
  new File([content], name, { type });
const fileInput = () => screen.getByLabelText(/Signed offer letter \(PDF\)/) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Submit signed document' });

describe('offer letter steps', () => {
  it('shows the three steps in order, with a link back to the offer', async () => {
    await renderPage();
    const steps = within(screen.getByRole('list', { name: 'Steps to accept your offer' })).getAllByRole('heading', {
      level: 2,
    });
    expect(steps.map((s) => s.textContent)).toEqual([
      'Step 1: Review job offer',
      'Step 2: Print & sign or sign digitally',
      'Step 3: Upload signed document',
    ]);
    expect(screen.getByRole('link', { name: 'Back to job offer' })).toHaveAttribute(
      'href',
      `/careers/offer/${ID}?domain=${DOMAIN}`,
    );
  });

  it('View opens the PDF view of the letter (and Hide closes it)', async () => {
    const user = userEvent.setup();
    await renderPage();
    const view = screen.getByRole('button', { name: 'View' });
    expect(view).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('pdf-viewer')).not.toBeInTheDocument();
    await user.click(view);
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('pdf-viewer')).toHaveTextContent(
      'Offer letter: {"url":"/api/offer/files/letter-11.pdf"}',
    );
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByTestId('pdf-viewer')).not.toBeInTheDocument();
  });

  it('Download saves the letter', async () => {
    downloadMock.mockResolvedValue('downloaded');
    await renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(downloadMock).toHaveBeenCalledWith(expect.objectContaining({ s3_path: '/api/offer/files/letter-11.pdf' })),
    );
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('Download with no content toasts "No offer letter content available"', async () => {
    downloadMock.mockResolvedValue('empty');
    await renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('No offer letter content available'));
  });

  it('a failed download toasts "Offer Letter Download Failed"', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    downloadMock.mockRejectedValue(new Error('HTTP 500'));
    await renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Offer Letter Download Failed'));
  });

  it('only the review step remains once the offer is no longer live', async () => {
    await renderPage(uploadOffer({ expires_at: fromNow(-DAY) }));
    expect(screen.getByText('Offer expired')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Review job offer/ })).toBeInTheDocument();
    expect(screen.getByText('Your offer letter is available to view and download.')).toBeInTheDocument();
    expect(
      screen.getByText('The job offer has expired. Review your offer letter in the attached document.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Upload signed document/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('sends an offer accepted by documents to its offer page', async () => {
    answer(makeOffer({ acceptance: 'documents' }));
    renderWithStore(<OfferLetterPage id={ID} domain={DOMAIN} />);
    await waitFor(() => expect(window.location.pathname).toBe(`/careers/offer/${ID}`));
  });

  it('sends the candidate back to the offers list when the offer is missing', async () => {
    answer(fail(404, 'Not found'));
    renderWithStore(<OfferLetterPage id={ID} domain={DOMAIN} />);
    await waitFor(() => expect(window.location.pathname).toBe('/careers/offers'));
  });
});

describe('upload signed document', () => {
  it('sends nothing without a file and says a file is required', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose the signed offer letter to upload.');
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    expect(fileInput()).toHaveFocus();
    expect(xhr.instances()).toHaveLength(0);
  });

  it('accepts only PDF files, one at a time', async () => {
    await renderPage();
    expect(fileInput()).toHaveAttribute('accept', 'application/pdf,.pdf');
    expect(fileInput()).not.toHaveAttribute('multiple');
  });

  it('says "You should upload at most 1 file" when more are chosen or dropped, and sends nothing', async () => {
    const user = userEvent.setup();
    await renderPage();
    fireEvent.change(fileInput(), { target: { files: [pdf('a.pdf'), pdf('b.pdf')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('You should upload at most 1 file');
    await user.click(submit());
    expect(xhr.instances()).toHaveLength(0);

    fireEvent.drop(fileInput().parentElement as HTMLElement, { dataTransfer: { files: [pdf('a.pdf'), pdf('b.pdf')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('You should upload at most 1 file');
  });

  it('rejects a file that is not a PDF', async () => {
    await renderPage();
    fireEvent.change(fileInput(), {
      target: { files: [new File(['x'], 'letter.docx', { type: 'application/msword' })] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The file must be a PDF document (.pdf).');
  });

  it('rejects a file over 10 MB and an empty file', async () => {
    await renderPage();
    const big = pdf();
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(fileInput(), { target: { files: [big] } });
    expect(screen.getByRole('alert')).toHaveTextContent('The file is larger than 10 MB. Please upload a smaller PDF.');
    fireEvent.change(fileInput(), { target: { files: [pdf('empty.pdf', '')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('The file is empty. Please choose the signed PDF.');
  });

  it('uploads the PDF as multipart with progress, toasts and shows the accepted offer', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.upload(fileInput(), pdf('signed.pdf'));
    expect(screen.getByText(/Selected file: signed.pdf/)).toBeInTheDocument();
    await user.click(submit());

    const sent = xhr.last();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(`/api/offer/offers/${ID}/accept`);
    expect(sent.headers['x-csrf-token']).toBe('csrf-9');
    expect(sent.withCredentials).toBe(true);
    expect(sent.formFields()).toEqual({ domain: DOMAIN, signed_offer_letter_pdf_file: 'file:signed.pdf' });

    act(() => sent.progress(40, 100));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', 'Uploading… 40%');
    expect(submit()).toHaveAttribute('aria-disabled', 'true');

    answer(uploadOffer({ status: 'Accepted' }));
    await act(async () => sent.respond(200, { data: { offer: uploadOffer({ status: 'Accepted' }) } }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Successfully submitted form for verification'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(await screen.findByText('Offer accepted')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Upload signed document/ })).not.toBeInTheDocument();
  });

  /** A failed upload's answers: what the server says, and the toast it gives (its message, or the fallback). */
  const uploadFailures: Array<[string, number, unknown, string]> = [
    [
      'the server message',
      409,
      { statusCode: 409, error: 'Conflict', message: 'This offer is no longer open.' },
      'This offer is no longer open.',
    ],
    [
      'the fallback',
      500,
      { statusCode: 500, error: 'Internal Server Error' },
      'Something went wrong when accepting the offer',
    ],
  ];

  it.each(uploadFailures)('toasts %s when the upload fails', async (_name, status, body, message) => {
    const user = userEvent.setup();
    await renderPage();
    await user.upload(fileInput(), pdf());
    await user.click(submit());
    await act(async () => xhr.last().respond(status, body));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith(message));
    expect(successToast).not.toHaveBeenCalled();
    expect(screen.getByText(/Selected file: signed.pdf/)).toBeInTheDocument();
  });

  const uploadStep = () => screen.getByRole('heading', { name: /Upload signed document/ }).closest('li') as HTMLElement;

  it.each(uploadFailures)(
    'a failed upload (%s) also shows "There was a problem accepting the offer" in the upload step',
    async (_name, status, body, message) => {
      const user = userEvent.setup();
      await renderPage();
      await user.upload(fileInput(), pdf());
      await user.click(submit());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(async () => xhr.last().respond(status, body));
      const alert = await within(uploadStep()).findByRole('alert');
      expect(alert).toHaveTextContent('There was a problem accepting the offer');
      expect(alert).toBeVisible();
      expect(errorToast).toHaveBeenCalledWith(message);
      expect(alert.nextElementSibling).toBe(submit());
      expect(submit()).toHaveAccessibleDescription('There was a problem accepting the offer');
      expect(screen.getAllByRole('alert')).toHaveLength(1);
    },
  );

  it('clears the upload alert when the candidate submits again, and keeps it off when that succeeds', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.upload(fileInput(), pdf());
    await user.click(submit());
    await act(async () => xhr.last().respond(500, { statusCode: 500, error: 'Internal Server Error' }));
    expect(await within(uploadStep()).findByRole('alert')).toHaveTextContent('There was a problem accepting the offer');

    await user.click(submit());
    expect(xhr.instances()).toHaveLength(2);
    expect(screen.queryByText('There was a problem accepting the offer')).not.toBeInTheDocument();
    answer(uploadOffer({ status: 'Accepted' }));
    await act(async () => xhr.last().respond(200, { data: { offer: uploadOffer({ status: 'Accepted' }) } }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Successfully submitted form for verification'));
    expect(screen.queryByText('There was a problem accepting the offer')).not.toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledTimes(1);
  });

  it('shows the upload alert again when the retry fails too', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.upload(fileInput(), pdf());
    await user.click(submit());
    await act(async () => xhr.last().respond(500, { statusCode: 500, error: 'Internal Server Error' }));
    await within(uploadStep()).findByRole('alert');
    await user.click(submit());
    await act(async () => xhr.last().respond(500, { statusCode: 500, error: 'Internal Server Error' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledTimes(2));
    expect(within(uploadStep()).getByRole('alert')).toHaveTextContent('There was a problem accepting the offer');
  });
});

describe('decline from the offer letter', () => {
  it('opens the same modal and declines', async () => {
    const user = userEvent.setup();
    server.on('POST', DECLINE, ok({ ok: true }));
    await renderPage();
    answer(uploadOffer({ status: 'Declined' }));
    await declineOffer(user);
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Successfully rejected the offer'));
    expect(await screen.findByText('Offer declined')).toBeInTheDocument();
    expect(screen.queryByText(DECLINE_ERROR)).not.toBeInTheDocument();
  });

  it('a failed decline shows "There was a problem rejecting the offer" next to Decline, with its toast, and focuses it', async () => {
    const user = userEvent.setup();
    server.on('POST', DECLINE, fail(500));
    await renderPage();
    await declineOffer(user);
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Something went wrong when rejecting the offer'));
    await expectDeclineAlert(user);
  });

  it('clears the decline alert when the candidate declines again and it succeeds', async () => {
    const user = userEvent.setup();
    server.on('POST', DECLINE, fail(409, 'Try again later.'));
    await renderPage();
    await declineOffer(user);
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Try again later.'));
    expect(await screen.findByRole('alert')).toHaveTextContent(DECLINE_ERROR);
    await expectRetryClearsDeclineAlert(user, server, uploadOffer({ status: 'Declined' }), successToast);
  });
});
