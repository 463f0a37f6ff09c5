/**
 * Candidate accounts (docs/product/accounts-and-mail.md): sign-up and its verification link, sign-in by emailed
 * code, password reset, email change, and claiming signed-out applications, read as the candidate reads them: in
 * the mail kept by the outbox (no SMTP server here; mail-delivery.test.ts sends through one).
 */
import { PDFDocument } from 'pdf-lib';
import type { FormValues } from '../src/contract';
import { DEMO_SHORT_FORM_KEY } from '../src/forms/demo-forms';
import { insertPositions } from '../src/positions/repository';
import { createAccountTokens } from '../src/auth/account-tokens';
import { createOutbox, listMail, MAIL_RETENTION_MS, purgeOldMail, type StoredMail } from '../src/mail/outbox';
import {
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_OTHER_EMAIL,
  DEMO_PASSWORD,
  openTestPosition,
  signedIn,
  TestClient,
  useTestApp,
} from './helpers';

const ctx = useTestApp();
const GOOD_PASSWORD = 'correct horse battery staple';

let count = 0;
const newEmail = () => `person.${++count}.${Date.now()}@example.org`;
let addressCount = 0;
const newAddress = () => `203.0.113.${++addressCount}`;

async function browser(): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
  return client;
}

/** The latest mail to `to` (the outbox keeps it: no SMTP server is configured). */
async function latestMail(to: string): Promise<StoredMail> {
  const [mail] = await listMail(ctx.db, { to, limit: 1 });
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

const mailCount = async (to: string) => (await listMail(ctx.db, { to })).length;

/** The link of a mail's button, as the plain text gives it. */
function linkIn(mail: StoredMail, path: string): URL {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?[^\\s]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(match[0]);
}

const signup = (client: TestClient, fields: Record<string, unknown>, address = newAddress()) =>
  client.request({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      domain: DEMO_DOMAIN,
      firstName: 'Robin',
      lastName: 'Rivera',
      password: GOOD_PASSWORD,
      consent: true,
      ...fields,
    },
    remoteAddress: address,
  });

const isLoggedIn = async (client: TestClient) =>
  (await client.get(`/api/pcsx/notifications_boot_data?domain=${DEMO_DOMAIN}`)).json().data.isLoggedIn as boolean;

afterEach(() => ctx.db.deleteFrom('rate_limits').execute());

describe('sign-up', () => {
  it('answers alike for a new and a taken email; only the mail differs, and nothing is made before the link', async () => {
    const email = newEmail();
    const fresh = await signup(await browser(), { email });
    const taken = await signup(await browser(), { email: DEMO_CANDIDATE_EMAIL });
    expect(fresh.statusCode).toBe(202);
    expect(taken.statusCode).toBe(202);
    expect(Object.keys(fresh.json().data)).toEqual(Object.keys(taken.json().data));

    const verify = await latestMail(email);
    expect(verify.kind).toBe('verify_email');
    expect(verify.subject).toBe('Confirm your email for Acme Robotics careers');
    expect(verify.text).toContain('Hello Robin,');
    expect(verify.html).toContain('Confirm my email</a>');
    expect(verify.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect((await latestMail(DEMO_CANDIDATE_EMAIL)).kind).toBe('account_exists');

    const rows = await ctx.db.selectFrom('candidates').select('id').where('email', '=', email).execute();
    expect(rows).toEqual([]);
    // The password cannot be used before the address is proved.
    const early = await browser();
    expect(
      (await early.post('/api/auth/login', { email, password: GOOD_PASSWORD, domain: DEMO_DOMAIN })).statusCode,
    ).toBe(401);
    // The link's token is stored only as a keyed hash.
    const token = linkIn(verify, '/careers/account/verify').searchParams.get('token')!;
    const stored = await ctx.db.selectFrom('account_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('the link opens a page that asks for one click (a mail scanner opening it uses nothing), then signs in once', async () => {
    const email = newEmail();
    const client = await browser();
    expect((await signup(client, { email, next: '/careers/saved?domain=acme.example' })).statusCode).toBe(202);
    const link = linkIn(await latestMail(email), '/careers/account/verify');
    const scanner = await new TestClient(ctx.app).get(`${link.pathname}${link.search}`);
    expect(scanner.statusCode).toBe(200);
    expect(scanner.headers['referrer-policy']).toBe('no-referrer');

    const page = await client.get(`${link.pathname}${link.search}`);
    expect(page.body).toContain(`Confirm ${email} to finish creating your account.`);
    expect(page.body).toContain('action="/api/auth/verify"');
    const done = await client.post('/api/auth/verify', { token: link.searchParams.get('token') });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ ok: true, next: '/careers/saved?domain=acme.example', claimed: 0 });
    expect(await isLoggedIn(client)).toBe(true);
    const row = await ctx.db
      .selectFrom('candidates')
      .select(['first_name', 'last_name', 'email_verified_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Robin');
    expect(row.email_verified_at).not.toBeNull();

    const again = await (await browser()).post('/api/auth/verify', { token: link.searchParams.get('token') });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_token', field: 'token' });
    const usedPage = await client.get(`${link.pathname}${link.search}`);
    expect(usedPage.statusCode).toBe(410);
    expect(usedPage.body).toContain('This link no longer works');

    // The password chosen at sign-up now signs in.
    const later = await browser();
    expect(
      (await later.post('/api/auth/login', { email, password: GOOD_PASSWORD, domain: DEMO_DOMAIN })).statusCode,
    ).toBe(200);
  });

  it('a second sign-up with the same email cannot set the password of the first one’s link', async () => {
    const email = newEmail();
    await signup(await browser(), { email, password: 'the owner chose this one' });
    const ownerLink = linkIn(await latestMail(email), '/careers/account/verify');
    await signup(await browser(), { email, password: 'an attacker chose this one' });
    const owner = await browser();
    expect((await owner.post('/api/auth/verify', { token: ownerLink.searchParams.get('token') })).statusCode).toBe(200);
    const attacker = await browser();
    const tried = await attacker.post('/api/auth/login', {
      email,
      password: 'an attacker chose this one',
      domain: DEMO_DOMAIN,
    });
    expect(tried.statusCode).toBe(401);
  });

  it.each([
    ['too short', 'short pass', 'Use at least 12 characters.'],
    ['a most common one', 'qwerty123456', 'This password is one of the most common ones. Choose another.'],
    ['the same in capitals', 'QWERTY123456', 'This password is one of the most common ones. Choose another.'],
  ])('refuses a password %s, naming the field', async (_label, password, message) => {
    const response = await signup(await browser(), { email: newEmail(), password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'weak_password', field: 'password', message });
  });

  it('takes long passphrases and any character; counts characters, not bytes', async () => {
    expect((await signup(await browser(), { email: newEmail(), password: 'été à Montréal 🍁' })).statusCode).toBe(202);
    expect((await signup(await browser(), { email: newEmail(), password: 'x'.repeat(200) })).statusCode).toBe(202);
    const tooLong = await signup(await browser(), { email: newEmail(), password: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().field).toBe('password');
  });

  it('names each missing or wrong field, and mails nothing', async () => {
    const email = newEmail();
    for (const [fields, field] of [
      [{ consent: false }, 'consent'],
      [{ firstName: '' }, 'firstName'],
      [{ email: 'not-an-email' }, 'email'],
      [{ pendingAction: { type: 'apply', positionId: 1 } }, 'pendingAction'],
    ] as const) {
      const response = await signup(await browser(), { email, ...fields });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toMatch(new RegExp(`^${field}`));
    }
    expect(await mailCount(email)).toBe(0);
  });

  it('refuses a name with a control character (JSON and the page form), naming the field', async () => {
    const json = await signup(await browser(), { email: newEmail(), firstName: 'Ro\u0000bin' });
    expect(json.statusCode).toBe(400);
    expect(json.json().field).toBe('firstName');
    const client = await browser();
    const form = await client.postForm('/api/auth/signup', {
      _csrf: client.csrfToken!,
      domain: DEMO_DOMAIN,
      firstName: 'Kim',
      lastName: 'N\ng',
      email: newEmail(),
      password: GOOD_PASSWORD,
      consent: 'true',
    });
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain('Enter your name without line breaks or control characters.');
    const inbox = await new TestClient(ctx.app).get('/careers/dev/inbox?to=%00');
    expect(inbox.statusCode).toBe(400);
  });

  it('is refused where the employer turned sign-up off, and offered in the boot data as it is', async () => {
    const boot = (await (await browser()).get(`/api/pcsx/boot_data?domain=${DEMO_DOMAIN}`)).json().data;
    expect(boot.loginSignupConfig).toMatchObject({ candidateLoginEnabled: true, candidateSignupEnabled: true });
    await ctx.db
      .updateTable('employers')
      .set({ candidate_signup_enabled: 0 })
      .where('domain', '=', DEMO_DOMAIN)
      .execute();
    try {
      const email = newEmail();
      const refused = await signup(await browser(), { email });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('candidate_signup_disabled');
      expect(await mailCount(email)).toBe(0);
      const off = (await (await browser()).get(`/api/pcsx/boot_data?domain=${DEMO_DOMAIN}`)).json().data;
      expect(off.loginSignupConfig.candidateSignupEnabled).toBe(false);
    } finally {
      await ctx.db
        .updateTable('employers')
        .set({ candidate_signup_enabled: 1 })
        .where('domain', '=', DEMO_DOMAIN)
        .execute();
    }
  });

  it('mails one inbox at most five times an hour (429 with Retry-After), whoever asks', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i += 1) expect((await signup(await browser(), { email })).statusCode).toBe(202);
    const sixth = await signup(await browser(), { email });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailCount(email)).toBe(5);
  });

  it('needs the CSRF token like every state-changing call', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.post('/api/auth/signup', { email: newEmail() }, { csrf: false });
    expect(response.statusCode).toBe(403);
  });

  it('does the pending action once the email is confirmed: the job from “Save” is saved', async () => {
    const [position] = await insertPositions(ctx.db, [openTestPosition('Pending save role')]);
    const email = newEmail();
    const client = await browser();
    await signup(client, { email, pendingAction: { type: 'save_job', positionId: position } });
    const link = linkIn(await latestMail(email), '/careers/account/verify');
    // Opened in another browser (the mail app's), the job is saved all the same.
    const elsewhere = await browser();
    expect((await elsewhere.post('/api/auth/verify', { token: link.searchParams.get('token') })).statusCode).toBe(200);
    const saved = (await elsewhere.get(`/api/pcsx/positions/saved?domain=${DEMO_DOMAIN}`)).json().data;
    expect(JSON.stringify(saved)).toContain('Pending save role');
  });

  it('the page form: a field error shows the page again with the typed values (never the password)', async () => {
    const client = await browser();
    await client.get(`/careers/signup?domain=${DEMO_DOMAIN}`);
    const response = await client.postForm('/api/auth/signup', {
      _csrf: client.csrfToken!,
      domain: DEMO_DOMAIN,
      firstName: 'Kim',
      lastName: 'Ng',
      email: newEmail(),
      password: 'password1234',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="Kim"');
    expect(response.body).not.toContain('password1234');
    expect(response.body).toContain('id="consent-error"');
    expect(response.body).toContain('Agree to the terms to create your account.');
    const email = newEmail();
    const sent = await client.postForm('/api/auth/signup', {
      _csrf: client.csrfToken!,
      domain: DEMO_DOMAIN,
      firstName: 'Kim',
      lastName: 'Ng',
      email,
      password: GOOD_PASSWORD,
      consent: 'true',
    });
    expect(sent.statusCode).toBe(202);
    expect(sent.body).toContain('Check your email');
    expect(sent.body).toContain(`We sent a link to ${email}.`);
  });

  it('in French: the page, the errors and the mail', async () => {
    const page = await (await browser()).get(`/careers/signup?domain=${DEMO_DOMAIN}&hl=fr-CA`);
    expect(page.body).toContain('<html lang="fr-CA" dir="ltr">');
    expect(page.body).toContain('Créer un compte');
    const email = newEmail();
    const client = await browser();
    const weak = await client.request({
      method: 'POST',
      url: '/api/auth/signup?hl=fr-CA',
      payload: { domain: DEMO_DOMAIN, firstName: 'Zoé', lastName: 'Roy', email, password: 'court', consent: true },
    });
    expect(weak.json().message).toBe('Utilisez au moins 12 caractères.');
    await client.request({
      method: 'POST',
      url: '/api/auth/signup?hl=fr-CA',
      payload: {
        domain: DEMO_DOMAIN,
        firstName: 'Zoé',
        lastName: 'Roy',
        email,
        password: GOOD_PASSWORD,
        consent: true,
      },
    });
    const mail = await latestMail(email);
    expect(mail.subject).toBe('Confirmez votre courriel pour le site Carrières – Acme Robotics');
    expect(mail.html).toContain('lang="fr-CA"');
    expect(mail.text).toContain('Bonjour Zoé,');
  });
});

describe('sign-in with an emailed code', () => {
  const ask = (client: TestClient, email: string) =>
    client.request({
      method: 'POST',
      url: '/api/auth/code',
      payload: { email, domain: DEMO_DOMAIN },
      remoteAddress: newAddress(),
    });
  const codeIn = (mail: StoredMail) => /\b(\d{6})\b/.exec(mail.text)?.[1];

  it('mails a six-digit code to an account, and a “no account” mail otherwise, answering alike', async () => {
    const unknown = newEmail();
    const a = await ask(await browser(), DEMO_CANDIDATE_EMAIL);
    const b = await ask(await browser(), unknown);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(Object.keys(a.json().data)).toEqual(Object.keys(b.json().data));
    const code = codeIn(await latestMail(DEMO_CANDIDATE_EMAIL));
    expect(code).toMatch(/^\d{6}$/);
    const none = await latestMail(unknown);
    expect(none.kind).toBe('no_account');
    expect(none.text).toContain('/careers/signup?');
  });

  it('signs in once with the right code; a wrong one is refused and counts; five wrong end the code', async () => {
    const client = await browser();
    await ask(client, DEMO_CANDIDATE_EMAIL);
    const code = codeIn(await latestMail(DEMO_CANDIDATE_EMAIL))!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await client.post('/api/auth/code/verify', {
      email: DEMO_CANDIDATE_EMAIL,
      code: wrong,
      domain: DEMO_DOMAIN,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalid_token', field: 'code' });
    const ok = await client.post('/api/auth/code/verify', {
      email: DEMO_CANDIDATE_EMAIL,
      code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
      domain: DEMO_DOMAIN,
      next: '/careers/offers',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.next).toBe('/careers/offers');
    expect(await isLoggedIn(client)).toBe(true);
    const reused = await (
      await browser()
    ).post('/api/auth/code/verify', { email: DEMO_CANDIDATE_EMAIL, code, domain: DEMO_DOMAIN });
    expect(reused.statusCode).toBe(401);

    const next = await browser();
    await ask(next, DEMO_CANDIDATE_EMAIL);
    const fresh = codeIn(await latestMail(DEMO_CANDIDATE_EMAIL))!;
    const other = String((Number(fresh) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1)
      expect(
        (await next.post('/api/auth/code/verify', { email: DEMO_CANDIDATE_EMAIL, code: other, domain: DEMO_DOMAIN }))
          .statusCode,
      ).toBe(401);
    expect(
      (await next.post('/api/auth/code/verify', { email: DEMO_CANDIDATE_EMAIL, code: fresh, domain: DEMO_DOMAIN }))
        .statusCode,
    ).toBe(401);
  });

  it('a new code ends the one before; a code of one address does not sign in another', async () => {
    const client = await browser();
    await ask(client, DEMO_CANDIDATE_EMAIL);
    const first = codeIn(await latestMail(DEMO_CANDIDATE_EMAIL))!;
    await ask(client, DEMO_CANDIDATE_EMAIL);
    const second = codeIn(await latestMail(DEMO_CANDIDATE_EMAIL))!;
    if (first !== second)
      expect(
        (await client.post('/api/auth/code/verify', { email: DEMO_CANDIDATE_EMAIL, code: first, domain: DEMO_DOMAIN }))
          .statusCode,
      ).toBe(401);
    expect(
      (await client.post('/api/auth/code/verify', { email: DEMO_OTHER_EMAIL, code: second, domain: DEMO_DOMAIN }))
        .statusCode,
    ).toBe(401);
    expect(
      (await client.post('/api/auth/code/verify', { email: DEMO_CANDIDATE_EMAIL, code: second, domain: DEMO_DOMAIN }))
        .statusCode,
    ).toBe(200);
  });
});

describe('password reset', () => {
  it('mails a link for 30 minutes; the new password works, the old one and every other session end', async () => {
    const email = newEmail();
    const owner = await browser();
    await signup(owner, { email });
    await owner.post('/api/auth/verify', {
      token: linkIn(await latestMail(email), '/careers/account/verify').searchParams.get('token'),
    });
    expect(await isLoggedIn(owner)).toBe(true);

    const client = await browser();
    expect((await client.post('/api/auth/password/forgot', { email, domain: DEMO_DOMAIN })).statusCode).toBe(202);
    const mail = await latestMail(email);
    expect(mail.kind).toBe('reset_password');
    const link = linkIn(mail, '/careers/account/reset');
    const page = await client.get(`${link.pathname}${link.search}`);
    expect(page.body).toContain(`For the account ${email}.`);
    const token = link.searchParams.get('token');
    const weak = await client.post('/api/auth/password/reset', { token, password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ field: 'password' });
    const done = await client.post('/api/auth/password/reset', { token, password: 'a brand new long passphrase' });
    expect(done.statusCode).toBe(200);
    expect(await isLoggedIn(client)).toBe(true);
    expect(await isLoggedIn(owner)).toBe(false);
    expect(
      (await client.post('/api/auth/password/reset', { token, password: 'yet another long passphrase' })).statusCode,
    ).toBe(400);

    const tryLogin = async (password: string) =>
      (await (await browser()).post('/api/auth/login', { email, password, domain: DEMO_DOMAIN })).statusCode;
    expect(await tryLogin(GOOD_PASSWORD)).toBe(401);
    expect(await tryLogin('a brand new long passphrase')).toBe(200);
  });

  it('answers an unknown email alike, with a “no account” mail', async () => {
    const email = newEmail();
    const response = await (await browser()).post('/api/auth/password/forgot', { email, domain: DEMO_DOMAIN });
    expect(response.statusCode).toBe(202);
    expect(response.json().data).toEqual({ ok: true, email });
    expect((await latestMail(email)).kind).toBe('no_account');
  });
});

describe('email change', () => {
  it('needs the current password; the new address confirms by its link, and the old one is told', async () => {
    const email = newEmail();
    const owner = await browser();
    await signup(owner, { email });
    await owner.post('/api/auth/verify', {
      token: linkIn(await latestMail(email), '/careers/account/verify').searchParams.get('token'),
    });
    const wanted = newEmail();
    const wrong = await owner.post('/api/auth/email', { email: wanted, password: 'not my password at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials', field: 'password' });
    expect(await mailCount(wanted)).toBe(0);
    expect((await owner.post('/api/auth/email', { email: wanted, password: GOOD_PASSWORD })).statusCode).toBe(202);
    const link = linkIn(await latestMail(wanted), '/careers/account/email');
    expect((await owner.post('/api/auth/email/confirm', { token: link.searchParams.get('token') })).statusCode).toBe(
      200,
    );
    const profile = (await owner.get(`/api/pcsx/boot_data?domain=${DEMO_DOMAIN}`)).json().data.profile;
    expect(profile.email).toBe(wanted);
    const notice = await latestMail(email);
    expect(notice.kind).toBe('email_changed');
    expect(notice.text).toContain(wanted);
  });

  it('another account’s address answers alike and changes nothing', async () => {
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const response = await casey.post('/api/auth/email', { email: DEMO_OTHER_EMAIL, password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(202);
    expect((await latestMail(DEMO_OTHER_EMAIL)).kind).toBe('account_exists');
  });
});

describe('claiming signed-out applications', () => {
  let positions: number[] = [];
  let pdf = '';

  beforeAll(async () => {
    positions = await insertPositions(ctx.db, [
      openTestPosition('Claim role 1'),
      openTestPosition('Claim role 2'),
      openTestPosition('Claim role 3'),
    ]);
    await ctx.db
      .updateTable('positions')
      .set({ application_form_key: DEMO_SHORT_FORM_KEY })
      .where('id', 'in', positions)
      .execute();
    const document = await PDFDocument.create();
    document.addPage([200, 200]);
    pdf = Buffer.from(await document.save()).toString('base64');
  });

  const answers = (email: string, firstname = 'Alex'): FormValues => ({
    firstname,
    lastname: 'Applicant',
    email,
    resume: [
      {
        uid: 'rc-1',
        name: 'resume.pdf',
        size: Buffer.from(pdf, 'base64').length,
        type: 'application/pdf',
        lastModified: 1_763_000_000_000,
        webkitRelativePath: '',
        content: pdf,
        status: 'done' as const,
      },
    ],
  });
  const apply = (client: TestClient, positionId: number, values: FormValues) =>
    client.request({
      method: 'POST',
      url: '/api/pcsx/apply',
      payload: { domain: DEMO_DOMAIN, position_ids: [positionId], values },
      remoteAddress: newAddress(),
    });
  const applicationsOf = async (client: TestClient) => {
    const data = (await client.get(`/api/pcsx/dashboard/applications?domain=${DEMO_DOMAIN}`)).json().data as {
      applications: Array<{ details: { application_id: number } }>;
    };
    return data.applications.map((item) => item.details.application_id);
  };

  it('a signed-out application gets a receipt whose link creates the account and shows it on the dashboard', async () => {
    const email = newEmail();
    const applicant = await browser();
    const applied = await apply(applicant, positions[0]!, answers(email));
    expect(applied.statusCode).toBe(200);
    const [applicationId] = applied.json().data.applicationIds as number[];
    const receipt = await latestMail(email);
    expect(receipt.kind).toBe('application_claim');
    expect(receipt.text).toContain('Thank you for applying to Claim role 1.');
    const link = linkIn(receipt, '/careers/account/claim');
    const page = await applicant.get(`${link.pathname}${link.search}`);
    expect(page.body).toContain(`Create an account for ${email} to follow your applications.`);
    expect(page.body).toContain('name="password"');
    const made = await applicant.post('/api/auth/claim', {
      token: link.searchParams.get('token'),
      firstName: 'Alex',
      lastName: 'Applicant',
      password: GOOD_PASSWORD,
      consent: true,
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().data.claimed).toBe(1);
    expect(await applicationsOf(applicant)).toContain(applicationId);
  });

  it('a stranger applying with Casey’s email changes nothing Casey sees until Casey follows the receipt', async () => {
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const before = await applicationsOf(casey);
    const stranger = await browser();
    const theirs = await apply(stranger, positions[1]!, answers(DEMO_CANDIDATE_EMAIL, 'Mallory'));
    const [applicationId] = theirs.json().data.applicationIds as number[];
    expect(await applicationsOf(casey)).toEqual(before);
    // Casey signs in again, by password and by code: still nothing of the stranger's.
    const again = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    expect(await applicationsOf(again)).toEqual(before);
    // The receipt went to Casey's inbox; only following its link adds it.
    const link = linkIn(await latestMail(DEMO_CANDIDATE_EMAIL), '/careers/account/claim');
    const page = await casey.get(`${link.pathname}${link.search}`);
    expect(page.body).toContain('added to the account you are signed in to');
    expect((await casey.post('/api/auth/claim', { token: link.searchParams.get('token') })).json().data.claimed).toBe(
      1,
    );
    expect(await applicationsOf(casey)).toContain(applicationId);
  });

  it('one application per position and person: a claim leaves out a position the account applied to already', async () => {
    const [position] = await insertPositions(ctx.db, [openTestPosition('Claim role twice')]);
    await ctx.db
      .updateTable('positions')
      .set({ application_form_key: DEMO_SHORT_FORM_KEY })
      .where('id', '=', position!)
      .execute();
    const olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
    expect((await apply(olive, position!, answers(DEMO_OTHER_EMAIL, 'Olive'))).statusCode).toBe(200);
    // Olive applies signed out too, with her second address, and claims it from her account.
    const second = newEmail();
    expect((await apply(await browser(), position!, answers(second, 'Olive'))).statusCode).toBe(200);
    const link = linkIn(await latestMail(second), '/careers/account/claim');
    const claimed = await olive.post('/api/auth/claim', { token: link.searchParams.get('token') });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().data.claimed).toBe(0);
    const rows = await ctx.db
      .selectFrom('applications')
      .select(['candidate_id', 'email'])
      .where('position_id', '=', position!)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.candidate_id === null)).toEqual([false, true]);
  });

  it('signing up with the email (by its verification link) adds the applications made with it', async () => {
    const email = newEmail();
    await apply(await browser(), positions[2]!, answers(email));
    const client = await browser();
    await signup(client, { email });
    const done = await client.post('/api/auth/verify', {
      token: linkIn(await latestMail(email), '/careers/account/verify').searchParams.get('token'),
    });
    expect(done.json().data.claimed).toBe(1);
    expect((await applicationsOf(client)).length).toBe(1);
  });

  it('a claim link is single use, and a made-up one is refused', async () => {
    const client = await browser();
    const response = await client.post('/api/auth/claim', { token: 'A'.repeat(43) });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_token');
    const page = await client.get('/careers/account/claim?token=nope');
    expect(page.statusCode).toBe(410);
  });

  it('a signed-in application gets a receipt to the account’s email, without a claim link', async () => {
    const [position] = await insertPositions(ctx.db, [openTestPosition('Receipt role')]);
    await ctx.db
      .updateTable('positions')
      .set({ application_form_key: DEMO_SHORT_FORM_KEY })
      .where('id', '=', position!)
      .execute();
    const olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
    expect((await apply(olive, position!, answers(DEMO_OTHER_EMAIL, 'Olive'))).statusCode).toBe(200);
    const receipt = await latestMail(DEMO_OTHER_EMAIL);
    expect(receipt.kind).toBe('application_received');
    expect(receipt.text).not.toContain('/careers/account/claim');
  });
});

describe('the pages', () => {
  it('the sign-in page offers a code, a forgotten password and an account, keeping where to go', async () => {
    const page = await (await browser()).get(`/careers/login?domain=${DEMO_DOMAIN}&next=%2Fcareers%2Foffers`);
    expect(page.body).toContain(
      'href="/careers/login/code?domain=acme.example&amp;hl=en&amp;next=%2Fcareers%2Foffers"',
    );
    expect(page.body).toContain('>Forgot your password?</a>');
    expect(page.body).toContain('>Create an account</a>');
    await ctx.db
      .updateTable('employers')
      .set({ candidate_signup_enabled: 0 })
      .where('domain', '=', DEMO_DOMAIN)
      .execute();
    try {
      const off = await (await browser()).get(`/careers/login?domain=${DEMO_DOMAIN}`);
      expect(off.body).not.toContain('Create an account');
    } finally {
      await ctx.db
        .updateTable('employers')
        .set({ candidate_signup_enabled: 1 })
        .where('domain', '=', DEMO_DOMAIN)
        .execute();
    }
  });

  it('signs in with a code by the page forms alone (no script)', async () => {
    const client = await browser();
    const page = await client.get(`/careers/login/code?domain=${DEMO_DOMAIN}&next=%2Fcareers%2Fsaved`);
    expect(page.body).toContain('Sign in with a code');
    const entry = await client.postForm('/api/auth/code', {
      _csrf: client.csrfToken!,
      domain: DEMO_DOMAIN,
      next: '/careers/saved',
      email: DEMO_CANDIDATE_EMAIL,
    });
    expect(entry.statusCode).toBe(202);
    expect(entry.body).toContain('autocomplete="one-time-code"');
    const code = /\b(\d{6})\b/.exec((await latestMail(DEMO_CANDIDATE_EMAIL)).text)![1]!;
    const wrong = await client.postForm('/api/auth/code/verify', {
      _csrf: client.csrfToken!,
      domain: DEMO_DOMAIN,
      next: '/careers/saved',
      email: DEMO_CANDIDATE_EMAIL,
      code: '000000' === code ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('That code is wrong or has expired. Ask for a new one.');
    const done = await client.postForm('/api/auth/code/verify', {
      _csrf: client.csrfToken!,
      domain: DEMO_DOMAIN,
      next: '/careers/saved',
      email: DEMO_CANDIDATE_EMAIL,
      code,
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/careers/saved');
  });

  it('the development inbox lists the kept mail and shows one, its links clickable', async () => {
    const email = newEmail();
    await signup(await browser(), { email });
    const inbox = await new TestClient(ctx.app).get(`/careers/dev/inbox?to=${encodeURIComponent(email)}`);
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body).toContain('Confirm your email for Acme Robotics careers');
    const id = /href="\/careers\/dev\/inbox\/(\d+)"/.exec(inbox.body)![1];
    const one = await new TestClient(ctx.app).get(`/careers/dev/inbox/${id}`);
    expect(one.body).toContain('<iframe title="HTML part" sandbox srcdoc=');
    expect(one.body).toMatch(
      /<a href="http:\/\/localhost:\d+\/careers\/account\/verify\?token=[A-Za-z0-9_-]+&amp;hl=en">/,
    );
    expect((await new TestClient(ctx.app).get('/careers/dev/inbox/999999')).statusCode).toBe(404);
    // Only from this machine: a client on the network (even one naming the loopback in X-Forwarded-For) is refused.
    const remote = await ctx.app.inject({
      method: 'GET',
      url: `/careers/dev/inbox/${id}`,
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain('Confirm your email');
  });
});

describe('what is kept, and for how long', () => {
  it('expired links and codes are deleted; mail is deleted 30 days after it was written, unless still to deliver', async () => {
    const now = new Date();
    const tokens = createAccountTokens(ctx.db, Buffer.alloc(32, 7));
    await tokens.issue(
      ctx.db,
      { purpose: 'sign_in_code', domain: DEMO_DOMAIN, email: 'old@example.org' },
      new Date(now.getTime() - 16 * 60_000),
    );
    await tokens.issue(ctx.db, { purpose: 'sign_in_code', domain: DEMO_DOMAIN, email: 'new@example.org' }, now);
    expect(await tokens.purgeExpired(now)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db
      .selectFrom('account_tokens')
      .select('email')
      .where('email', 'in', ['old@example.org', 'new@example.org'])
      .execute();
    expect(left.map((row) => row.email)).toEqual(['new@example.org']);

    const outbox = createOutbox({ delivering: false, messageHost: 'careers.example' });
    const mail = {
      domain: DEMO_DOMAIN,
      kind: 'no_account' as const,
      to: 'retention@example.org',
      subject: 's',
      text: 't',
      html: 'h',
    };
    const old = new Date(now.getTime() - MAIL_RETENTION_MS - 60_000);
    await outbox.enqueue(ctx.db, mail, old);
    const waiting = await outbox.enqueue(ctx.db, mail, old);
    await ctx.db.updateTable('mail_outbox').set({ status: 'pending' }).where('id', '=', waiting).execute();
    await outbox.enqueue(ctx.db, mail, now);
    expect(await purgeOldMail(ctx.db, now)).toBeGreaterThanOrEqual(1);
    const kept = await listMail(ctx.db, { to: 'retention@example.org' });
    expect(kept.map((row) => row.status).sort()).toEqual(['kept', 'pending']);
  });
});
