import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from '@careers/shared';
import { bootData, DOMAIN, renderWithStore, setupI18n } from './test/render';
import { installFakeServer, ok, type FakeServer } from './test/fakeServer';
import { makeDocument, makeOffer } from './test/fixtures';
import { App } from './App';

jest.mock('canvas-confetti', () => ({
  __esModule: true,
  default: { create: jest.fn(() => jest.fn(() => Promise.resolve(null))) },
}));
jest.mock('./features/pdf/components/LazyPdfViewer', () => ({
  LazyPdfViewer: () => require('react').createElement('div', { 'data-testid': 'pdf-viewer' }),
}));

let server: FakeServer;
const offer = makeOffer({ enc_id: 'offerAbc123', offer_documents: [makeDocument({ id: 11 })] });

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  server = installFakeServer();
  server.on('GET', '/api/offer/offers', ok({ offers: [offer] }));
  server.on('GET', '/api/offer/offerAbc123', ok({ offer }));
});

function go(path: string) {
  window.history.replaceState(null, '', path);
}

describe('offers widget routing', () => {
  it('renders nothing on other pages', () => {
    go('/careers/dashboard');
    const { container } = renderWithStore(<App />);
    expect(container).toBeEmptyDOMElement();
    expect(server.calls).toHaveLength(0);
  });

  it('moves list → offer → document → back without a page load, focusing each new heading', async () => {
    const user = userEvent.setup();
    go(`/careers/offers?domain=${DOMAIN}`);
    renderWithStore(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).not.toHaveFocus();

    await user.click(await screen.findByRole('link', { name: 'View job offer' }));
    const offerHeading = await screen.findByRole('heading', { level: 1, name: 'Job offer for Robotics Engineer' });
    await waitFor(() => expect(offerHeading).toHaveFocus());

    await user.click(screen.getByRole('link', { name: 'Start' }));
    expect(window.location.pathname).toBe('/careers/offer/offerAbc123/offer-document/11');
    // The document page is a lazy chunk.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Offer letter' })).toHaveFocus());
    expect(
      screen.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to job offer' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Job offer for Robotics Engineer' }),
    ).toBeInTheDocument();

    act(() => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/careers/offer/offerAbc123/offer-document/11'));
  });

  it('renders the offer-letter page', async () => {
    server.on('GET', '/api/offer/offerAbc123', ok({ offer: { ...offer, acceptance: 'upload' } }));
    go(`/careers/offer-letter/offerAbc123?domain=${DOMAIN}`);
    renderWithStore(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer letter' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Upload signed document/ })).toBeInTheDocument();
  });

  it('uses the page’s domain for the calls', async () => {
    go('/careers/offers');
    renderWithStore(<App />, { session: bootData({ groupId: 'other.example' }) });
    await screen.findByRole('link', { name: 'View job offer' });
    expect(server.calls[0]?.query.get('domain')).toBe('other.example');
    expect(screen.getByRole('link', { name: 'View job offer' })).toHaveAttribute(
      'href',
      '/careers/offer/offerAbc123?domain=other.example',
    );
  });

  it('follows navigation made elsewhere on the page', async () => {
    go(`/careers/offers?domain=${DOMAIN}`);
    renderWithStore(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    act(() => navigate(`/careers/offer/offerAbc123?domain=${DOMAIN}`));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Job offer for Robotics Engineer' }),
    ).toBeInTheDocument();
    act(() => navigate('/careers/jobs'));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
