/**
 * The mail of operator commands and alerts (docs/product/accounts-and-mail.md): the offer mail of `npm run offer`,
 * the saved-search and job-alert mail of `npm run position` with their one-click unsubscribe (RFC 8058), and a
 * signed-out visitor's job alert, confirmed by its link before anything is sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCandidateRepository } from '../src/candidates/repository';
import { gazetteer } from '../src/geo/gazetteer';
import { listMail, type StoredMail } from '../src/mail/outbox';
import { runOfferCommand } from '../src/offers/offer-command';
import { runPositionCommand } from '../src/saved-searches/position-command';
import { createSavedSearchRepository } from '../src/saved-searches/repository';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, runCommandOn, tempDir, TestClient, useTestApp } from './helpers';
import { letterPdf } from './offer-helpers';

const ctx = useTestApp();
const dir = tempDir('alert-mail');

beforeAll(async () => {
  gazetteer();
  fs.writeFileSync(path.join(dir, 'offer.pdf'), Buffer.from(await letterPdf()));
  await ctx.db.updateTable('employers').set({ saved_search_notification_enabled: 1 }).execute();
}, 60_000);

afterEach(() => ctx.db.deleteFrom('rate_limits').execute());

const latestMail = async (to: string): Promise<StoredMail> => {
  const [mail] = await listMail(ctx.db, { to, limit: 1 });
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
};
const linkIn = (mail: StoredMail, pathname: string) => {
  const match = new RegExp(`https?://[^\\s]+${pathname.replace(/\//g, '\\/')}\\?[^\\s]+`).exec(mail.text);
  if (!match) throw new Error(`no ${pathname} link in: ${mail.text}`);
  return new URL(match[0]);
};
const publish = (title: string) =>
  runCommandOn(ctx.db, runPositionCommand, [
    '--domain',
    DEMO_DOMAIN,
    '--title',
    title,
    '--department',
    'Zoology',
    '--employment-type',
    'Full-time',
    '--location',
    'Toronto',
  ]);

async function browser(hl = 'en'): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  await client.get(`/careers/login?domain=${DEMO_DOMAIN}&hl=${hl}`);
  return client;
}

describe('the offer mail', () => {
  it('an extended offer mails the candidate, in their language, with the offer’s page and its deadline', async () => {
    const result = await runCommandOn(ctx.db, runOfferCommand, [
      '--email',
      DEMO_CANDIDATE_EMAIL,
      '--position',
      'Quokka Wrangler',
      '--expires-in-days',
      '10',
      '--document',
      path.join(dir, 'offer.pdf'),
    ]);
    expect(result.code).toBe(0);
    const mail = await latestMail(DEMO_CANDIDATE_EMAIL);
    expect(mail.kind).toBe('offer_waiting');
    expect(mail.subject).toBe('An offer from Acme Robotics is waiting for you');
    expect(mail.text).toContain('Acme Robotics has extended you an offer for Quokka Wrangler. Please answer before');
    expect(mail.text).toContain(`/careers/offer/${result.out}?domain=${DEMO_DOMAIN}`);
  });
});

describe('saved-search alerts by mail', () => {
  it('a candidate whose saved search finds the new position gets the mail with a one-click unsubscribe', async () => {
    const casey = (await createCandidateRepository(ctx.db).findByEmail(DEMO_DOMAIN, DEMO_CANDIDATE_EMAIL))!;
    const saved = await createSavedSearchRepository(ctx.db).save(
      { candidateId: casey.id, domain: DEMO_DOMAIN },
      { query: 'wombat', location: '', filters: {}, sort_by: 'relevance' },
      'en',
      new Date(),
    );
    const searchId = 'saved' in saved ? saved.saved.id : 0;
    const result = await publish('Wombat Whisperer');
    expect(result.err).toContain('1 candidate(s) notified');
    const mail = await latestMail(DEMO_CANDIDATE_EMAIL);
    expect(mail.kind).toBe('saved_search_alert');
    expect(mail.subject).toBe('New job for your saved search: Wombat Whisperer');
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = new URL(/^<(.+)>$/.exec(mail.headers['List-Unsubscribe']!)![1]!);
    expect(unsubscribe.pathname).toBe('/careers/alerts/unsubscribe');

    // A forged signature or another alert's id changes nothing.
    const forged = new URL(unsubscribe);
    forged.searchParams.set('id', String(searchId + 1));
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `${forged.pathname}${forged.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.statusCode).toBe(410);

    // The mail client's one-click post: no cookie, no CSRF token.
    const posted = await ctx.app.inject({
      method: 'POST',
      url: `${unsubscribe.pathname}${unsubscribe.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('You will no longer get these alerts.');
    const row = await ctx.db
      .selectFrom('saved_searches')
      .select('alerts_enabled')
      .where('id', '=', searchId)
      .executeTakeFirstOrThrow();
    expect(row.alerts_enabled).toBe(0);
    expect((await publish('Wombat Wrangler')).err).toContain('0 candidate(s) notified, 0 mail(s) written');
  });
});

describe('job alerts of signed-out visitors', () => {
  const subscribe = (client: TestClient, body: Record<string, unknown>, hl = 'en') =>
    client.request({
      method: 'POST',
      url: `/api/pcsx/job_alerts?hl=${hl}`,
      payload: { domain: DEMO_DOMAIN, consent: true, ...body },
      remoteAddress: `198.51.100.${Math.floor(Math.random() * 250)}`,
    });

  it('is offered in the boot data as the employer configures it', async () => {
    const boot = (await (await browser()).get(`/api/pcsx/boot_data?domain=${DEMO_DOMAIN}`)).json().data;
    expect(boot.pcsxConfig.loggedOutNotificationConfig).toMatchObject({ enabled: true });
    expect(boot.pcsxConfig.loggedOutNotificationConfig.privacyText).toContain('job alerts');
  });

  it('sends nothing but the confirmation before its link is followed, then the new jobs, until unsubscribed', async () => {
    const email = `visitor.${Date.now()}@example.org`;
    const client = await browser();
    const response = await subscribe(client, {
      email,
      query: 'platypus',
      filters: { filter_employment_type: 'Full-time' },
    });
    expect(response.statusCode).toBe(202);
    const confirm = await latestMail(email);
    expect(confirm.kind).toBe('job_alert_confirm');
    await publish('Platypus Planner');
    expect((await listMail(ctx.db, { to: email })).map((mail) => mail.kind)).toEqual(['job_alert_confirm']);

    const link = linkIn(confirm, '/careers/alerts/confirm');
    const page = await client.get(`${link.pathname}${link.search}`);
    expect(page.body).toContain(`Send an email to ${email} when new jobs match this search.`);
    const done = await client.post('/api/pcsx/job_alerts/confirm', { token: link.searchParams.get('token') });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.next).toContain('query=platypus');

    expect((await publish('Platypus Pilot')).err).toContain('1 mail(s) written');
    const alert = await latestMail(email);
    expect(alert.kind).toBe('job_alert');
    expect(alert.subject).toBe('New job at Acme Robotics: Platypus Pilot');
    expect(alert.text).toContain('query=platypus');
    // A position the search does not find sends nothing.
    await publish('Kangaroo Keeper');
    expect((await latestMail(email)).subject).toBe('New job at Acme Robotics: Platypus Pilot');

    const unsubscribe = new URL(/^<(.+)>$/.exec(alert.headers['List-Unsubscribe']!)![1]!);
    const person = await ctx.app.inject({ method: 'GET', url: `${unsubscribe.pathname}${unsubscribe.search}` });
    expect(person.body).toContain('>Unsubscribe</button>');
    await ctx.app.inject({
      method: 'POST',
      url: `${unsubscribe.pathname}${unsubscribe.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await publish('Platypus Painter');
    expect((await latestMail(email)).subject).toBe('New job at Acme Robotics: Platypus Pilot');
  });

  it('needs consent and a valid email, names a bad filter, and is refused where the employer offers none', async () => {
    const client = await browser();
    const noConsent = await subscribe(client, { email: 'a@example.org', consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().field).toBe('consent');
    const badEmail = await subscribe(client, { email: 'nope' });
    expect(badEmail.json().field).toBe('email');
    const badFilter = await subscribe(client, { email: 'b@example.org', filters: { filter_nonsense: 'x' } });
    expect(badFilter.statusCode).toBe(400);
    const config = await ctx.db
      .selectFrom('employers')
      .select('pcsx_config_json')
      .where('domain', '=', DEMO_DOMAIN)
      .executeTakeFirstOrThrow();
    const parsed = JSON.parse(config.pcsx_config_json!) as Record<string, unknown>;
    await ctx.db
      .updateTable('employers')
      .set({ pcsx_config_json: JSON.stringify({ ...parsed, loggedOutNotificationConfig: { enabled: false } }) })
      .where('domain', '=', DEMO_DOMAIN)
      .execute();
    try {
      const off = await subscribe(await browser(), { email: 'c@example.org' });
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('job_alerts_disabled');
    } finally {
      await ctx.db
        .updateTable('employers')
        .set({ pcsx_config_json: config.pcsx_config_json })
        .where('domain', '=', DEMO_DOMAIN)
        .execute();
    }
  });

  it('in French: the confirmation mail and page', async () => {
    const email = `visiteur.${Date.now()}@example.org`;
    const client = await browser('fr-CA');
    expect((await subscribe(client, { email, query: 'ornithorynque' }, 'fr-CA')).statusCode).toBe(202);
    const mail = await latestMail(email);
    expect(mail.subject).toBe('Confirmez votre alerte d’emploi – Acme Robotics');
    const link = linkIn(mail, '/careers/alerts/confirm');
    const page = await client.get(`${link.pathname}${link.search}`);
    expect(page.body).toContain('Confirmer l’alerte d’emploi');
  });
});
