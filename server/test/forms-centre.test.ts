/**
 * The forms centre and form view (`/careers/forms/center` and `/careers/forms`, `forms_list`;
 * docs/product/apply-and-drafts.md#forms-centre) on SQLite and PostgreSQL: the demo assignments and the notifications
 * that open them, the list by tab with its counts (English and French labels), one assigned form (another candidate's
 * is a 404), saving progress, submitting with missing or wrong answers (English and French messages), completing (the
 * e-sign question signed on the e-sign server), the read-only completed form (409), unknown tab, CSRF and signed-out
 * calls. The e-sign questions themselves: forms-esign.test.ts.
 */
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import {
  CandidateFormResponse,
  FormDefinition,
  FormErrorBody,
  FormsListResponse,
  SaveCandidateFormResponse,
  type FormValues,
  localizeTexts,
} from '../src/contract';
import { buildEsignApp } from '../src/esign/app';
import {
  DEMO_BACKGROUND_CHECK_FORM,
  DEMO_BACKGROUND_CHECK_FORM_KEY,
  DEMO_CENTRE_FORMS,
  DEMO_WORK_AUTHORISATION_FORM,
  DEMO_WORK_AUTHORISATION_FORM_KEY,
  seedDemoFormAssignments,
} from '../src/forms/demo-forms';
import {
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_OTHER_EMAIL,
  demoClients,
  type TestClient,
  uploadedFile,
  useTestApp,
} from './helpers';

const ctx = useTestApp();

let casey: TestClient;
let olive: TestClient;
let visitor: TestClient;
let esign: FastifyInstance;
/** Assignment ids: Casey's background check and work authorisation, Olive's work authorisation. */
const ids = { background: 0, work: 0, olive: 0 };
let pdf: string;
let pdfSize: number;

const list = (client: TestClient, query = '') => client.get(`/api/pcsx/forms_list?domain=${DEMO_DOMAIN}${query}`);
const getForm = (client: TestClient, id: number | string, query = '') =>
  client.get(`/api/pcsx/form?domain=${DEMO_DOMAIN}&form_id=${id}${query}`);
const postForm = (client: TestClient, id: number, values: FormValues, submit: boolean, query = '') =>
  client.post(`/api/pcsx/form${query}`, { domain: DEMO_DOMAIN, form_id: id, values, submit });

const assignmentId = async (email: string, formKey: string) =>
  (
    await ctx.db
      .selectFrom('form_assignments as a')
      .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
      .select('a.id')
      .where('c.email', '=', email)
      .where('a.form_key', '=', formKey)
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  const bytes = Buffer.from(await document.save());
  pdf = bytes.toString('base64');
  pdfSize = bytes.length;

  ids.background = await assignmentId(DEMO_CANDIDATE_EMAIL, DEMO_BACKGROUND_CHECK_FORM_KEY);
  ids.work = await assignmentId(DEMO_CANDIDATE_EMAIL, DEMO_WORK_AUTHORISATION_FORM_KEY);
  ids.olive = await assignmentId(DEMO_OTHER_EMAIL, DEMO_WORK_AUTHORISATION_FORM_KEY);

  ({ casey, olive, visitor } = await demoClients(ctx.app));
  esign = await buildEsignApp({ db: ctx.db, config: ctx.config });
});
afterAll(async () => {
  await esign?.close();
});

/** Signs an e-sign question as the candidate does: the link the form gives, then Sign on the e-sign page. */
async function signQuestion(client: TestClient, id: number, name: string) {
  const item = (await getForm(client, id))
    .json()
    .data.form.sections[0].items.find((entry: { name: string }) => entry.name === name);
  const url = new URL(item.url);
  const res = await esign.inject({
    method: 'POST',
    url: `${url.pathname}/complete`,
    payload: { outcome: 'signed', key: new URLSearchParams(url.hash.slice(1)).get('key') },
    headers: { origin: url.origin },
  });
  expect(res.statusCode).toBe(200);
}

describe('the demo forms centre', () => {
  it('has forms that match the contract’s FormDefinition schema, seeded for the demo employer', async () => {
    for (const { form } of DEMO_CENTRE_FORMS) expect([...Value.Errors(FormDefinition, form)]).toEqual([]);
    const rows = await ctx.db
      .selectFrom('forms')
      .select(['form_key', 'title', 'definition_json'])
      .where('domain', '=', DEMO_DOMAIN)
      .where('form_key', 'in', [DEMO_BACKGROUND_CHECK_FORM_KEY, DEMO_WORK_AUTHORISATION_FORM_KEY])
      .orderBy('form_key')
      .execute();
    expect(
      rows.map((row) => [
        row.form_key,
        row.title,
        localizeTexts(JSON.parse(row.definition_json) as unknown, 'en', 'en'),
      ]),
    ).toEqual([
      [DEMO_BACKGROUND_CHECK_FORM_KEY, 'Background check consent', DEMO_BACKGROUND_CHECK_FORM],
      [DEMO_WORK_AUTHORISATION_FORM_KEY, 'Work authorisation', DEMO_WORK_AUTHORISATION_FORM],
    ]);
    const types = DEMO_BACKGROUND_CHECK_FORM.sections.flatMap((section) => section.items.map((item) => item.type));
    expect(types).toEqual(['file_upload', 'checkboxItem', 'esignForm']);
  });

  it('points Casey’s notifications about these forms at their form view, and seeds only once', async () => {
    const rows = await ctx.db
      .selectFrom('notifications as n')
      .innerJoin('candidates as c', 'c.id', 'n.candidate_id')
      .select(['n.message', 'n.redirect_url'])
      .where('c.email', '=', DEMO_CANDIDATE_EMAIL)
      .where('n.category_title', '=', 'Forms')
      .orderBy('n.created_at', 'desc')
      .execute();
    expect(rows).toEqual([
      {
        message: 'Please complete the background check consent form for the Robotics Software Engineer position.',
        redirect_url: `/careers/forms/${ids.background}?domain=${DEMO_DOMAIN}`,
      },
      {
        message: 'Upload proof of your work authorization so we can finish processing your application.',
        redirect_url: `/careers/forms/${ids.work}?domain=${DEMO_DOMAIN}`,
      },
    ]);
    expect(
      await seedDemoFormAssignments(ctx.db, DEMO_DOMAIN, { candidate: DEMO_CANDIDATE_EMAIL, other: DEMO_OTHER_EMAIL }),
    ).toBe(false);
  });
});

describe('GET /api/pcsx/forms_list', () => {
  it('lists the open tab by default (open and in progress, newest first) with the tabs and their counts', async () => {
    const res = await list(casey, '&include_tab_list=true');
    expect(res.statusCode).toBe(200);
    expect([...Value.Errors(FormsListResponse, res.json())]).toEqual([]);
    const data = res.json().data;
    expect(data.tab_id).toBe('open');
    expect(
      data.forms.map((form: { id: number; title: string; status: string; href: string; completed_at: unknown }) => [
        form.id,
        form.title,
        form.status,
        form.href,
        form.completed_at,
      ]),
    ).toEqual([
      [
        ids.background,
        'Background check consent',
        'open',
        `/careers/forms/${ids.background}?domain=${DEMO_DOMAIN}`,
        null,
      ],
      [ids.work, 'Work authorisation', 'in_progress', `/careers/forms/${ids.work}?domain=${DEMO_DOMAIN}`, null],
    ]);
    expect(data.tabs).toEqual([
      { id: 'open', label: 'Open', count: 2 },
      { id: 'completed', label: 'Completed', count: 0 },
    ]);
  });

  it('gives the tab labels in French, the completed tab, and no tab list unless asked', async () => {
    const french = await list(casey, '&tab_id=completed&include_tab_list=1&hl=fr-CA');
    expect(french.statusCode).toBe(200);
    expect(french.json().data).toEqual({
      tab_id: 'completed',
      forms: [],
      tabs: [
        { id: 'open', label: 'À remplir', count: 2 },
        { id: 'completed', label: 'Remplis', count: 0 },
      ],
    });
    // The forms' titles in the page's language too.
    const frenchOpen = await list(casey, '&hl=fr-CA');
    expect(frenchOpen.json().data.forms.map((form: { title: string }) => form.title)).toEqual([
      'Consentement à la vérification des antécédents',
      'Autorisation de travail',
    ]);
    const oliveCompleted = await list(olive, '&tab_id=completed');
    expect(oliveCompleted.statusCode).toBe(200);
    const data = oliveCompleted.json().data;
    expect(data.tabs).toBeUndefined();
    expect(data.forms).toHaveLength(1);
    expect(data.forms[0]).toMatchObject({ id: ids.olive, status: 'completed', form_key: 'work-authorisation' });
    expect(typeof data.forms[0].completed_at).toBe('string');
  });

  it('refuses an unknown tab with a 400 naming tab_id', async () => {
    const res = await list(casey, '&tab_id=archived');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'tab_id',
      message: 'tab_id: there is no tab "archived". The tabs are open, completed.',
    });
  });

  it('answers 401 signed out', async () => {
    const res = await list(visitor);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('login_required');
  });
});

describe('GET /api/pcsx/form', () => {
  it('gives the candidate’s own form with its saved answers and status', async () => {
    const open = await getForm(casey, ids.background);
    expect(open.statusCode).toBe(200);
    expect([...Value.Errors(CandidateFormResponse, open.json())]).toEqual([]);
    expect(open.json().data).toMatchObject({ form: DEMO_BACKGROUND_CHECK_FORM, values: {}, status: 'open' });
    const started = await getForm(casey, ids.work);
    expect(started.json().data).toMatchObject({
      form: DEMO_WORK_AUTHORISATION_FORM,
      values: { authorised: 'permit', country: 'CA' },
      status: 'in_progress',
    });
  });

  it('answers 404 naming form_id for another candidate’s form exactly as for one that does not exist', async () => {
    const foreign = await getForm(casey, ids.olive);
    const missing = await getForm(casey, 2147483647);
    const beyond = await getForm(casey, 9999999999);
    for (const res of [foreign, missing, beyond]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().field).toBe('form_id');
    }
    expect(foreign.json().message).toBe(`form_id: you have no form ${ids.olive}.`);
    expect(foreign.body).not.toContain('citizen');
  });

  it('answers 401 signed out', async () => {
    expect((await getForm(visitor, ids.background)).statusCode).toBe(401);
  });
});

describe('POST /api/pcsx/form', () => {
  it('refuses a missing CSRF token (403) and a signed-out call (401), changing nothing', async () => {
    const noCsrf = await casey.post(
      '/api/pcsx/form',
      { domain: DEMO_DOMAIN, form_id: ids.background, values: { consent: true }, submit: false },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('invalid_csrf');
    const signedOut = await postForm(visitor, ids.background, { consent: true }, false);
    expect(signedOut.statusCode).toBe(401);
    expect((await getForm(casey, ids.background)).json().data.status).toBe('open');
  });

  it('refuses another candidate’s form (404) and an answer to no question (400 naming it)', async () => {
    const foreign = await postForm(casey, ids.olive, { country: 'FR' }, false);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().field).toBe('form_id');
    const unknown = await postForm(casey, ids.background, { favouriteColour: 'blue' }, false);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      field: 'favouriteColour',
      message: 'body/values/favouriteColour is not a question of this form.',
    });
  });

  it('saves progress without the rules, then refuses a submit with missing answers (English and French)', async () => {
    const saved = await postForm(casey, ids.background, { consent: true }, false);
    expect(saved.statusCode).toBe(200);
    expect([...Value.Errors(SaveCandidateFormResponse, saved.json())]).toEqual([]);
    expect(saved.json().data).toMatchObject({ id: ids.background, status: 'in_progress', completed_at: null });
    const reopened = await getForm(casey, ids.background);
    expect(reopened.json().data).toMatchObject({ values: { consent: true }, status: 'in_progress' });

    const missing = await postForm(casey, ids.background, { consent: true }, true);
    expect(missing.statusCode).toBe(400);
    expect([...Value.Errors(FormErrorBody, missing.json())]).toEqual([]);
    expect(missing.json()).toMatchObject({
      code: 'form_invalid',
      field: 'idDocument',
      message: 'Signed ID document is required',
      errors: { idDocument: 'Signed ID document is required', signature: 'Signature is required' },
    });
    const french = await postForm(casey, ids.background, {}, true, '?hl=fr-CA');
    expect(french.statusCode).toBe(400);
    expect(french.json().errors).toEqual({
      idDocument: 'Pièce d’identité signée est obligatoire',
      consent: 'Ce champ est obligatoire',
      signature: 'Signature est obligatoire',
    });
    expect((await getForm(casey, ids.background)).json().data.status).toBe('in_progress');
  });

  it('refuses a file that is not what its name says', async () => {
    const fake = Buffer.from('not a pdf at all').toString('base64');
    const res = await postForm(
      casey,
      ids.background,
      { idDocument: [uploadedFile('id.pdf', fake, 16)], consent: true },
      true,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      idDocument: 'id.pdf is not a PDF file. Upload the file itself.',
      signature: 'Signature is required',
    });
  });

  it('checks the rules of the work authorisation form (date range, state when shown)', async () => {
    const res = await postForm(
      casey,
      ids.work,
      {
        authorised: 'permit',
        permitDates: { startDate: '1990-01-01', endDate: '2020-01-01', isCurrent: false },
        country: 'CA',
      },
      true,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      permitDates: 'Enter permit dates from 2000 to ten years from today.',
      state: 'Province or state is required',
    });
  });

  it('completes a valid form; a completed form is read-only (409 on saving or submitting again)', async () => {
    await signQuestion(casey, ids.background, 'signature');
    const values = { idDocument: [uploadedFile('id.pdf', pdf, pdfSize)], consent: true };
    const done = await postForm(casey, ids.background, values, true);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ id: ids.background, status: 'completed' });
    expect(typeof done.json().data.completed_at).toBe('string');

    const tabs = (await list(casey, '&tab_id=completed&include_tab_list=true')).json().data;
    expect(tabs.forms.map((form: { id: number }) => form.id)).toEqual([ids.background]);
    expect(tabs.tabs).toEqual([
      { id: 'open', label: 'Open', count: 1 },
      { id: 'completed', label: 'Completed', count: 1 },
    ]);
    const view = (await getForm(casey, ids.background)).json().data;
    expect(view.status).toBe('completed');
    expect(view.values.consent).toBe(true);
    expect(view.values.signature).toMatchObject({ status: 'signed' });

    const date = done.json().data.completed_at.slice(0, 10);
    for (const submit of [false, true]) {
      const again = await postForm(casey, ids.background, values, submit);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'form_completed',
        field: 'form_id',
        message: `This form was completed on ${date} and can no longer be changed.`,
      });
    }
    const french = await postForm(casey, ids.background, values, false, '?hl=fr-CA');
    expect(french.json().message).toBe(`Ce formulaire a été rempli le ${date} et ne peut plus être modifié.`);
  });

  it('drops the answer of a question that does not show when submitting', async () => {
    const res = await postForm(
      casey,
      ids.work,
      { authorised: 'citizen', country: 'FR', state: 'CA-ON', permitDates: null },
      true,
    );
    expect(res.statusCode).toBe(200);
    const view = (await getForm(casey, ids.work)).json().data;
    expect(view.status).toBe('completed');
    expect(view.values).toEqual({ authorised: 'citizen', country: 'FR' });
  });
});
