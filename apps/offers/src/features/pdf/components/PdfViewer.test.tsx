import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider, i18n } from '@careers/shared';
import { setupI18n } from '../../../test/render';
import { openPdf } from '../pdfjs';
import PdfViewer from './PdfViewer';
import type { PdfDocumentLike } from '../types';

// pdf.js itself (and its worker) never loads in unit tests.
jest.mock('../pdfjs', () => ({ openPdf: jest.fn() }));
const openMock = openPdf as jest.MockedFunction<typeof openPdf>;

const realGetContext = HTMLCanvasElement.prototype.getContext;

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  openMock.mockReset();
  HTMLCanvasElement.prototype.getContext = jest.fn(() => ({}) as CanvasRenderingContext2D) as never;
});

afterEach(() => {
  HTMLCanvasElement.prototype.getContext = realGetContext;
});

const oneDoc = (numPages: number): PdfDocumentLike => ({
  numPages,
  getPage: async () => ({
    getViewport: ({ scale }) => ({ width: 600 * scale, height: 800 * scale }),
    render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
  }),
});

function renderViewer(props: Partial<Parameters<typeof PdfViewer>[0]> = {}) {
  return render(
    <I18nextProvider i18n={i18n}>
      <PdfViewer source={{ url: '/api/offer/files/letter.pdf' }} title="Offer letter" {...props} />
    </I18nextProvider>,
  );
}

describe('PdfViewer', () => {
  it('shows a loading state, then the labelled pages', async () => {
    let resolve!: (doc: PdfDocumentLike) => void;
    const destroy = jest.fn();
    openMock.mockReturnValue({ document: new Promise((r) => (resolve = r)), destroy });
    const { unmount } = renderViewer();
    expect(openMock).toHaveBeenCalledWith({ url: '/api/offer/files/letter.pdf' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading document…');
    resolve(oneDoc(2));
    expect(await screen.findByRole('img', { name: 'Page 1 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Page 2 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Offer letter, PDF document' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/offer/files/letter.pdf');
    unmount();
    expect(destroy).toHaveBeenCalled();
  });

  it('logs a load failure and shows a short message with the download link', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    openMock.mockReturnValue({ document: Promise.reject(new Error('Invalid PDF structure')), destroy: jest.fn() });
    renderViewer();
    expect(await screen.findByRole('alert')).toHaveTextContent('The document could not be shown.');
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('download', 'Offer letter.pdf');
    expect(log).toHaveBeenCalledWith('[careers] PDF load failure', expect.any(Error));
    log.mockRestore();
  });

  it('opens base64 content, with a data: download link', async () => {
    openMock.mockReturnValue({ document: Promise.resolve(oneDoc(1)), destroy: jest.fn() });
    renderViewer({ source: { base64: 'JVBERi0xLjcK' } });
    await screen.findByRole('img', { name: 'Page 1 of 1' });
    expect(openMock).toHaveBeenCalledWith({ base64: 'JVBERi0xLjcK' });
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      'data:application/pdf;base64,JVBERi0xLjcK',
    );
  });

  it('makes the embedded box a keyboard-scrollable region', async () => {
    openMock.mockReturnValue({ document: Promise.resolve(oneDoc(1)), destroy: jest.fn() });
    renderViewer({ layout: 'embedded' });
    const region = screen.getByRole('region', { name: 'Offer letter, PDF document' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region.parentElement).toHaveClass('cw-pdf--embedded');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Page 1 of 1' })).toBeInTheDocument());
  });
});
