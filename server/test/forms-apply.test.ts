/**
 * Applying and draft applications (docs/product/apply-and-drafts.md) on
 * SQLite and PostgreSQL: the application form (default, a position's own, prefilled from the profile or the draft),
 * applying signed in and signed out (attached to an existing account, nobody signed in), twice, with answers the
 * rule engine or the server refuses (in English and French), the employer switch that requires sign-in, drafts
 * (save, list, resume, delete, another candidate's), CSRF, the bell's notification and the demo forms' shape.
 */
import { Value } from '@sinclair/typebox/value';
import { PDFDocument } from 'pdf-lib';
import {
  ApplyFormResponse,
  ApplyResponse,
  DraftApplicationsResponse,
  FormDefinition,
  FormErrorBody,
  type FormValues,
  localizeTexts,
} from '../src/contract';
import { createEmployerRepository } from '../src/employers/repository';
import { demoFormTexts, withDemoLanguages } from '../src/forms/demo-form-texts';
import { translator } from '../src/i18n';
import {
  DEMO_APPLICATION_FORM,
  DEMO_CENTRE_FORMS,
  DEMO_FORMS,
  DEMO_SHORT_FORM,
  DEMO_SHORT_FORM_KEY,
  seedDemoForms,
} from '../src/forms/demo-forms';
import { DEFAULT_APPLICATION_FORM_KEY } from '../src/forms/repository';
import { insertPositions, type NewPosition } from '../src/positions/repository';
import {
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_OTHER_EMAIL,
  demoClients,
  TestClient,
  uploadedFile,
  useTestApp,
} from './helpers';

const ctx = useTestApp();
const OTHER_DOMAIN = 'globex.example';
const DAY = 86_400_000;

let casey: TestClient;
let olive: TestClient;
let visitor: TestClient;
/** Position ids by name. */
const ids: Record<'robotics' | 'controls' | 'field' | 'quick' | 'drafty' | 'closed' | 'globex', number> = {} as never;
let pdf: string;
let pdfSize: number;

const position = (overrides: Partial<NewPosition>): NewPosition => ({
  domain: DEMO_DOMAIN,
  title: 'Test Position',
  description: '<p>Test</p>',
  department: 'Engineering',
  employmentType: 'Full-time',
  remote: false,
  skills: ['Go'],
  locations: [{ name: 'Toronto, ON, Canada', lat: 43.6532, lng: -79.3832 }],
  postedAt: new Date(Date.now() - DAY).toISOString(),
  ...overrides,
});

/** Answers the demo's default form accepts. */
const validAnswers = (overrides: FormValues = {}): FormValues => ({
  firstname: 'Casey',
  lastname: 'Jordan',
  email: 'casey.jordan@example.com',
  phone: '+14165550199',
  country: 'CA',
  state: 'CA-ON',
  jobs: [
    { title: 'Robot wrangler', company: 'Initech', dates: { startDate: '2021-03', endDate: null, isCurrent: true } },
  ],
  skills: ['ROS'],
  resume: [uploadedFile('resume.pdf', pdf, pdfSize)],
  workAuthorization: 'yes',
  noticePeriod: '2w',
  coverLetter: 'I build robots.',
  consent: true,
  ...overrides,
});

const apply = (client: TestClient, positionIds: number[], values: FormValues, query = '') =>
  client.post(`/api/pcsx/apply${query}`, { domain: DEMO_DOMAIN, position_ids: positionIds, values });

const applyForm = (client: TestClient, pid: string, query = '') =>
  client.get(`/api/pcsx/apply_form?domain=${DEMO_DOMAIN}&pid=${pid}${query}`);

const candidateId = async (email: string) =>
  (await ctx.db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

const setPcsxConfig = (config: unknown) =>
  ctx.db
    .updateTable('employers')
    .set({ pcsx_config_json: config === null ? null : JSON.stringify(config) })
    .where('domain', '=', DEMO_DOMAIN)
    .execute();

beforeAll(async () => {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  const bytes = Buffer.from(await document.save());
  pdf = bytes.toString('base64');
  pdfSize = bytes.length;

  await createEmployerRepository(ctx.db).create(
    { domain: OTHER_DOMAIN, companyName: 'Globex', notificationsEnabled: false, actionRequiredConfigured: false },
    new Date(),
  );
  const [robotics, controls, field, quick, drafty, closed] = await insertPositions(ctx.db, [
    position({ title: 'Robotics Software Engineer', skills: ['ROS', 'C++'] }),
    position({
      title: 'Controls Engineer',
      skills: ['PLC'],
      locations: [{ name: 'Montréal, QC, Canada', lat: 45.5, lng: -73.57 }],
    }),
    position({ title: 'Field Technician', remote: true, locations: [] }),
    position({ title: 'Warehouse Associate' }),
    position({ title: 'Data Analyst' }),
    position({ title: 'Archived Role', archivedAt: new Date(Date.now() - 2 * DAY).toISOString() }),
  ]);
  const [globex] = await insertPositions(ctx.db, [position({ domain: OTHER_DOMAIN, title: 'Globex Role' })]);
  Object.assign(ids, { robotics, controls, field, quick, drafty, closed, globex });
  await ctx.db
    .updateTable('positions')
    .set({ application_form_key: DEMO_SHORT_FORM_KEY })
    .where('id', '=', quick!)
    .execute();

  ({ casey, olive, visitor } = await demoClients(ctx.app));
});

describe('the demo forms', () => {
  it('match the contract’s FormDefinition schema and are seeded for the demo employer', async () => {
    for (const { form } of DEMO_FORMS) expect([...Value.Errors(FormDefinition, form)]).toEqual([]);
    const rows = await ctx.db
      .selectFrom('forms')
      .selectAll()
      .where('domain', '=', DEMO_DOMAIN)
      .where('form_key', 'in', ['application', DEMO_SHORT_FORM_KEY])
      .orderBy('form_key')
      .execute();
    // Stored with each text in every language (docs/product/languages.md#content-in-the-language); in English, the
    // definitions as written.
    const stored = rows.map((row) => [row.form_key, JSON.parse(row.definition_json) as unknown] as const);
    expect(stored.map(([key, form]) => [key, localizeTexts(form, 'en', 'en')])).toEqual([
      ['application', DEMO_APPLICATION_FORM],
      [DEMO_SHORT_FORM_KEY, DEMO_SHORT_FORM],
    ]);
    const french = localizeTexts(stored[0]![1], 'fr-CA', 'en') as typeof DEMO_APPLICATION_FORM;
    expect(french.sections[0]!.items[0]!.label).toBe('Prénom');
    expect(DEMO_APPLICATION_FORM.layout).toBe('stepper');
    expect(DEMO_APPLICATION_FORM.sections.map((section) => section.title)).toEqual([
      'About you',
      'Experience',
      'Questions',
    ]);
  });

  it('give one open demo position the shorter form once positions exist (and never a second one)', async () => {
    await ctx.db.updateTable('positions').set({ application_form_key: null }).where('id', '=', ids.quick).execute();
    expect(await seedDemoForms(ctx.db, DEMO_DOMAIN)).toBe(true);
    const own = await ctx.db
      .selectFrom('positions')
      .select(['id', 'application_form_key'])
      .where('application_form_key', 'is not', null)
      .execute();
    expect(own).toEqual([{ id: ids.robotics, application_form_key: DEMO_SHORT_FORM_KEY }]);
    expect(await seedDemoForms(ctx.db, DEMO_DOMAIN)).toBe(false);
    // Back to this file's layout: the warehouse position has the short form.
    await ctx.db.updateTable('positions').set({ application_form_key: null }).where('id', '=', ids.robotics).execute();
    await ctx.db
      .updateTable('positions')
      .set({ application_form_key: DEMO_SHORT_FORM_KEY })
      .where('id', '=', ids.quick)
      .execute();
  });
});

describe('the demo forms in every language', () => {
  it('a demo database made before they spoke every language gets them at start, unless someone changed them', async () => {
    const definition = async (key: string) =>
      JSON.parse(
        (
          await ctx.db
            .selectFrom('forms')
            .select('definition_json')
            .where('domain', '=', DEMO_DOMAIN)
            .where('form_key', '=', key)
            .executeTakeFirstOrThrow()
        ).definition_json,
      ) as typeof DEMO_APPLICATION_FORM;
    const before = await definition(DEMO_SHORT_FORM_KEY);
    const setStored = (key: string, form: unknown) =>
      ctx.db
        .updateTable('forms')
        .set({ definition_json: JSON.stringify(form) })
        .where('domain', '=', DEMO_DOMAIN)
        .where('form_key', '=', key)
        .execute();
    // As the previous version seeded them: English only. One of them an employer changed since.
    await setStored(DEMO_SHORT_FORM_KEY, DEMO_SHORT_FORM);
    const changed = { ...DEMO_APPLICATION_FORM, title: 'Our own application' };
    await setStored(DEFAULT_APPLICATION_FORM_KEY, changed);
    expect(await seedDemoForms(ctx.db, DEMO_DOMAIN)).toBe(true);
    expect(await definition(DEMO_SHORT_FORM_KEY)).toEqual(before);
    expect((localizeTexts(before, 'fr-CA', 'en') as typeof DEMO_SHORT_FORM).title).not.toBe(DEMO_SHORT_FORM.title);
    expect(await definition(DEFAULT_APPLICATION_FORM_KEY)).toEqual(changed);
    expect(await seedDemoForms(ctx.db, DEMO_DOMAIN)).toBe(false);
    await setStored(
      DEFAULT_APPLICATION_FORM_KEY,
      withDemoLanguages(DEFAULT_APPLICATION_FORM_KEY, DEMO_APPLICATION_FORM),
    );
  });

  it('has every text of the demo forms in the server catalogue, as written (the languages translate that)', () => {
    const texts = [...DEMO_FORMS, ...DEMO_CENTRE_FORMS].flatMap(({ key, form }) => demoFormTexts(key, form));
    expect(texts.length).toBeGreaterThan(60);
    const english = translator('en');
    for (const { key, text } of texts) expect([key, english(key)]).toEqual([key, text]);
  });
});

describe('GET /api/pcsx/apply_form', () => {
  it('signed out: the employer’s default form, nothing prefilled, the positions (skills suggested first)', async () => {
    const res = await applyForm(visitor, `${ids.robotics},${ids.field}`);
    expect(res.statusCode).toBe(200);
    expect([...Value.Errors(ApplyFormResponse, res.json())]).toEqual([]);
    const data = res.json().data;
    expect(data.form.id).toBe('application');
    expect(data.values).toEqual({});
    expect(data.draftUpdatedAt).toBeNull();
    expect(data.positions).toEqual([
      { id: ids.robotics, name: 'Robotics Software Engineer', location: 'Toronto, ON, Canada', applied: false },
      { id: ids.field, name: 'Field Technician', location: 'Remote', applied: false },
    ]);
    const skills = data.form.sections[1].items.find((item: { name: string }) => item.name === 'skills');
    expect(skills.suggestedSkills.slice(0, 3)).toEqual(['ROS', 'C++', 'Go']);
  });

  it('signed in: prefilled from the profile (first name, last name, email)', async () => {
    const res = await applyForm(casey, String(ids.controls));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.values).toEqual({ firstname: 'Casey', lastname: 'Jordan', email: DEMO_CANDIDATE_EMAIL });
  });

  it('a position with its own form gets it; positions that do not share one get the default', async () => {
    const own = await applyForm(visitor, String(ids.quick));
    expect(own.json().data.form).toMatchObject({ id: DEMO_SHORT_FORM_KEY, title: 'Quick apply', layout: 'simple' });
    const mixed = await applyForm(visitor, `${ids.quick},${ids.controls}`);
    expect(mixed.json().data.form.id).toBe('application');
  });

  it('a stored form that is not a FormDefinition is not offered (the default stands in, else a 404)', async () => {
    const broken = () =>
      ctx.db.updateTable('forms').set({ definition_json: '{"sections":"none"}' }).where('domain', '=', DEMO_DOMAIN);
    await broken().where('form_key', '=', DEMO_SHORT_FORM_KEY).execute();
    expect((await applyForm(visitor, String(ids.quick))).json().data.form.id).toBe('application');
    await broken().where('form_key', '=', 'application').execute();
    const none = await applyForm(visitor, String(ids.quick));
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'not_found', message: 'This employer has no application form yet.' });
    for (const { key, form } of DEMO_FORMS) {
      await ctx.db
        .updateTable('forms')
        .set({ definition_json: JSON.stringify(withDemoLanguages(key, form)) })
        .where('domain', '=', DEMO_DOMAIN)
        .where('form_key', '=', key)
        .execute();
    }
    expect((await applyForm(visitor, String(ids.quick))).json().data.form.id).toBe(DEMO_SHORT_FORM_KEY);
  });

  it('an unknown, closed or other employer’s position is a 404 naming pid', async () => {
    for (const pid of [
      String(ids.closed),
      '999999',
      '9999999999',
      String(ids.globex),
      `${ids.robotics},${ids.closed}`,
    ]) {
      const res = await applyForm(visitor, pid);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', field: 'pid' });
      expect(res.json().message).toMatch(/^pid: Position \d+ is not open for applications\.$/);
    }
    const french = await applyForm(visitor, String(ids.closed), '&hl=fr-CA');
    expect(french.json().message).toBe(`pid: Le poste ${ids.closed} n’accepte pas de candidatures.`);
    expect((await visitor.get(`/api/pcsx/apply_form?domain=${DEMO_DOMAIN}&pid=abc`)).statusCode).toBe(400);
  });
});

describe('POST /api/pcsx/apply: refused answers', () => {
  it('missing required answers: 400 form_invalid with the rule engine’s messages, in English and French', async () => {
    const res = await apply(visitor, [ids.robotics], {});
    expect(res.statusCode).toBe(400);
    expect([...Value.Errors(FormErrorBody, res.json())]).toEqual([]);
    const body = res.json();
    expect(body).toMatchObject({ code: 'form_invalid', field: 'firstname', message: 'First name is required' });
    expect(body.errors).toMatchObject({
      firstname: 'First name is required',
      email: 'Email is required',
      resume: 'Resume is required',
      workAuthorization: 'This field is required',
      consent: 'This field is required',
    });
    expect(body.errors.coverLetter).toBeUndefined();
    const french = await apply(
      visitor,
      [ids.robotics],
      { ...validAnswers(), consent: false, lastname: '' },
      '?hl=fr-CA',
    );
    expect(french.statusCode).toBe(400);
    // The form's own label in French too: the message reads in one language.
    expect(french.json()).toMatchObject({ field: 'lastname', message: 'Nom est obligatoire' });
    expect(french.json().errors).toEqual({
      lastname: 'Nom est obligatoire',
      consent: 'Ce champ est obligatoire',
    });
  });

  it('an answer to no question, or of the wrong type, is a 400 naming it', async () => {
    const unknown = await apply(visitor, [ids.robotics], validAnswers({ nickname: 'CJ' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validation', field: 'nickname' });
    expect(unknown.json().message).toBe('body/values/nickname is not a question of this form.');
    const notFiles = await apply(visitor, [ids.robotics], validAnswers({ resume: 'resume.pdf' }));
    expect(notFiles.statusCode).toBe(400);
    expect(notFiles.json()).toMatchObject({ field: 'resume' });
    expect(notFiles.json().message).toMatch(/^body\/values\/resume must be a list of at most 20 uploaded files/);
    const notText = await apply(visitor, [ids.robotics], validAnswers({ firstname: 5 }));
    expect(notText.json()).toMatchObject({ field: 'firstname', message: 'body/values/firstname must be a text.' });
    const inList = await apply(
      visitor,
      [ids.robotics],
      validAnswers({ jobs: [{ title: 'A', company: 'B', salary: 1 }] }),
    );
    expect(inList.json()).toMatchObject({ field: 'jobs.0.salary' });
    const badRule = await apply(visitor, [ids.robotics], validAnswers({ email: 'not-an-email' }));
    expect(badRule.json()).toMatchObject({ code: 'form_invalid', field: 'email' });
    expect(badRule.json().message).toMatch(/^Email is invalid/);
  });

  it('a file over the form’s limit, and a “PDF” that is not one, are refused at the field', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 0x20);
    big.write('%PDF-1.7\n');
    const tooLarge = await apply(
      visitor,
      [ids.robotics],
      validAnswers({ resume: [uploadedFile('big.pdf', big.toString('base64'), big.length)] }),
    );
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({
      code: 'form_invalid',
      field: 'resume',
      message: 'This file is larger than 5 MB: big.pdf',
    });
    const text = Buffer.from('Just some text, not a PDF.');
    const fake = await apply(
      visitor,
      [ids.robotics],
      validAnswers({ resume: [uploadedFile('resume.pdf', text.toString('base64'), text.length)] }),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({
      field: 'resume',
      message: 'resume.pdf is not a PDF file. Upload the file itself.',
    });
    const frenchFake = await apply(
      visitor,
      [ids.robotics],
      validAnswers({ resume: [uploadedFile('resume.pdf', text.toString('base64'), text.length)] }),
      '?hl=fr-CA',
    );
    expect(frenchFake.json().message).toBe('resume.pdf n’est pas un fichier PDF. Téléversez le fichier lui-même.');
    const lying = await apply(visitor, [ids.robotics], validAnswers({ resume: [uploadedFile('resume.pdf', pdf, 10)] }));
    expect(lying.json()).toMatchObject({
      field: 'resume',
      message: 'resume.pdf did not arrive complete. Upload it again.',
    });
    const wrongType = await apply(
      visitor,
      [ids.robotics],
      validAnswers({ resume: [uploadedFile('resume.exe', pdf, pdfSize)] }),
    );
    expect(wrongType.json()).toMatchObject({ field: 'resume' });
    expect(wrongType.json().message).toMatch(/^This file type is not accepted: resume\.exe/);
    expect(await ctx.db.selectFrom('applications').selectAll().execute()).toEqual([]);
  });

  it('a body over 12 MB is a 413 that says so', async () => {
    const huge = 'A'.repeat(13 * 1024 * 1024);
    const res = await apply(visitor, [ids.robotics], validAnswers({ resume: [uploadedFile('resume.pdf', huge, 1)] }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large', field: 'values' });
    expect(res.json().message).toMatch(/^The application is too large/);
  });

  it('closed or unknown positions are a 404 naming position_ids; without the CSRF token a 403', async () => {
    const closed = await apply(visitor, [ids.robotics, ids.closed], validAnswers());
    expect(closed.statusCode).toBe(404);
    expect(closed.json()).toMatchObject({ code: 'not_found', field: 'position_ids' });
    // Past the id column's range (a 32-bit integer on PostgreSQL): not a position id at all.
    const huge = await apply(visitor, [9_999_999_999], validAnswers());
    expect(huge.statusCode).toBe(400);
    expect((huge.json() as { field?: string }).field).toMatch(/^position_ids/);
    const noToken = await visitor.post(
      '/api/pcsx/apply',
      { domain: DEMO_DOMAIN, position_ids: [ids.robotics], values: validAnswers() },
      { csrf: false },
    );
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toMatchObject({ code: 'invalid_csrf' });
  });
});

describe('POST /api/pcsx/apply: applications', () => {
  it('signed in: the application is the candidate’s, the bell says so, and applying twice is a 409', async () => {
    const res = await apply(casey, [ids.robotics], validAnswers());
    expect(res.statusCode).toBe(200);
    expect([...Value.Errors(ApplyResponse, res.json())]).toEqual([]);
    const { applicationIds, positions } = res.json().data;
    expect(applicationIds).toHaveLength(1);
    expect(positions).toEqual([
      { id: ids.robotics, name: 'Robotics Software Engineer', location: 'Toronto, ON, Canada', applied: true },
    ]);
    const row = await ctx.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', applicationIds[0])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      domain: DEMO_DOMAIN,
      position_id: ids.robotics,
      candidate_id: await candidateId(DEMO_CANDIDATE_EMAIL),
      email: DEMO_CANDIDATE_EMAIL,
      status: 'submitted',
    });
    expect(JSON.parse(row.answers_json)).toMatchObject({ firstname: 'Casey', consent: true });
    const events = await ctx.db
      .selectFrom('application_events')
      .select(['status'])
      .where('application_id', '=', row.id)
      .execute();
    expect(events).toEqual([{ status: 'submitted' }]);

    const bell = await casey.get('/api/pcsx/notifications');
    expect(bell.json().data.notifications[0]).toMatchObject({
      categoryTitle: 'Application',
      message: 'Your application for Robotics Software Engineer was submitted',
      notificationType: 'read_only',
      redirectUrl: '/careers/applications',
      isViewed: false,
    });
    expect(
      (await applyForm(casey, `${ids.robotics},${ids.controls}`))
        .json()
        .data.positions.map((p: { applied: boolean }) => p.applied),
    ).toEqual([true, false]);

    const again = await apply(casey, [ids.controls, ids.robotics], validAnswers());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_applied', field: 'position_ids' });
    expect(again.json().message).toBe(`You have already applied to Robotics Software Engineer (${ids.robotics}).`);
    // Nothing of the refused call was kept (not even the other position's application).
    expect(await ctx.db.selectFrom('applications').select('position_id').execute()).toEqual([
      { position_id: ids.robotics },
    ]);
  });

  it('signed out: the email names the applicant; an account with that email gets nothing, nobody is signed in', async () => {
    const anonymous = new TestClient(ctx.app);
    await anonymous.get('/careers/login');
    const oliveBell = async () => (await olive.get('/api/pcsx/notifications')).json().data.notifications as unknown[];
    const bellBefore = (await oliveBell()).length;
    const res = await apply(
      anonymous,
      [ids.controls],
      validAnswers({ firstname: 'Olive', email: ' Other@Example.com ' }),
      '?hl=fr-CA',
    );
    expect(res.statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', res.json().data.applicationIds[0])
      .executeTakeFirstOrThrow();
    // Kept with the email it gives, attached to no account: the email was typed, not verified
    // (docs/product/apply-and-drafts.md#signed-out-applications).
    expect(row).toMatchObject({ candidate_id: null, email: DEMO_OTHER_EMAIL, signed_in: 0 });
    // Still signed out.
    expect((await anonymous.get('/api/pcsx/draft_applications')).statusCode).toBe(401);
    expect(anonymous.sessionCookie).toBeUndefined();
    // Olive's bell says nothing of an application she may not have made.
    expect((await oliveBell()).length).toBe(bellBefore);
    // The same email again: already applied. Olive herself, signed in, is not blocked by an application she may
    // not have made: hers replaces it (decision 010).
    const twice = await apply(anonymous, [ids.controls], validAnswers({ email: 'other@example.com' }));
    expect(twice.statusCode).toBe(409);
    const own = await apply(olive, [ids.controls], validAnswers());
    expect(own.statusCode).toBe(200);
    expect(own.json().data.applicationIds).toEqual(res.json().data.applicationIds);
    expect((await apply(olive, [ids.controls], validAnswers())).statusCode).toBe(409);
  });

  it('signed out with an email no account has: an application without a candidate', async () => {
    const res = await apply(visitor, [ids.controls, ids.field], validAnswers({ email: 'New.Person@Example.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.applicationIds).toHaveLength(2);
    const rows = await ctx.db
      .selectFrom('applications')
      .select(['position_id', 'candidate_id', 'email'])
      .where('email', '=', 'new.person@example.com')
      .orderBy('position_id')
      .execute();
    expect(rows).toEqual([
      { position_id: ids.controls, candidate_id: null, email: 'new.person@example.com' },
      { position_id: ids.field, candidate_id: null, email: 'new.person@example.com' },
    ]);
  });

  it('the employer can require sign-in (applyFormConfig.disableLoggedOutApply): 401 signed out', async () => {
    await setPcsxConfig({ applyFormConfig: { disableLoggedOutApply: true } });
    try {
      const form = await applyForm(visitor, String(ids.drafty));
      expect(form.statusCode).toBe(401);
      expect(form.json()).toMatchObject({
        code: 'login_required',
        message: 'Sign in to apply: this employer accepts applications from signed-in candidates only.',
      });
      expect(form.headers['x-login']).toBe('1');
      const post = await apply(visitor, [ids.drafty], validAnswers({ email: 'someone@example.com' }));
      expect(post.statusCode).toBe(401);
      expect((await applyForm(casey, String(ids.drafty))).statusCode).toBe(200);
    } finally {
      await setPcsxConfig(null);
    }
    expect((await applyForm(visitor, String(ids.drafty))).statusCode).toBe(200);
  });
});

describe('draft applications', () => {
  const saveDraft = (client: TestClient, positionIds: number[], values: FormValues, csrf = true) =>
    client.post('/api/pcsx/draft_applications', { domain: DEMO_DOMAIN, position_ids: positionIds, values }, { csrf });
  const deleteDraft = (client: TestClient, positionId: number, csrf = true) =>
    client.request({
      method: 'DELETE',
      url: '/api/pcsx/draft_applications',
      payload: { domain: DEMO_DOMAIN, position_ids: [positionId] },
      csrf,
    });
  const drafts = async (client: TestClient) => {
    const res = await client.get('/api/pcsx/draft_applications');
    expect(res.statusCode).toBe(200);
    expect([...Value.Errors(DraftApplicationsResponse, res.json())]).toEqual([]);
    return res.json().data.draft_applications as Array<Record<string, unknown> & { position: Record<string, unknown> }>;
  };

  it('are saved (unchecked by the rules, replaced when saved again), listed and resume the form', async () => {
    expect(await drafts(casey)).toEqual([]);
    const first = await saveDraft(casey, [ids.quick, ids.drafty], { firstname: 'Casey', coverLetter: 'Half wri' });
    expect(first.statusCode).toBe(200);
    const saved = await saveDraft(casey, [ids.drafty, ids.quick], {
      firstname: 'Casey',
      coverLetter: 'Half written',
      resume: [],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ position_ids: [ids.quick, ids.drafty], id: first.json().data.id });
    const list = await drafts(casey);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      position_ids: [ids.quick, ids.drafty],
      position: { id: ids.quick, name: 'Warehouse Associate', location: 'Toronto, ON, Canada', archived_at: -1 },
      href: `/careers/apply?domain=${DEMO_DOMAIN}&pid=${ids.quick},${ids.drafty}`,
    });
    const form = await applyForm(casey, `${ids.drafty},${ids.quick}`);
    expect(form.json().data.values).toEqual({ firstname: 'Casey', coverLetter: 'Half written', resume: [] });
    expect(form.json().data.draftUpdatedAt).toBe(list[0]!.updated_at);
    // Another candidate sees none of it.
    expect(await drafts(olive)).toEqual([]);
    expect((await applyForm(olive, `${ids.drafty},${ids.quick}`)).json().data.draftUpdatedAt).toBeNull();
  });

  it('refuse answers to no question and wrong types; need the session and the CSRF token', async () => {
    const unknown = await saveDraft(casey, [ids.drafty], { nickname: 'CJ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'nickname' });
    expect((await saveDraft(casey, [ids.drafty], { consent: 'yes' })).json()).toMatchObject({ field: 'consent' });
    expect((await saveDraft(casey, [ids.closed], {})).json()).toMatchObject({
      code: 'not_found',
      field: 'position_ids',
    });
    for (const res of [
      await visitor.get('/api/pcsx/draft_applications'),
      await saveDraft(visitor, [ids.drafty], {}),
      await deleteDraft(visitor, ids.drafty),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'login_required' });
    }
    for (const res of [await saveDraft(casey, [ids.drafty], {}, false), await deleteDraft(casey, ids.drafty, false)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'invalid_csrf' });
    }
  });

  it('a closed position’s draft shows when it closed; deleting is the owner’s only (404 otherwise)', async () => {
    const [closing] = await insertPositions(ctx.db, [position({ title: 'Closing Soon' })]);
    expect((await saveDraft(casey, [closing!], { firstname: 'Casey' })).statusCode).toBe(200);
    const archivedAt = new Date(Date.now() - 60_000);
    await ctx.db
      .updateTable('positions')
      .set({ archived_at: archivedAt.toISOString() })
      .where('id', '=', closing!)
      .execute();
    const closed = (await drafts(casey)).find((draft) => (draft.position_ids as number[]).includes(closing!));
    expect(closed!.position.archived_at).toBe(Math.floor(archivedAt.getTime() / 1000));

    const foreign = await deleteDraft(olive, ids.drafty);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'not_found',
      message: `You have no draft application for position ${ids.drafty}.`,
    });
    expect(await drafts(casey)).toHaveLength(2);
    const deleted = await deleteDraft(casey, ids.drafty);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: { position_ids: [ids.drafty], deleted: true } });
    expect((await drafts(casey)).map((draft) => draft.position_ids)).toEqual([[closing]]);
    expect((await deleteDraft(casey, ids.drafty)).statusCode).toBe(404);
  });

  it('applying deletes the draft for these positions', async () => {
    const answers = {
      firstname: 'Casey',
      lastname: 'Jordan',
      email: DEMO_CANDIDATE_EMAIL,
      resume: [uploadedFile('resume.pdf', pdf, pdfSize)],
    };
    expect((await saveDraft(casey, [ids.quick], { firstname: 'Casey' })).statusCode).toBe(200);
    expect((await drafts(casey)).some((draft) => (draft.position_ids as number[]).join() === String(ids.quick))).toBe(
      true,
    );
    const res = await apply(casey, [ids.quick], answers);
    expect(res.statusCode).toBe(200);
    expect((await drafts(casey)).some((draft) => (draft.position_ids as number[]).join() === String(ids.quick))).toBe(
      false,
    );
  });
});
