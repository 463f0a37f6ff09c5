import { Value } from '@sinclair/typebox/value';
import {
  BootData,
  BootstrapProfileResponse,
  OnboardingResponse,
  type BootData as BootDataShape,
} from '../src/contract';
import { hashPassword } from '../src/auth/password';
import { createCandidateRepository } from '../src/candidates/repository';
import { DEMO_TERMS } from '../src/db/seed';
import {
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_NEW_EMAIL,
  DEMO_PASSWORD,
  TestClient,
  useTestApp,
  signedIn,
} from './helpers';

const ctx = useTestApp();
const q = `domain=${DEMO_DOMAIN}`;

function bootDataOf(html: string): BootDataShape {
  const match = /<script type="application\/json" id="careers-boot-data">([\s\S]*?)<\/script>/.exec(html);
  const data = JSON.parse(match![1]!) as BootDataShape;
  expect(Value.Check(BootData, data)).toBe(true);
  return data;
}

async function bootData(client: TestClient): Promise<BootDataShape> {
  return bootDataOf((await client.get(`/careers?${q}`)).body);
}

const bootstrapBody = (extra: Record<string, unknown> = {}) => ({
  domain: DEMO_DOMAIN,
  firstname: 'Nora',
  lastname: 'Newton',
  location: 'Halifax, NS',
  ...extra,
});

describe('boot data', () => {
  it('carries the terms-of-service config and, for a signed-in candidate, the first-run state', async () => {
    const anonymous = await bootData(new TestClient(ctx.app));
    expect(anonymous.onboarding).toBeNull();
    expect(anonymous.pcsxConfig.termsOfServiceConfig).toEqual(DEMO_TERMS);
    expect(anonymous.pcsxConfig.termsOfServiceConfig).toMatchObject({
      enabled: true,
      headingText: 'Terms of service',
      submitButtonText: 'Accept',
    });
    expect(anonymous.pcsxConfig.termsOfServiceConfig!.disclaimerText).toContain('<a href=');

    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    expect((await bootData(casey)).onboarding).toEqual({ isOnboarded: true, isBootstrapped: true, tosAttested: true });

    const nora = await signedIn(ctx.app, DEMO_NEW_EMAIL);
    const data = await bootData(nora);
    expect(data.onboarding).toEqual({ isOnboarded: false, isBootstrapped: false, tosAttested: false });
    expect(data.profile).toMatchObject({ firstname: 'Nora', lastname: 'New', fullname: 'Nora New', location: '' });
  });
});

describe("a new candidate's first visit: terms, onboarding, profile bootstrapping", () => {
  let nora: TestClient;
  beforeAll(async () => {
    nora = new TestClient(ctx.app);
    await nora.login(DEMO_NEW_EMAIL);
  });

  it('reports the terms as not attested', async () => {
    const res = await nora.get(`/api/pcsx/terms_of_service?${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { tosAttested: false } });
  });

  it('refuses onboarding before the terms are accepted (409)', async () => {
    const res = await nora.post('/api/pcsx/onboarding', { domain: DEMO_DOMAIN });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', message: 'Accept the terms of service before continuing.' });
  });

  it('validates the acceptance body', async () => {
    for (const [body, field] of [
      [{ domain: DEMO_DOMAIN, accepted: false }, 'accepted'],
      [{ domain: DEMO_DOMAIN, accepted: 'yes' }, 'accepted'],
      [{ domain: DEMO_DOMAIN, accepted: true, extra: 1 }, 'extra'],
      [{ domain: '', accepted: true }, 'domain'],
    ] as const) {
      const res = await nora.post('/api/pcsx/terms_of_service', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', field });
    }
  });

  it('records the acceptance once', async () => {
    const res = await nora.post('/api/pcsx/terms_of_service', { domain: DEMO_DOMAIN, accepted: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { tosAttested: true } });
    const first = await ctx.db
      .selectFrom('candidates')
      .select('tos_attested_at')
      .where('email', '=', DEMO_NEW_EMAIL)
      .executeTakeFirstOrThrow();
    expect(first.tos_attested_at).not.toBeNull();
    await nora.post('/api/pcsx/terms_of_service', { domain: DEMO_DOMAIN, accepted: true });
    const second = await ctx.db
      .selectFrom('candidates')
      .select('tos_attested_at')
      .where('email', '=', DEMO_NEW_EMAIL)
      .executeTakeFirstOrThrow();
    expect(second.tos_attested_at).toBe(first.tos_attested_at);
    expect((await nora.get(`/api/pcsx/terms_of_service?${q}`)).json()).toEqual({ data: { tosAttested: true } });
  });

  it('onboards (repeating it is harmless)', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await nora.post('/api/pcsx/onboarding', { domain: DEMO_DOMAIN });
      expect(res.statusCode).toBe(200);
      expect(Value.Check(OnboardingResponse, res.json())).toBe(true);
      expect(res.json()).toEqual({ data: { isOnboarded: true, isBootstrapped: false, tosAttested: true } });
    }
  });

  it('validates the profile bootstrapping step', async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [bootstrapBody({ firstname: undefined }), 'firstname'],
      [bootstrapBody({ firstname: '' }), 'firstname'],
      [bootstrapBody({ firstname: '   ' }), 'firstname', 'Enter your first name.'],
      [bootstrapBody({ lastname: '\t' }), 'lastname', 'Enter your last name.'],
      [bootstrapBody({ location: ' ' }), 'location', 'Enter your location, for example Toronto, ON.'],
      [bootstrapBody({ firstname: 'No\u0000ra' }), 'firstname'],
      [bootstrapBody({ lastname: 'x'.repeat(101) }), 'lastname'],
      [bootstrapBody({ location: 42 }), 'location'],
      [bootstrapBody({ email: 'x@example.com' }), 'email'],
    ];
    for (const [body, field, message] of cases) {
      const res = await nora.post('/api/pcsx/profile_bootstrap', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', field, ...(message ? { message } : {}) });
    }
    expect((await bootData(nora)).onboarding!.isBootstrapped).toBe(false);
  });

  it('saves the name and location (trimmed) and marks the candidate bootstrapped', async () => {
    const res = await nora.post(
      '/api/pcsx/profile_bootstrap',
      bootstrapBody({ firstname: '  Nora ', lastname: 'Newton' }),
    );
    expect(res.statusCode).toBe(200);
    expect(Value.Check(BootstrapProfileResponse, res.json())).toBe(true);
    expect(res.json().data).toEqual({
      onboarding: { isOnboarded: true, isBootstrapped: true, tosAttested: true },
      profile: expect.objectContaining({
        email: DEMO_NEW_EMAIL,
        firstname: 'Nora',
        lastname: 'Newton',
        fullname: 'Nora Newton',
        location: 'Halifax, NS',
      }),
    });
    const data = await bootData(nora);
    expect(data.onboarding).toEqual({ isOnboarded: true, isBootstrapped: true, tosAttested: true });
    expect(data.profile).toMatchObject({ fullname: 'Nora Newton', location: 'Halifax, NS' });
  });

  it('bootstraps once: a second call answers 409 and changes nothing', async () => {
    const res = await nora.post(
      '/api/pcsx/profile_bootstrap',
      bootstrapBody({ firstname: 'Made', lastname: 'Up', location: 'Elsewhere' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'conflict',
      message: 'Your profile is already set up. Change your name or location by editing your profile.',
    });
    const stored = await ctx.db
      .selectFrom('candidates')
      .select(['first_name', 'last_name', 'location', 'is_bootstrapped'])
      .where('email', '=', DEMO_NEW_EMAIL)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ first_name: 'Nora', last_name: 'Newton', location: 'Halifax, NS', is_bootstrapped: 1 });
    expect((await bootData(nora)).profile).toMatchObject({ fullname: 'Nora Newton', location: 'Halifax, NS' });
  });
});

describe('profile bootstrapping after the first run', () => {
  it('is refused for a candidate who is already bootstrapped (the demo candidate), whose name stays', async () => {
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await casey.post(
      '/api/pcsx/profile_bootstrap',
      bootstrapBody({ firstname: 'Someone', lastname: 'Else', location: 'Nowhere' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict' });
    expect((await bootData(casey)).profile).toMatchObject({ firstname: 'Casey', lastname: 'Jordan' });
  });

  it('of two concurrent first-run calls exactly one saves', async () => {
    const email = `race-${Date.now()}@example.com`;
    await createCandidateRepository(ctx.db).create(
      {
        domain: DEMO_DOMAIN,
        email,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        firstName: 'Race',
        lastName: 'Runner',
        tosAttestedAt: new Date().toISOString(),
        isOnboarded: true,
      },
      new Date(),
    );
    const client = await signedIn(ctx.app, email);
    const answers = await Promise.all(
      ['First', 'Second'].map((lastname) =>
        client.post('/api/pcsx/profile_bootstrap', bootstrapBody({ firstname: 'Race', lastname })),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((res) => res.statusCode === 200)!.json().data.profile.lastname as string;
    const stored = await ctx.db
      .selectFrom('candidates')
      .select('last_name')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.last_name).toBe(winner);
  });
});

describe('protection of the onboarding calls', () => {
  const calls = [
    { url: '/api/pcsx/terms_of_service', payload: { domain: DEMO_DOMAIN, accepted: true } },
    { url: '/api/pcsx/onboarding', payload: { domain: DEMO_DOMAIN } },
    { url: '/api/pcsx/profile_bootstrap', payload: bootstrapBody() },
  ];

  it('needs a session (401)', async () => {
    const anonymous = new TestClient(ctx.app);
    await anonymous.get(`/careers?${q}`);
    expect((await anonymous.get(`/api/pcsx/terms_of_service?${q}`)).statusCode).toBe(401);
    for (const { url, payload } of calls) expect((await anonymous.post(url, payload)).statusCode).toBe(401);
  });

  it('needs the CSRF token (403) and the signed-in employer (403)', async () => {
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    for (const { url, payload } of calls) {
      const noToken = await casey.post(url, payload, { csrf: false });
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json().code).toBe('invalid_csrf');
      const foreign = await casey.post(url, { ...payload, domain: 'other.example' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().code).toBe('forbidden_domain');
    }
    expect((await casey.get('/api/pcsx/terms_of_service?domain=other.example')).statusCode).toBe(403);
    const profile = await ctx.db
      .selectFrom('candidates')
      .selectAll()
      .where('email', '=', DEMO_CANDIDATE_EMAIL)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ first_name: 'Casey', last_name: 'Jordan' });
  });
});
