/**
 * E-sign questions of assigned forms signed on the reference e-sign server (`esignForm`,
 * docs/product/forms-toolkit.md#e-sign-and-embedded-forms), on SQLite and PostgreSQL: GET /api/pcsx/form gives each
 * question without an employer's signing page the candidate's signing link (reused; concurrent opens make one session),
 * the e-sign page shows the form and the question (escaped, in English and French, under its CSP), completing there is
 * the answer the form gets, a forged answer is refused, another candidate's key is refused (403), a foreign parent is
 * refused (400), a rejection is the answer until the candidate signs a new link, and a submitted form creates no
 * session and can no longer be signed.
 */
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';
import { CandidateFormResponse, type FormDefinition, type FormItem, type FormValues } from '../src/contract';
import { buildEsignApp } from '../src/esign/app';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, DEMO_OTHER_EMAIL, signedIn, type TestClient, useTestApp } from './helpers';

const ctx = useTestApp();
let esign: FastifyInstance;
let casey: TestClient;
let olive: TestClient;

const FORM_KEY = 'esign-questions';
const ESIGN_ORIGIN = 'http://localhost:8081';
const CAREERS_ORIGIN = 'http://localhost:8080';

const FORM: FormDefinition = {
  id: FORM_KEY,
  title: 'Policies & <consent> "2026"',
  layout: 'simple',
  sections: [
    {
      id: 'main',
      title: 'Policies',
      items: [
        { name: 'note', type: 'text', label: 'Note' },
        {
          name: 'sign',
          type: 'esignForm',
          label: 'Consent signature',
          title: 'Sign <em>the</em> "consent"',
          help: '<script>alert(1)</script> Read the policy & sign.',
          required: true,
        },
        { name: 'ack', type: 'esignForm', label: 'Optional acknowledgement' },
        { name: 'hosted', type: 'esignForm', label: 'Hosted', url: 'https://sign.example.com/doc/1' },
        { name: 'custom', type: 'esignForm', label: 'Custom', customDomain: 'sign.example.com', wid: 'w1' },
      ],
    },
  ],
};

/** Assignment ids of the test form: Casey's, Olive's, and a fresh one of Olive's for concurrent opens. */
const ids = { casey: 0, olive: 0 };

async function assign(email: string, formKey = FORM_KEY): Promise<number> {
  const candidate = await ctx.db
    .selectFrom('candidates')
    .select('id')
    .where('email', '=', email)
    .where('domain', '=', DEMO_DOMAIN)
    .executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const row = await ctx.db
    .insertInto('form_assignments')
    .values({
      domain: DEMO_DOMAIN,
      candidate_id: candidate.id,
      form_key: formKey,
      status: 'open',
      values_json: '{}',
      assigned_at: at,
      updated_at: at,
      completed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addForm(key: string, form: FormDefinition) {
  const at = new Date().toISOString();
  await ctx.db
    .insertInto('forms')
    .values({
      domain: DEMO_DOMAIN,
      form_key: key,
      title: form.title,
      definition_json: JSON.stringify(form),
      created_at: at,
      updated_at: at,
    })
    .execute();
}

beforeAll(async () => {
  esign = await buildEsignApp({ db: ctx.db, config: ctx.config });
  await addForm(FORM_KEY, FORM);
  ids.casey = await assign(DEMO_CANDIDATE_EMAIL);
  ids.olive = await assign(DEMO_OTHER_EMAIL);
  casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
  olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
});
afterAll(async () => {
  await esign?.close();
});

interface FormView {
  form: FormDefinition;
  values: FormValues;
  status: string;
}

async function view(client: TestClient, id: number, query = '', headers: Record<string, string> = {}) {
  const res = await client.get(`/api/pcsx/form?domain=${DEMO_DOMAIN}&form_id=${id}${query}`, headers);
  expect(res.statusCode).toBe(200);
  expect([...Value.Errors(CandidateFormResponse, res.json())]).toEqual([]);
  return res.json().data as FormView;
}

const itemOf = (form: FormDefinition, name: string): FormItem =>
  form.sections.flatMap((section) => section.items).find((item) => item.name === name)!;

/** The signing link of a question, taken apart as the e-sign page's browser sees it. */
function linkOf(form: FormDefinition, name: string) {
  const url = new URL(itemOf(form, name).url!);
  return {
    url,
    path: url.pathname + url.search,
    token: url.pathname.split('/').pop()!,
    key: new URLSearchParams(url.hash.slice(1)).get('key')!,
  };
}

async function link(client: TestClient, id: number, name: string) {
  return linkOf((await view(client, id)).form, name);
}

/** The signing page's completion call, as its script makes it (own origin, the key from the fragment). */
const complete = (token: string, outcome: string, key: string | undefined, query = '') =>
  esign.inject({
    method: 'POST',
    url: `/esign/sessions/${token}/complete${query}`,
    payload: { outcome, ...(key === undefined ? {} : { key }) },
    headers: { origin: ESIGN_ORIGIN },
  });

const post = (client: TestClient, id: number, values: FormValues, submit: boolean) =>
  client.post('/api/pcsx/form', { domain: DEMO_DOMAIN, form_id: id, values, submit });

const sessionCount = async (assignmentId: number) =>
  (await ctx.db.selectFrom('form_esign_sessions').select('id').where('assignment_id', '=', assignmentId).execute())
    .length;

describe('GET /api/pcsx/form with e-sign questions', () => {
  it('gives each question without a signing page of its own the candidate’s signing link, reused', async () => {
    const first = await view(casey, ids.casey);
    for (const name of ['sign', 'ack']) {
      const { url, key } = linkOf(first.form, name);
      expect(url.origin).toBe(ESIGN_ORIGIN);
      expect(url.pathname).toMatch(/^\/esign\/sessions\/[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('parent')).toBe(CAREERS_ORIGIN);
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    expect(linkOf(first.form, 'sign').token).not.toBe(linkOf(first.form, 'ack').token);
    // The employer's own signing pages are left as they are.
    expect(itemOf(first.form, 'hosted').url).toBe('https://sign.example.com/doc/1');
    expect(itemOf(first.form, 'custom').url).toBeUndefined();
    expect(first.values).toEqual({});

    const again = await view(casey, ids.casey);
    expect(itemOf(again.form, 'sign').url).toBe(itemOf(first.form, 'sign').url);
    expect(itemOf(again.form, 'ack').url).toBe(itemOf(first.form, 'ack').url);
    expect(await sessionCount(ids.casey)).toBe(2);
  });

  it('frames the link by the careers origin asked on, and passes the language asked for', async () => {
    const local = await view(casey, ids.casey, '&hl=fr-CA', { host: '127.0.0.1:8080' });
    const { url } = linkOf(local.form, 'sign');
    expect(url.origin).toBe('http://127.0.0.1:8081');
    expect(url.searchParams.get('parent')).toBe('http://127.0.0.1:8080');
    expect(url.searchParams.get('hl')).toBe('fr-CA');
    // Same session whichever origin asked.
    expect(url.pathname).toBe((await link(casey, ids.casey, 'sign')).url.pathname);
    // A forged Host never reaches a link.
    const forged = await view(casey, ids.casey, '', { host: 'evil.example' });
    expect(linkOf(forged.form, 'sign').url.searchParams.get('parent')).toBe(CAREERS_ORIGIN);
  });

  it('makes one session per question when the form is opened several times at once', async () => {
    const id = await assign(DEMO_OTHER_EMAIL, 'esign-concurrent');
    await addForm('esign-concurrent', { ...FORM, id: 'esign-concurrent' });
    const views = await Promise.all([1, 2, 3, 4].map(() => view(olive, id)));
    const urls = new Set(views.map((data) => itemOf(data.form, 'sign').url));
    expect(urls.size).toBe(1);
    expect(await sessionCount(id)).toBe(2);
  });
});

describe('the e-sign page of a form question', () => {
  it('shows the form, the question and its help escaped, the candidate, and Sign / Decline, under its CSP', async () => {
    const { path, token } = await link(casey, ids.casey, 'sign');
    const res = await esign.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`frame-ancestors ${CAREERS_ORIGIN}`);
    expect(res.body).toContain('<h1 id="esign-heading">Policies &amp; &lt;consent&gt; &quot;2026&quot;</h1>');
    expect(res.body).toContain('<h2 class="question">Sign &lt;em&gt;the&lt;/em&gt; &quot;consent&quot;</h2>');
    expect(res.body).toContain('<p class="help">&lt;script&gt;alert(1)&lt;/script&gt; Read the policy &amp; sign.</p>');
    expect(res.body).toContain('<dt>Question</dt><dd>Consent signature</dd>');
    expect(res.body).toContain('<dt>Signing as</dt><dd>Casey Jordan</dd>');
    expect(res.body).toContain('Acme Robotics asks you to sign this question of the form');
    expect(res.body).toContain('<button type="button" class="button primary" data-outcome="signed">Sign</button>');
    expect(res.body).toContain('data-outcome="rejected">Decline to sign</button>');
    expect(res.body).toContain(`data-parent-origin="${CAREERS_ORIGIN}"`);
    expect(res.body).toContain(`data-complete-url="/esign/sessions/${token}/complete?hl=en"`);
    expect(res.body).toContain('<script src="/esign/assets/esign.js" defer></script>');
    expect(res.body).not.toMatch(/<script>|<em>|style=/);
    // No document to download for a question.
    expect(res.body).not.toContain('document-link');
    const document = await esign.inject({ method: 'GET', url: `/esign/sessions/${token}/document` });
    expect(document.statusCode).toBe(404);

    const french = await esign.inject({ method: 'GET', url: `${path}&hl=fr-CA` });
    expect(french.body).toContain('<html lang="fr-CA" dir="ltr">');
    expect(french.body).toContain('Acme Robotics vous demande de signer cette question du formulaire');
    expect(french.body).toContain('data-outcome="signed">Signer</button>');
    expect(french.body).toContain('Refuser de signer');
    expect(french.body).toContain('<dt>Signataire</dt><dd>Casey Jordan</dd>');
  });

  it('refuses a parent origin the careers site is not served from (400)', async () => {
    const { token } = await link(casey, ids.casey, 'sign');
    for (const parent of ['http://evil.example', 'https://localhost:8080', `${CAREERS_ORIGIN}/careers`]) {
      const res = await esign.inject({
        method: 'GET',
        url: `/esign/sessions/${token}?parent=${encodeURIComponent(parent)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('This signing page can only be opened from the careers site.');
      expect(res.body).not.toContain('Casey Jordan');
    }
  });
});

describe('answering a form question on the e-sign server', () => {
  it('refuses a forged “signed” answer: the form is not completed, the required question reads as missing', async () => {
    const forged = { status: 'signed', at: '2026-01-01T00:00:00.000Z' };
    const submit = await post(casey, ids.casey, { note: 'hi', sign: forged, ack: forged }, true);
    expect(submit.statusCode).toBe(400);
    expect(submit.json()).toMatchObject({
      code: 'form_invalid',
      field: 'sign',
      message: 'Consent signature is required',
      errors: { sign: 'Consent signature is required' },
    });
    const saved = await post(casey, ids.casey, { note: 'hi', sign: forged }, false);
    expect(saved.statusCode).toBe(200);
    const data = await view(casey, ids.casey);
    expect(data.status).toBe('in_progress');
    expect(data.values).toEqual({ note: 'hi' });
  });

  it('refuses another candidate’s key, a missing key and a foreign origin (403), changing nothing', async () => {
    const caseys = await link(casey, ids.casey, 'sign');
    const olives = await link(olive, ids.olive, 'sign');
    const wrong = await complete(caseys.token, 'signed', olives.key);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'forbidden',
      message: 'This signing link is not valid for you. Open the form again from your forms.',
    });
    const french = await complete(caseys.token, 'signed', olives.key, '?hl=fr-CA');
    expect(french.json().message).toBe(
      'Ce lien de signature n’est pas valide pour vous. Ouvrez de nouveau le formulaire à partir de vos formulaires.',
    );
    expect((await complete(caseys.token, 'signed', undefined)).statusCode).toBe(403);
    const foreign = await esign.inject({
      method: 'POST',
      url: `/esign/sessions/${caseys.token}/complete`,
      payload: { outcome: 'signed', key: caseys.key },
      headers: { origin: CAREERS_ORIGIN },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await view(casey, ids.casey)).values.sign).toBeUndefined();
  });

  it('signing on the e-sign page is the answer the form gives and keeps (idempotent; no other outcome after)', async () => {
    const { token, key, path } = await link(casey, ids.casey, 'sign');
    const signed = await complete(token, 'signed', key);
    expect(signed.statusCode).toBe(200);
    const { completed_at: at } = signed.json().data;
    expect(signed.json().data).toEqual({ status: 'signed', completed_at: at });
    const row = await ctx.db
      .selectFrom('form_esign_sessions')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'signed', signer_name: 'Casey Jordan', item_name: 'sign' });

    const data = await view(casey, ids.casey);
    expect(data.values).toEqual({ note: 'hi', sign: { status: 'signed', at } });
    expect(linkOf(data.form, 'sign').token).toBe(token);

    expect((await complete(token, 'signed', key)).json().data).toEqual({ status: 'signed', completed_at: at });
    const changed = await complete(token, 'rejected', key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe('This signing request has already been completed.');

    const page = await esign.inject({ method: 'GET', url: path });
    expect(page.body).toContain(`You signed on ${at.slice(0, 16).replace('T', ' ')} (UTC).`);
    expect(page.body).not.toContain('data-outcome=');

    // The browser cannot take the signature back either.
    await post(casey, ids.casey, { note: 'hi', sign: { status: 'rejected', at: '2026-01-01T00:00:00.000Z' } }, false);
    expect((await view(casey, ids.casey)).values.sign).toEqual({ status: 'signed', at });
  });

  it('a rejection is the answer (a required question then reads as missing) until the candidate signs a new link', async () => {
    const first = await link(olive, ids.olive, 'sign');
    const rejected = await complete(first.token, 'rejected', first.key);
    expect(rejected.statusCode).toBe(200);
    const page = await esign.inject({ method: 'GET', url: first.path });
    expect(page.body).toContain('You declined to sign.');
    expect(page.body).not.toContain('data-outcome=');

    const data = await view(olive, ids.olive);
    expect(data.values.sign).toEqual({ status: 'rejected', at: rejected.json().data.completed_at });
    const fresh = linkOf(data.form, 'sign');
    expect(fresh.token).not.toBe(first.token);
    expect((await esign.inject({ method: 'GET', url: fresh.path })).body).toContain('data-outcome="signed"');

    const refused = await post(olive, ids.olive, {}, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ sign: 'Consent signature is required' });

    expect((await complete(fresh.token, 'signed', fresh.key)).statusCode).toBe(200);
    const done = await post(olive, ids.olive, {}, true);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('completed');
  });

  it('keeps an optional question’s rejection as its answer when the form is submitted', async () => {
    const ack = await link(casey, ids.casey, 'ack');
    expect((await complete(ack.token, 'rejected', ack.key)).statusCode).toBe(200);
    const reopened = await view(casey, ids.casey);
    expect(reopened.values.ack).toMatchObject({ status: 'rejected' });
    expect(linkOf(reopened.form, 'ack').token).not.toBe(ack.token);
    const done = await post(casey, ids.casey, { note: 'done' }, true);
    expect(done.statusCode).toBe(200);
    const stored = await ctx.db
      .selectFrom('form_assignments')
      .select('values_json')
      .where('id', '=', ids.casey)
      .executeTakeFirstOrThrow();
    const values = JSON.parse(stored.values_json) as FormValues;
    expect(values).toMatchObject({ note: 'done', sign: { status: 'signed' }, ack: { status: 'rejected' } });
  });

  it('a completed form creates no session, and its questions can no longer be signed', async () => {
    // Casey's form is completed; the acknowledgement was rejected, and its new link was still pending.
    const pending = await ctx.db
      .selectFrom('form_esign_sessions')
      .select(['token', 'signer_key'])
      .where('assignment_id', '=', ids.casey)
      .where('item_name', '=', 'ack')
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const before = await sessionCount(ids.casey);
    const data = await view(casey, ids.casey);
    expect(data.status).toBe('completed');
    expect(data.values).toMatchObject({ sign: { status: 'signed' }, ack: { status: 'rejected' } });
    expect(await sessionCount(ids.casey)).toBe(before);

    const late = await complete(pending.token, 'signed', pending.signer_key);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This form has been submitted, so it can no longer be signed.');
    const page = await esign.inject({
      method: 'GET',
      url: `/esign/sessions/${pending.token}?parent=${encodeURIComponent(CAREERS_ORIGIN)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This form has been submitted, so it can no longer be signed.');
    expect(page.body).not.toContain('data-outcome=');
  });
});
