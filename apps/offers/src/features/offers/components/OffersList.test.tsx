import { screen, within } from '@testing-library/react';
import type { Offer, OfferStatus } from '@careers/shared/contract';
import { bootData, DOMAIN, renderWithStore, setupI18n } from '../../../test/render';
import { fail, installFakeServer, ok, type FakeServer } from '../../../test/fakeServer';
import { DAY, HOUR, fromNow, makeOffer } from '../../../test/fixtures';
import { formatOfferDate } from '../dates';
import { OffersList } from './OffersList';

let server: FakeServer;

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  server = installFakeServer();
  window.history.replaceState(null, '', `/careers/offers?domain=${DOMAIN}`);
});

function answer(offers: Offer[]) {
  server.on('GET', '/api/offer/offers', ok({ offers }));
}

async function renderList(session = bootData()) {
  const view = renderWithStore(<OffersList domain={DOMAIN} />, { session });
  await screen.findByRole('heading', { level: 1, name: 'Offers' });
  return view;
}

async function card(position: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name: position });
}

describe('offers list', () => {
  it('asks for the offers of the domain', async () => {
    answer([]);
    await renderList();
    await screen.findByText('No offers found');
    expect(server.callsTo('GET', '/api/offer/offers').map((c) => c.query.get('domain'))).toEqual([DOMAIN]);
  });

  it('shows the heading and the empty state', async () => {
    answer([]);
    await renderList();
    expect(await screen.findByText('No offers found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Offers' })).toHaveClass('cw-offers-heading');
  });

  it('hides the heading visually in career-hub mode (still read by screen readers)', async () => {
    answer([]);
    await renderList(bootData({ pcsxConfig: { careerHubMode: true } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Offers' })).toHaveClass('cw-visually-hidden');
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    server.on('GET', '/api/offer/offers', fail(404, 'Nope'));
    await renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your offers could not be loaded.');
    answer([]);
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText('No offers found')).toBeInTheDocument();
  });

  it.each<[OfferStatus, string]>([
    ['Extended', 'Offer extended'],
    ['Declined', 'Offer declined'],
    ['Accepted', 'Offer accepted'],
    ['Canceled', 'Offer canceled'],
    ['Rejected', 'Offer rejected'],
    ['Contract Accepted', 'Contract accepted'],
    ['Contract Extended', 'Contract extended'],
  ])('labels a %s offer "%s"', async (status, label) => {
    answer([makeOffer({ status, position: { name: 'Welder' } })]);
    await renderList();
    const article = await card('Welder');
    expect(within(article).getByText(label)).toBeInTheDocument();
  });

  it('labels an Extended offer past its expiry "Offer expired", without Action required', async () => {
    const expires = fromNow(-HOUR);
    answer([makeOffer({ status: 'Extended', expires_at: expires, position: { name: 'Welder' } })]);
    await renderList();
    const article = await card('Welder');
    expect(within(article).getByText('Offer expired')).toBeInTheDocument();
    expect(within(article).getByText(`Expired ${formatOfferDate(expires)}`)).toBeInTheDocument();
    expect(within(article).queryByText('Action required')).not.toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'View job offer' })).toHaveClass('cw-button--secondary');
  });

  it('shows Action required with "Expires in 1 day" for a live offer expiring within a day', async () => {
    answer([makeOffer({ expires_at: fromNow(5 * HOUR), position: { name: 'Welder' } })]);
    await renderList();
    const article = await card('Welder');
    expect(within(article).getByText('Action required')).toBeInTheDocument();
    expect(within(article).getByText('Expires in 1 day')).toBeInTheDocument();
  });

  it('shows "Expires in N days" in full days left', async () => {
    const expires = fromNow(3 * DAY + HOUR);
    answer([makeOffer({ expires_at: expires, position: { name: 'Welder' } })]);
    await renderList();
    const article = await card('Welder');
    expect(within(article).getByText('Expires in 3 days')).toBeInTheDocument();
    expect(within(article).getByText(`Expires ${formatOfferDate(expires)}`)).toBeInTheDocument();
  });

  it('shows no Action required for a live offer without an expiry, nor for other statuses', async () => {
    answer([
      makeOffer({
        enc_id: 'a1234567',
        expires_at: null,
        position: { name: 'No expiry' },
        updated_at: '2025-02-01T12:00:00Z',
      }),
      makeOffer({
        enc_id: 'b1234567',
        status: 'Accepted',
        expires_at: fromNow(DAY),
        position: { name: 'Accepted job' },
      }),
    ]);
    await renderList();
    const noExpiry = await card('No expiry');
    expect(within(noExpiry).queryByText('Action required')).not.toBeInTheDocument();
    expect(within(noExpiry).getByText(`Last updated ${formatOfferDate('2025-02-01T12:00:00Z')}`)).toBeInTheDocument();
    expect(within(await card('Accepted job')).queryByText('Action required')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Expires in/)).not.toBeInTheDocument();
  });

  it('makes View job offer primary for a live offer and secondary otherwise, linking to the offer with the domain', async () => {
    answer([
      makeOffer({ enc_id: 'live1234', position: { name: 'Live job' } }),
      makeOffer({ enc_id: 'done1234', status: 'Declined', position: { name: 'Declined job' } }),
    ]);
    await renderList();
    const live = within(await card('Live job')).getByRole('link', { name: 'View job offer' });
    expect(live).toHaveClass('cw-button--primary');
    expect(live).toHaveAttribute('href', `/careers/offer/live1234?domain=${DOMAIN}`);
    expect(live).toHaveAccessibleDescription('Live job');
    const declined = within(await card('Declined job')).getByRole('link', { name: 'View job offer' });
    expect(declined).toHaveClass('cw-button--secondary');
  });

  it('opens the offer without a page load', async () => {
    answer([makeOffer({ enc_id: 'live1234', position: { name: 'Live job' } })]);
    await renderList();
    within(await card('Live job'))
      .getByRole('link', { name: 'View job offer' })
      .click();
    expect(window.location.pathname).toBe('/careers/offer/live1234');
    expect(window.location.search).toBe(`?domain=${DOMAIN}`);
  });
});
