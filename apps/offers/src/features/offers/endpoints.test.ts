import { api, createCareersStore } from '@careers/shared';
import { fail, installFakeServer, ok, type FakeServer } from '../../test/fakeServer';
import { makeOffer } from '../../test/fixtures';
import { OFFER_CACHE_SECONDS } from './constants';
import { offersApi } from './endpoints';

const DOMAIN = 'acme.example';
let server: FakeServer;
let store: ReturnType<typeof createCareersStore>;

beforeEach(() => {
  server = installFakeServer();
  store = createCareersStore();
});

describe('offer endpoints', () => {
  it('reads the list and one offer from the { data } envelope, scoped by domain', async () => {
    const offer = makeOffer({ enc_id: 'abc12345' });
    server.on('GET', '/api/offer/offers', ok({ offers: [offer] }));
    server.on('GET', '/api/offer/abc12345', ok({ offer }));
    const list = await store.dispatch(offersApi.endpoints.getOffers.initiate({ domain: DOMAIN }));
    const one = await store.dispatch(offersApi.endpoints.getOffer.initiate({ encId: 'abc12345', domain: DOMAIN }));
    expect(list.data).toEqual([offer]);
    expect(one.data).toEqual(offer);
    expect(server.calls.map((c) => `${c.method} ${c.path}?${c.query}`)).toEqual([
      'GET /api/offer/offers?domain=acme.example',
      'GET /api/offer/abc12345?domain=acme.example',
    ]);
  });

  it('caches offers for a day and does not retry a failure', async () => {
    expect(OFFER_CACHE_SECONDS).toBe(86400);
    server.on('GET', '/api/offer/offers', fail(500, 'Boom'));
    const result = await store.dispatch(offersApi.endpoints.getOffers.initiate({ domain: DOMAIN }));
    expect(result.error).toMatchObject({ status: 500 });
    expect(server.callsTo('GET', '/api/offer/offers')).toHaveLength(1);
    // A second subscriber within the day reads the cache.
    server.on('GET', '/api/offer/offers', ok({ offers: [] }));
    const sub = store.dispatch(offersApi.endpoints.getOffers.initiate({ domain: 'b.example' }));
    await sub;
    const again = store.dispatch(offersApi.endpoints.getOffers.initiate({ domain: 'b.example' }));
    await again;
    expect(server.callsTo('GET', '/api/offer/offers')).toHaveLength(2);
    sub.unsubscribe();
    again.unsubscribe();
  });

  it('keeps unused offers for one day, then asks again', async () => {
    jest.useFakeTimers();
    try {
      const offer = makeOffer({ enc_id: 'abc12345' });
      server.on('GET', '/api/offer/abc12345', ok({ offer }));
      const args = { encId: 'abc12345', domain: DOMAIN };
      const first = store.dispatch(offersApi.endpoints.getOffer.initiate(args));
      await first;
      first.unsubscribe();
      await jest.advanceTimersByTimeAsync(23 * 60 * 60 * 1000);
      const second = store.dispatch(offersApi.endpoints.getOffer.initiate(args));
      await second;
      second.unsubscribe();
      expect(server.callsTo('GET', '/api/offer/abc12345')).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(OFFER_CACHE_SECONDS * 1000 + 1000);
      const third = store.dispatch(offersApi.endpoints.getOffer.initiate(args));
      await third;
      third.unsubscribe();
      expect(server.callsTo('GET', '/api/offer/abc12345')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('posts the calls with the documented bodies', async () => {
    server.on('POST', '/api/offer/offers/:id/:doc/accept', ok({ ok: true }));
    server.on('POST', '/api/offer/offers/:id/:doc/esign_status', ok({ esign_status: 'signed', offer: makeOffer() }));
    server.on('POST', '/api/offer/offers/:id/decline', ok({ ok: true }));
    await store.dispatch(
      offersApi.endpoints.acceptDocument.initiate({
        encId: 'abc12345',
        documentId: 7,
        domain: DOMAIN,
        full_name: 'Ada',
        terms_accepted: true,
      }),
    );
    await store.dispatch(
      offersApi.endpoints.acceptDocument.initiate({ encId: 'abc12345', documentId: 7, domain: DOMAIN }),
    );
    const status = await store.dispatch(
      offersApi.endpoints.esignStatus.initiate({ encId: 'abc12345', documentId: 7, domain: DOMAIN }),
    );
    await store.dispatch(offersApi.endpoints.declineOffer.initiate({ encId: 'abc12345', domain: DOMAIN }));
    expect(status.data?.esign_status).toBe('signed');
    expect(server.calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/offer/offers/abc12345/7/accept', { domain: DOMAIN, full_name: 'Ada', terms_accepted: true }],
      ['/api/offer/offers/abc12345/7/accept', { domain: DOMAIN }],
      ['/api/offer/offers/abc12345/7/esign_status', { domain: DOMAIN }],
      ['/api/offer/offers/abc12345/decline', { domain: DOMAIN }],
    ]);
  });

  it('refetches the offer and the list after a change', async () => {
    const offer = makeOffer({ enc_id: 'abc12345' });
    server.on('GET', '/api/offer/offers', ok({ offers: [offer] }));
    server.on('GET', '/api/offer/abc12345', ok({ offer }));
    server.on('POST', '/api/offer/offers/:id/decline', ok({ ok: true }));
    const list = store.dispatch(offersApi.endpoints.getOffers.initiate({ domain: DOMAIN }));
    const one = store.dispatch(offersApi.endpoints.getOffer.initiate({ encId: 'abc12345', domain: DOMAIN }));
    await Promise.all([list, one]);
    await store.dispatch(offersApi.endpoints.declineOffer.initiate({ encId: 'abc12345', domain: DOMAIN }));
    await new Promise((r) => setTimeout(r, 0));
    expect(server.callsTo('GET', '/api/offer/offers')).toHaveLength(2);
    expect(server.callsTo('GET', '/api/offer/abc12345')).toHaveLength(2);
    list.unsubscribe();
    one.unsubscribe();
  });

  it.each(['declineOffer', 'acceptDocument', 'esignStatus'] as const)(
    'refreshes the bell badge (the cross-widget NotificationBadge tag) at once after %s',
    async (mutation) => {
      // Stands in for the bell's badge query (another widget's endpoint, providing the shared tag).
      const bell = api.injectEndpoints({
        endpoints: (build) => ({
          testBadge: build.query<number, void>({
            query: () => ({ url: '/api/pcsx/notification_badge' }),
            transformResponse: (r: { data: { count: number } }) => r.data.count,
            providesTags: ['NotificationBadge'],
          }),
        }),
        overrideExisting: true,
      });
      server.on('GET', '/api/pcsx/notification_badge', ok({ count: 1 }));
      server.on('POST', '/api/offer/offers/:id/decline', ok({ ok: true }));
      server.on('POST', '/api/offer/offers/:id/:documentId/accept', ok({ ok: true }));
      server.on(
        'POST',
        '/api/offer/offers/:id/:documentId/esign_status',
        ok({ esign_status: 'completed', offer: makeOffer() }),
      );
      const badge = store.dispatch(bell.endpoints.testBadge.initiate());
      await badge;
      const args = { encId: 'abc12345', domain: DOMAIN, documentId: 3 };
      const answer = {
        declineOffer: () => store.dispatch(offersApi.endpoints.declineOffer.initiate(args)),
        acceptDocument: () => store.dispatch(offersApi.endpoints.acceptDocument.initiate(args)),
        esignStatus: () => store.dispatch(offersApi.endpoints.esignStatus.initiate(args)),
      };
      await answer[mutation]();
      await new Promise((r) => setTimeout(r, 0));
      expect(server.callsTo('GET', '/api/pcsx/notification_badge')).toHaveLength(2);
      badge.unsubscribe();
    },
  );
});
