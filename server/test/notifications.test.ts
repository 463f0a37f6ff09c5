import { Value } from '@sinclair/typebox/value';
import { Notification, NotificationBootData, type Notification as NotificationShape } from '../src/contract';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, DEMO_OTHER_EMAIL, TestClient, useTestApp, signedIn } from './helpers';

const ctx = useTestApp();
const q = `domain=${DEMO_DOMAIN}`;

async function list(client: TestClient, query = q): Promise<NotificationShape[]> {
  const res = await client.get(`/api/pcsx/notifications?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.notifications as NotificationShape[];
}

async function badge(client: TestClient): Promise<number> {
  const res = await client.get(`/api/pcsx/notification_badge?${q}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.count as number;
}

describe('GET /api/pcsx/notifications_boot_data', () => {
  it('answers signed-out visitors (no session at all) with isLoggedIn false', async () => {
    const res = await new TestClient(ctx.app).get('/api/pcsx/notifications_boot_data');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      data: {
        groupId: DEMO_DOMAIN,
        isLoggedIn: false,
        enableCandidateInappNotifications: true,
        hasActionRequiredNotificationsConfigured: true,
      },
    });
  });

  it('reports the signed-in candidate, using the session domain when none is given', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await client.get('/api/pcsx/notifications_boot_data');
    expect(Value.Check(NotificationBootData, res.json().data)).toBe(true);
    expect(res.json().data).toMatchObject({ groupId: DEMO_DOMAIN, isLoggedIn: true });
    expect(res.headers['x-csrf-token']).toBe(client.csrfToken);
  });

  it('answers 404 for an unknown employer and 400 for a malformed domain', async () => {
    const unknown = await new TestClient(ctx.app).get('/api/pcsx/notifications_boot_data?domain=nobody.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
    const bad = await new TestClient(ctx.app).get('/api/pcsx/notifications_boot_data?domain=%3Cscript%3E');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation', field: 'domain' });
  });
});

describe('notifications of the signed-in candidate', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = new TestClient(ctx.app);
    await client.login(DEMO_CANDIDATE_EMAIL);
  });

  it('lists them newest first in the contract shape', async () => {
    const res = await client.get(`/api/pcsx/notifications?${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-csrf-token']).toBe(client.csrfToken);
    const items = res.json().data.notifications as NotificationShape[];
    expect(items).toHaveLength(8);
    for (const item of items) {
      expect(Value.Check(Notification, item)).toBe(true);
      expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
    }
    const times = items.map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items.some((item) => item.redirectUrl === null)).toBe(true);
    expect(items.some((item) => item.redirectUrl === '/careers/offers?domain=acme.example')).toBe(true);
    expect(items.filter((item) => !item.isViewed)).toHaveLength(4);
    expect(items.filter((item) => item.isClicked)).toHaveLength(2);
    expect(new Set(items.map((item) => item.notificationType))).toEqual(new Set(['read_only', 'action_required']));
    expect(items[0]).toMatchObject({
      categoryTitle: 'Job offer',
      notificationType: 'action_required',
      isViewed: false,
    });
  });

  it('filters to action-required ones with type_filter=action_required', async () => {
    const items = await list(client, `${q}&type_filter=action_required`);
    expect(items.length).toBe(4);
    expect(items.every((item) => item.notificationType === 'action_required')).toBe(true);
  });

  it('counts not-yet-viewed ones on the badge, and mark_all_viewed clears it', async () => {
    expect(await badge(client)).toBe(4);
    const res = await client.post('/api/pcsx/notifications/mark_all_viewed', { domain: DEMO_DOMAIN });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { updated: 4 } });
    expect(await badge(client)).toBe(0);
    expect((await list(client)).every((item) => item.isViewed)).toBe(true);
    const again = await client.post('/api/pcsx/notifications/mark_all_viewed', { domain: DEMO_DOMAIN });
    expect(again.json()).toEqual({ data: { updated: 0 } });
  });

  it('marks one clicked (and viewed), idempotently', async () => {
    const target = (await list(client)).find((item) => !item.isClicked)!;
    const first = await client.post(`/api/pcsx/notifications/${target.id}/mark_clicked`, { domain: DEMO_DOMAIN });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { updated: 1 } });
    const second = await client.post(`/api/pcsx/notifications/${target.id}/mark_clicked`, { domain: DEMO_DOMAIN });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ data: { updated: 0 } });
    const after = (await list(client)).find((item) => item.id === target.id)!;
    expect(after).toMatchObject({ isClicked: true, isViewed: true });
  });

  it('answers 404 for an id that does not exist', async () => {
    const res = await client.post('/api/pcsx/notifications/987654/mark_clicked', { domain: DEMO_DOMAIN });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Notification 987654 not found.',
      code: 'not_found',
    });
  });

  it('marks all clicked', async () => {
    const unclicked = (await list(client)).filter((item) => !item.isClicked).length;
    expect(unclicked).toBeGreaterThan(0);
    const res = await client.post('/api/pcsx/notifications/mark_all_clicked', { domain: DEMO_DOMAIN });
    expect(res.json()).toEqual({ data: { updated: unclicked } });
    expect((await list(client)).every((item) => item.isClicked && item.isViewed)).toBe(true);
    const again = await client.post('/api/pcsx/notifications/mark_all_clicked', { domain: DEMO_DOMAIN });
    expect(again.json()).toEqual({ data: { updated: 0 } });
  });
});

describe('isolation between candidates', () => {
  it("shows Olive only her own notifications and never lets her change Casey's", async () => {
    const olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
    const mine = await list(olive);
    expect(mine).toHaveLength(2);
    expect(mine.every((item) => item.message.startsWith('Olive,'))).toBe(true);

    const ownerOf = async (id: number) =>
      await ctx.db
        .selectFrom('notifications')
        .select(['candidate_id', 'clicked_at', 'viewed_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const caseyRow = await ctx.db
      .selectFrom('notifications')
      .innerJoin('candidates', 'candidates.id', 'notifications.candidate_id')
      .select(['notifications.id as id'])
      .where('candidates.email', '=', DEMO_CANDIDATE_EMAIL)
      .orderBy('notifications.id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('notifications')
      .set({ clicked_at: null, viewed_at: null })
      .where('id', '=', caseyRow.id)
      .execute();

    const res = await olive.post(`/api/pcsx/notifications/${caseyRow.id}/mark_clicked`, { domain: DEMO_DOMAIN });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect(await ownerOf(caseyRow.id)).toMatchObject({ clicked_at: null, viewed_at: null });

    // Olive's bulk calls touch only her rows.
    const viewed = await olive.post('/api/pcsx/notifications/mark_all_viewed', { domain: DEMO_DOMAIN });
    expect(viewed.json()).toEqual({ data: { updated: 1 } });
    const clicked = await olive.post('/api/pcsx/notifications/mark_all_clicked', { domain: DEMO_DOMAIN });
    expect(clicked.json()).toEqual({ data: { updated: 2 } });
    expect(await ownerOf(caseyRow.id)).toMatchObject({ clicked_at: null, viewed_at: null });
  });
});

describe('access rules', () => {
  const calls: Array<[string, string, unknown]> = [
    ['GET', `/api/pcsx/notifications?${q}`, undefined],
    ['GET', `/api/pcsx/notification_badge?${q}`, undefined],
    ['POST', '/api/pcsx/notifications/mark_all_viewed', { domain: DEMO_DOMAIN }],
    ['POST', '/api/pcsx/notifications/mark_all_clicked', { domain: DEMO_DOMAIN }],
    ['POST', '/api/pcsx/notifications/1/mark_clicked', { domain: DEMO_DOMAIN }],
  ];

  it.each(calls)('%s %s → 401 with x-login when signed out', async (method, url, payload) => {
    const withSession = new TestClient(ctx.app);
    await withSession.get('/careers/login'); // anonymous session with a valid CSRF token
    const withoutSession = new TestClient(ctx.app);
    for (const client of [withSession, withoutSession]) {
      const res = await client.request({
        method: method as 'GET' | 'POST',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-login']).toBe('1');
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Login required.',
        code: 'login_required',
      });
    }
  });

  it.each(calls)('%s %s → 403 forbidden_domain for another employer', async (method, url, payload) => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const otherUrl = url.replace(`domain=${DEMO_DOMAIN}`, 'domain=globex.example');
    const otherPayload = payload ? { domain: 'globex.example' } : undefined;
    const res = await client.request({
      method: method as 'GET' | 'POST',
      url: otherUrl,
      ...(otherPayload ? { payload: otherPayload } : {}),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'You are signed in to a different employer and cannot use domain "globex.example".',
      code: 'forbidden_domain',
      field: 'domain',
    });
  });

  it('treats the domain case-insensitively', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await client.get('/api/pcsx/notification_badge?domain=ACME.example');
    expect(res.statusCode).toBe(200);
  });

  it('refuses state changes without the right CSRF token and changes nothing', async () => {
    const client = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
    await ctx.db.updateTable('notifications').set({ viewed_at: null, clicked_at: null }).execute();
    const before = await badge(client);
    expect(before).toBe(2);
    for (const headers of [{}, { 'x-csrf-token': 'not-the-token' }, { 'x-csrf-token': '' }] as Array<
      Record<string, string>
    >) {
      for (const url of ['/api/pcsx/notifications/mark_all_viewed', '/api/pcsx/notifications/mark_all_clicked']) {
        const res = await client.post(url, { domain: DEMO_DOMAIN }, { csrf: false, headers });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: 'Invalid CSRF token.',
          code: 'invalid_csrf',
        });
      }
    }
    expect(await badge(client)).toBe(before);
    expect((await list(client)).some((item) => item.isClicked)).toBe(false);
  });

  it('does not accept the token of another session', async () => {
    const olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await olive.post(
      '/api/pcsx/notifications/mark_all_viewed',
      { domain: DEMO_DOMAIN },
      { headers: { 'x-csrf-token': casey.csrfToken! } },
    );
    expect(res.statusCode).toBe(403);
  });

  it('answers 403 notifications_disabled when the employer has switched them off', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    await ctx.db.updateTable('employers').set({ notifications_enabled: 0 }).where('domain', '=', DEMO_DOMAIN).execute();
    try {
      const res = await client.get(`/api/pcsx/notifications?${q}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'notifications_disabled' });
      const boot = await client.get(`/api/pcsx/notifications_boot_data?${q}`);
      expect(boot.json().data.enableCandidateInappNotifications).toBe(false);
    } finally {
      await ctx.db
        .updateTable('employers')
        .set({ notifications_enabled: 1 })
        .where('domain', '=', DEMO_DOMAIN)
        .execute();
    }
  });
});
