import fs from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import {
  ProfileAnalysisResponse,
  ProfileDetailsResponse,
  UploadResumeResponse,
  type ProfileDetails,
} from '../src/contract';
import { createCandidateRepository } from '../src/candidates/repository';
import { hashPassword } from '../src/auth/password';
import { seedDemoSearchData } from '../src/positions/demo-positions';
import { openPosition } from '../src/positions/open';
import {
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_NEW_EMAIL,
  DEMO_OTHER_EMAIL,
  DEMO_PASSWORD,
  TestClient,
  useTestApp,
} from './helpers';

const ctx = useTestApp();
jest.setTimeout(60_000);

/** A real 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const dataUrl = (type: string, bytes: Buffer | Uint8Array) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** A one-page PDF with these lines, made with pdf-lib. */
async function pdfWith(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, index) => page.drawText(line, { x: 56, y: 730 - index * 18, size: 12, font }));
  return pdf.save();
}

/**
 * Real Word documents (Office Open XML, made once with JSZip): Casey's resume, naming Kubernetes, and a ZIP that
 * is not a Word document.
 */
const fixture = (name: string): Buffer => fs.readFileSync(path.join(__dirname, 'fixtures', name));
const CASEY_DOCX = fixture('resume-casey.docx');
const NOT_WORD_DOCX = fixture('not-word.docx');

/** A multipart/form-data body of text fields. */
function multipart(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const boundary = 'profiletestboundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The `Host` header of a request made on this origin (`http://127.0.0.1:8080` → `127.0.0.1:8080`). */
const hostOf = (origin: string | undefined): Record<string, string> => (origin ? { host: new URL(origin).host } : {});

function upload(client: TestClient, fields: Record<string, string>, csrf = true, origin?: string) {
  const { payload, headers } = multipart(fields);
  return client.request({
    method: 'POST',
    url: '/api/pcsx/upload_resume',
    payload,
    headers: { ...headers, ...hostOf(origin) },
    csrf,
  });
}

async function details(client: TestClient): Promise<ProfileDetails> {
  const res = await client.get('/api/pcsx/profile_details');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect([...Value.Errors(ProfileDetailsResponse, body)]).toEqual([]);
  return body.data as ProfileDetails;
}

/** A profile change, made on the page's origin when one is given (as a browser sends it: its Host header). */
const edit = (
  client: TestClient,
  op_section: string,
  operation: string,
  op_data: Record<string, unknown>,
  origin?: string,
) =>
  client.post(
    '/api/pcsx/profile_edit',
    { op_section, operation, op_data, domain: DEMO_DOMAIN },
    { headers: hostOf(origin) },
  );

let casey: TestClient;
let olive: TestClient;
let nora: TestClient;
let blank: TestClient;
/** A demo position with a skill Casey's profile lacks, and that skill. */
let position: { id: number; skill: string };

beforeAll(async () => {
  // The demo employer's 2,000 positions (its skill vocabulary) and Casey's demo skills.
  expect(await seedDemoSearchData(ctx.db)).toBe(true);
  const caseyRow = await ctx.db
    .selectFrom('candidates')
    .select('id')
    .where('email', '=', DEMO_CANDIDATE_EMAIL)
    .executeTakeFirstOrThrow();
  const own = (
    await ctx.db.selectFrom('candidate_skills').select('skill').where('candidate_id', '=', caseyRow.id).execute()
  ).map((row) => row.skill);
  const row = await ctx.db
    .selectFrom('position_skills')
    .innerJoin('positions', 'positions.id', 'position_skills.position_id')
    .select(['positions.id', 'position_skills.skill'])
    .where('positions.domain', '=', DEMO_DOMAIN)
    // Open: match details answer open positions only (issue 21).
    .where(openPosition(new Date().toISOString(), 'positions'))
    .where('position_skills.skill', 'not in', own)
    .where('position_skills.skill', '=', 'Kubernetes')
    .orderBy('positions.id')
    .executeTakeFirstOrThrow();
  position = { id: row.id, skill: row.skill };

  // A candidate whose name and location are empty, so a resume fills them.
  await createCandidateRepository(ctx.db).create(
    {
      domain: DEMO_DOMAIN,
      email: 'blank@example.com',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: '',
      lastName: '',
      isOnboarded: true,
      isBootstrapped: true,
    },
    new Date(),
  );
  [casey, olive, nora, blank] = [
    new TestClient(ctx.app),
    new TestClient(ctx.app),
    new TestClient(ctx.app),
    new TestClient(ctx.app),
  ];
  await casey.login(DEMO_CANDIDATE_EMAIL);
  await olive.login(DEMO_OTHER_EMAIL);
  await nora.login(DEMO_NEW_EMAIL);
  await blank.login('blank@example.com');
});

describe('signed out', () => {
  it('answers 401 login_required on every profile call', async () => {
    const visitor = new TestClient(ctx.app);
    await visitor.get('/careers/login');
    const calls = [
      visitor.get('/api/pcsx/profile_details'),
      visitor.get('/api/pcsx/profile_analysis'),
      visitor.get('/api/pcsx/profile_avatar'),
      visitor.get('/api/pcsx/resume_file?resume_id=1'),
      visitor.post('/api/pcsx/profile_edit', { op_section: 'summary', operation: 'update', op_data: { value: 'x' } }),
      upload(visitor, { resume_file_name: 'a.pdf', resume_content: 'data:application/pdf;base64,JVBERi0=' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'login_required' });
    }
  });
});

describe('GET /api/pcsx/profile_details and profile_analysis', () => {
  it("gives Casey's demo profile in sections", async () => {
    const profile = await details(casey);
    expect(profile.basic_info).toEqual({
      firstname: 'Casey',
      lastname: 'Jordan',
      fullname: 'Casey Jordan',
      headline: 'Robotics software developer',
      location: 'Toronto, ON',
      avatar: null,
    });
    expect(profile.contact).toEqual({ email: DEMO_CANDIDATE_EMAIL, phone: '' });
    expect(profile.summary).toMatch(/^Software developer with five years/);
    expect(profile.experience.map((item) => item.company)).toEqual(['Northwind Automation', 'Maple Logistics']);
    expect(profile.education).toEqual([]);
    expect(profile.skills).toEqual(expect.arrayContaining(['TypeScript', 'Python', 'C++']));
    expect(profile.languages).toEqual([{ language: 'English', proficiency: 'native' }]);
    expect(profile.links).toEqual([]);
    expect(profile.resumes).toEqual([]);
  });

  it('says how complete it is and what is missing, in English and French', async () => {
    const res = await casey.get('/api/pcsx/profile_analysis');
    expect(res.statusCode).toBe(200);
    expect([...Value.Errors(ProfileAnalysisResponse, res.json())]).toEqual([]);
    const { data } = res.json();
    expect(data.missing).toEqual([
      { key: 'avatar', label: 'Add a profile picture', section: 'avatar' },
      { key: 'phone', label: 'Add a phone number', section: 'contact' },
      { key: 'education', label: 'Add your education', section: 'education' },
      { key: 'links', label: 'Add a link, such as your portfolio or LinkedIn profile', section: 'links' },
      { key: 'resume', label: 'Upload your resume', section: 'resumes' },
    ]);
    expect(data.completion).toBe(58); // 7 of 12
    expect(data.completed).toEqual(
      expect.arrayContaining(['name', 'headline', 'location', 'summary', 'experience', 'skills', 'languages']),
    );

    const french = (await casey.get('/api/pcsx/profile_analysis?hl=fr-CA')).json().data;
    expect(french.missing.map((item: { label: string }) => item.label)).toEqual([
      'Ajoutez une photo de profil',
      'Ajoutez un numéro de téléphone',
      'Ajoutez votre formation',
      'Ajoutez un lien, comme votre portfolio ou votre profil LinkedIn',
      'Téléversez votre CV',
    ]);
    // Olive has no profile yet: everything but her name and location is missing; skills need 3.
    const oliveData = (await olive.get('/api/pcsx/profile_analysis')).json().data;
    expect(oliveData.completion).toBe(17);
    expect(oliveData.missing).toContainEqual({ key: 'skills', label: 'Add at least 3 skills', section: 'skills' });
  });
});

describe('POST /api/pcsx/profile_edit', () => {
  it('adds, updates and deletes list items and updates single sections, answering the new profile', async () => {
    const added = await edit(olive, 'education', 'add', {
      value: {
        school: 'Université de Montréal',
        degree: 'BSc',
        field: 'Computer Science',
        startYear: 2014,
        endYear: 2018,
      },
    });
    expect(added.statusCode).toBe(200);
    expect([...Value.Errors(ProfileDetailsResponse, added.json())]).toEqual([]);
    expect(added.json().data.education).toEqual([
      { school: 'Université de Montréal', degree: 'BSc', field: 'Computer Science', startYear: 2014, endYear: 2018 },
    ]);
    // add at an index inserts there
    await edit(olive, 'education', 'add', { value: { school: 'Cégep du Vieux Montréal' }, index: 0 });
    let profile = await details(olive);
    expect(profile.education.map((item) => item.school)).toEqual(['Cégep du Vieux Montréal', 'Université de Montréal']);

    const updated = await edit(olive, 'education', 'update', { value: { school: 'Dawson College' }, index: 0 });
    expect(updated.json().data.education.map((item: { school: string }) => item.school)).toEqual([
      'Dawson College',
      'Université de Montréal',
    ]);
    const deleted = await edit(olive, 'education', 'delete', { index: 0 });
    expect(deleted.json().data.education.map((item: { school: string }) => item.school)).toEqual([
      'Université de Montréal',
    ]);

    await edit(olive, 'experience', 'add', {
      value: { title: 'Analyst', company: 'Globex', startDate: '2019-01', endDate: null },
    });
    await edit(olive, 'links', 'add', { value: { label: 'Portfolio', url: 'https://olive.example/portfolio' } });
    await edit(olive, 'languages', 'add', { value: { language: 'French', proficiency: 'native' } });
    for (const skill of ['SQL', 'Python', 'Excel', 'python']) await edit(olive, 'skills', 'add', { value: skill });
    await edit(olive, 'skills', 'update', { value: 'Power BI', index: 0 }); // Excel (sorted) becomes Power BI
    expect((await details(olive)).skills).toEqual(['Power BI', 'python', 'SQL']);
    await edit(olive, 'skills', 'delete', { index: 0 });

    const basic = await edit(olive, 'basic_info', 'update', {
      value: { firstname: ' Olive ', lastname: 'Otero', headline: 'Data analyst', location: 'Laval, QC' },
    });
    expect(basic.json().data.basic_info).toMatchObject({
      firstname: 'Olive',
      lastname: 'Otero',
      fullname: 'Olive Otero',
      headline: 'Data analyst',
      location: 'Laval, QC',
    });
    await edit(olive, 'contact', 'update', { value: { phone: '+1 514 555 0199' } });
    const summary = await edit(olive, 'summary', 'update', { value: 'Analyst.\nLoves data.' });
    profile = summary.json().data;
    expect(profile.summary).toBe('Analyst.\nLoves data.');
    expect(profile.contact).toEqual({ email: DEMO_OTHER_EMAIL, phone: '+1 514 555 0199' });
    expect(profile.experience).toEqual([{ title: 'Analyst', company: 'Globex', startDate: '2019-01', endDate: null }]);
    expect(profile.links).toEqual([{ label: 'Portfolio', url: 'https://olive.example/portfolio' }]);
    expect(profile.skills).toEqual(['python', 'SQL']);

    // Olive's changes are hers: Casey's profile is untouched.
    const caseyProfile = await details(casey);
    expect(caseyProfile.education).toEqual([]);
    expect(JSON.stringify(caseyProfile)).not.toMatch(/Olive|Globex|Portfolio/);
  });

  it.each([
    [
      { op_section: 'hobbies', operation: 'add', op_data: { value: 'chess' } },
      'op_section',
      /op_section must be one of/,
    ],
    [{ op_section: 'summary', operation: 'add', op_data: { value: 'x' } }, 'operation', /update for the summary/],
    [{ op_section: 'experience', operation: 'remove', op_data: { index: 0 } }, 'operation', /add or update or delete/],
    [{ op_section: 'experience', operation: 'update', op_data: { value: {} } }, 'op_data.index', /required/],
    [{ op_section: 'experience', operation: 'delete', op_data: { index: 7 } }, 'op_data.index', /between 0 and 1/],
    [{ op_section: 'experience', operation: 'delete', op_data: { index: -1 } }, 'op_data.index', /between 0 and 1/],
    [{ op_section: 'education', operation: 'delete', op_data: { index: 0 } }, 'op_data.index', /no items/],
    [
      { op_section: 'experience', operation: 'add', op_data: { value: { title: 'Dev', startDate: '2020-01' } } },
      'op_data.value.company',
      /company/,
    ],
    [
      {
        op_section: 'experience',
        operation: 'add',
        op_data: { value: { title: 'Dev', company: 'X', startDate: '2020-13' } },
      },
      'op_data.value.startDate',
      /startDate/,
    ],
    [
      {
        op_section: 'experience',
        operation: 'add',
        op_data: { value: { title: 'Dev', company: 'X', startDate: '2020-05', endDate: '2020-01' } },
      },
      'op_data.value.endDate',
      /before startDate/,
    ],
    [
      { op_section: 'links', operation: 'add', op_data: { value: { label: 'x', url: 'javascript:alert(1)' } } },
      'op_data.value.url',
      /url/,
    ],
    [
      { op_section: 'basic_info', operation: 'update', op_data: { value: { firstname: ' ', lastname: 'J' } } },
      'op_data.value.firstname',
      /firstname/,
    ],
    [{ op_section: 'basic_info', operation: 'update', op_data: { value: 'Casey' } }, 'op_data.value', /op_data.value/],
    [
      { op_section: 'contact', operation: 'update', op_data: { value: { phone: 'call me' } } },
      'op_data.value.phone',
      /phone/,
    ],
    [{ op_section: 'summary', operation: 'update', op_data: {} }, 'op_data.value', /required/],
    [{ op_section: 'skills', operation: 'add', op_data: { value: 'a\u0000b' } }, 'op_data.value', /control/],
    [{ op_section: 'resumes', operation: 'add', op_data: { value: 'x' } }, 'operation', /delete for the resumes/],
  ])('422 naming the field for %j', async (body, field, message) => {
    const before = await details(casey);
    const res = await casey.post('/api/pcsx/profile_edit', body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ statusCode: 422, code: 'validation', field });
    expect(res.json().message).toMatch(message);
    expect(await details(casey)).toEqual(before);
  });

  it('checks the body types at the boundary (400 naming the field) and needs the CSRF token', async () => {
    const wrongType = await casey.post('/api/pcsx/profile_edit', { op_section: 5, operation: 'update', op_data: {} });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ field: 'op_section' });
    const extra = await casey.post('/api/pcsx/profile_edit', {
      op_section: 'summary',
      operation: 'update',
      op_data: { value: 'x', other: 1 },
    });
    expect(extra.statusCode).toBe(400);
    const noCsrf = await casey.post(
      '/api/pcsx/profile_edit',
      { op_section: 'summary', operation: 'update', op_data: { value: 'hacked' } },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect((await details(casey)).summary).not.toBe('hacked');
  });
});

describe('avatar', () => {
  it('stores a PNG re-encoded as WebP, serves it to its owner only, with the static host prefix in answers', async () => {
    const [first] = ctx.config.publicOrigins;
    const res = await edit(casey, 'avatar', 'update', { value: `data:image/png;base64,${PNG_BASE64}` }, first);
    expect(res.statusCode).toBe(200);
    const avatar = res.json().data.basic_info.avatar as string;
    expect(avatar).toMatch(new RegExp(`^${first}/api/pcsx/profile_avatar\\?v=\\d+$`));
    const path = avatar.slice(first!.length);

    const picture = await casey.get(path);
    expect(picture.statusCode).toBe(200);
    // Not the bytes sent: the decoded pixels drawn again (avatar-image.ts), the same 1 x 1 picture.
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['content-security-policy']).toContain('sandbox');
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });
    // Another candidate's request for the same address gets their own picture: they have none.
    const other = await olive.get(path);
    expect(other.statusCode).toBe(404);
    expect(other.rawPayload.includes(Buffer.from(PNG_BASE64, 'base64').subarray(0, 16))).toBe(false);

    const analysis = (await casey.get('/api/pcsx/profile_analysis')).json().data;
    expect(analysis.completed).toContain('avatar');
  });

  // Issue 22, defect 2: the site opened on its second origin got a picture address on the first one, which the
  // page's CSP (img-src 'self') blocked: the picture broke right after the upload.
  it('addresses the picture on the origin the page was opened on, or relatively, never on another origin', async () => {
    expect(ctx.config.publicOrigins.length).toBeGreaterThan(1);
    const second = ctx.config.publicOrigins[1]!;
    const changed = await edit(casey, 'avatar', 'update', { value: `data:image/png;base64,${PNG_BASE64}` }, second);
    expect(changed.statusCode).toBe(200);
    const avatar = changed.json().data.basic_info.avatar as string;
    expect(avatar).toMatch(new RegExp(`^${second}/api/pcsx/profile_avatar\\?v=\\d+$`));
    const path = avatar.slice(second.length);
    for (const origin of ctx.config.publicOrigins) {
      const read = await casey.get('/api/pcsx/profile_details', hostOf(origin));
      expect(read.json().data.basic_info.avatar).toBe(`${origin}${path}`);
    }
    // A host the site is not served from (a forged Host header) never names itself, nor another origin.
    const forged = await casey.get('/api/pcsx/profile_details', { host: 'evil.example' });
    expect(forged.json().data.basic_info.avatar).toBe(path);
    // (The resume upload's answer names it the same way: see the DOCX upload below.)
  });

  it('refuses what is not a picture, or too large, with 422 naming the value', async () => {
    const before = await details(casey);
    const cases = [
      dataUrl('image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      dataUrl('image/jpeg', Buffer.from('%PDF-1.7 not a picture')),
      'data:image/png;base64,@@@@',
      'https://example.com/me.png',
      dataUrl('image/png', Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(2 * 1024 * 1024)])),
    ];
    for (const value of cases) {
      const res = await edit(casey, 'avatar', 'update', { value });
      expect({ status: res.statusCode, field: res.json().field }).toEqual({ status: 422, field: 'op_data.value' });
    }
    expect(await details(casey)).toEqual(before);
  });

  it('accepts JPEG and WebP pictures (whatever type the data URL declares), and deletes the picture', async () => {
    const blank = { create: { width: 12, height: 8, channels: 3, background: '#2a6' } } as const;
    for (const bytes of [await sharp(blank).jpeg().toBuffer(), await sharp(blank).webp().toBuffer()]) {
      const res = await edit(olive, 'avatar', 'update', { value: dataUrl('application/octet-stream', bytes) });
      expect(res.statusCode).toBe(200);
      // Made on no listed origin (the test's own Host): the address stays relative.
      const path = res.json().data.basic_info.avatar as string;
      expect(path).toMatch(/^\/api\/pcsx\/profile_avatar\?v=\d+$/);
      expect((await olive.get(path)).headers['content-type']).toBe('image/webp');
    }
    const removed = await edit(olive, 'avatar', 'delete', {});
    expect(removed.json().data.basic_info.avatar).toBeNull();
    expect((await olive.get('/api/pcsx/profile_avatar')).statusCode).toBe(404);
  });
});

describe('POST /api/pcsx/upload_resume', () => {
  it('reads a PDF and fills only the empty fields (name, phone, location, summary), never the filled ones', async () => {
    const pdf = await pdfWith([
      'Riley Morgan',
      'Location: Halifax, NS',
      'Phone: (902) 555-0147',
      'Summary',
      'Field technician who keeps robots running.',
      'Skills',
      'Kubernetes, Linux',
    ]);
    const res = await upload(nora, {
      resume_file_name: 'Nora resume.pdf',
      resume_content: dataUrl('application/pdf', pdf),
      domain: DEMO_DOMAIN,
    });
    expect(res.statusCode).toBe(200);
    expect([...Value.Errors(UploadResumeResponse, res.json())]).toEqual([]);
    const { data } = res.json();
    // Nora's name was filled at sign-up: kept. Her location, phone and summary were empty: filled.
    expect(data.candidate).toMatchObject({
      firstname: 'Nora',
      lastname: 'New',
      location: 'Halifax, NS',
      hasResume: true,
    });
    expect(data.filled).toEqual(['location', 'phone', 'summary']);
    expect(data.profile.contact.phone).toBe('(902) 555-0147');
    expect(data.profile.summary).toBe('Field technician who keeps robots running.');
    expect(data.skillsAdded).toEqual(expect.arrayContaining(['Kubernetes', 'Linux']));
    expect(data.resume).toMatchObject({
      fileName: 'Nora resume.pdf',
      contentType: 'application/pdf',
      byteSize: pdf.byteLength,
    });

    // The stored resume downloads as it was sent.
    const file = await nora.get(data.resume.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="Nora resume.pdf"');
    expect(file.rawPayload.equals(Buffer.from(pdf))).toBe(true);

    // A second resume fills nothing more: every field it gives is filled now.
    const again = await upload(nora, {
      resume_file_name: 'other.pdf',
      resume_content: dataUrl('application/pdf', await pdfWith(['Location: Calgary, AB', 'Phone: 403 555 0100'])),
    });
    expect(again.json().data.filled).toEqual([]);
    expect(again.json().data.candidate.location).toBe('Halifax, NS');
    expect(again.json().data.profile.resumes.map((item: { fileName: string }) => item.fileName)).toEqual([
      'other.pdf',
      'Nora resume.pdf',
    ]);
  });

  it('fills an empty name from the resume', async () => {
    const pdf = await pdfWith(['Jamie Lee Carter', 'Toronto, ON', 'jamie@example.com']);
    const res = await upload(blank, { resume_file_name: 'cv.pdf', resume_content: dataUrl('application/pdf', pdf) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.candidate).toMatchObject({
      firstname: 'Jamie',
      lastname: 'Lee Carter',
      location: 'Toronto, ON',
    });
    expect(res.json().data.filled).toEqual(['firstname', 'lastname', 'location']);
  });

  it('reads a DOCX, and match details for a demo position change after the upload', async () => {
    const match = async () => (await casey.get(`/api/pcsx/match_details?position_id=${position.id}`)).json().data;
    const before = await match();
    expect(before.missingSkills).toContain(position.skill);

    const docx = CASEY_DOCX;
    const second = ctx.config.publicOrigins[1]!;
    const res = await upload(
      casey,
      {
        resume_file_name: 'casey.docx',
        resume_content: dataUrl('application/vnd.openxmlformats-officedocument.wordprocessingml.document', docx),
        domain: DEMO_DOMAIN,
      },
      true,
      second,
    );
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    // Made on the second origin: Casey's picture (changed in the avatar tests) is addressed there (issue 22).
    expect(data.candidate.avatar).toMatch(new RegExp(`^${second}/api/pcsx/profile_avatar\\?v=\\d+$`));
    // Location and summary were filled already: kept. Casey had no phone: filled.
    expect(data.filled).toEqual(['phone']);
    expect(data.candidate.location).toBe('Toronto, ON');
    expect(data.profile.summary).toMatch(/^Software developer with five years/);
    expect(data.skillsAdded).toEqual([position.skill]);
    expect(data.profile.resumes[0]).toMatchObject({ fileName: 'casey.docx', byteSize: docx.byteLength });

    const after = await match();
    expect(after.matchedSkills).toContain(position.skill);
    expect(after.missingSkills).not.toContain(position.skill);
    expect(after.score).toBeGreaterThan(before.score);
    expect((await casey.get('/api/pcsx/profile_analysis')).json().data.completed).toEqual(
      expect.arrayContaining(['resume', 'phone']),
    );
  });

  it('refuses a file that is not what its name says (400), a wrong name, a large file (413) and bad requests', async () => {
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('candidate_resumes')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const text = Buffer.from('Just some text pretending to be a resume.');
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ resume_file_name: 'cv.pdf', resume_content: dataUrl('application/pdf', text) }, 400, 'resume_content'],
      [{ resume_file_name: 'cv.pdf', resume_content: dataUrl('application/pdf', CASEY_DOCX) }, 400, 'resume_content'],
      [
        { resume_file_name: 'cv.pdf', resume_content: dataUrl('application/pdf', Buffer.from('%PDF-1.7\nbroken')) },
        400,
        'resume_content',
      ],
      [{ resume_file_name: 'cv.docx', resume_content: dataUrl('application/msword', text) }, 400, 'resume_content'],
      [
        {
          resume_file_name: 'cv.docx',
          resume_content: dataUrl('application/zip', NOT_WORD_DOCX),
        },
        400,
        'resume_content',
      ],
      [
        { resume_file_name: 'cv.docx', resume_content: dataUrl('application/pdf', await pdfWith(['x'])) },
        400,
        'resume_content',
      ],
      [{ resume_file_name: 'cv.txt', resume_content: dataUrl('text/plain', text) }, 400, 'resume_file_name'],
      [{ resume_file_name: 'cv.pdf', resume_content: 'not a data url' }, 400, 'resume_content'],
      [{ resume_content: dataUrl('application/pdf', await pdfWith(['x'])) }, 400, 'resume_file_name'],
      [{ resume_file_name: 'cv.pdf' }, 400, 'resume_content'],
      [{ resume_file_name: 'cv.pdf', resume_content: 'x', other: '1' }, 400, 'other'],
      [
        {
          resume_file_name: 'big.pdf',
          resume_content: dataUrl('application/pdf', Buffer.alloc(5 * 1024 * 1024 + 10, 0x25)),
        },
        413,
        'resume_content',
      ],
    ];
    for (const [fields, status, field] of cases) {
      const res = await upload(casey, fields);
      expect({ name: fields.resume_file_name, status: res.statusCode, field: res.json().field }).toEqual({
        name: fields.resume_file_name,
        status,
        field,
      });
    }
    const json = await casey.post('/api/pcsx/upload_resume', { resume_file_name: 'a.pdf', resume_content: 'x' });
    expect(json.statusCode).toBe(415);
    const noCsrf = await upload(
      casey,
      { resume_file_name: 'cv.pdf', resume_content: dataUrl('application/pdf', await pdfWith(['x'])) },
      false,
    );
    expect(noCsrf.statusCode).toBe(403);
    const otherEmployer = await upload(casey, {
      resume_file_name: 'cv.pdf',
      resume_content: dataUrl('application/pdf', await pdfWith(['x'])),
      domain: 'globex.example',
    });
    expect(otherEmployer.statusCode).toBe(403);
    expect(otherEmployer.json()).toMatchObject({ code: 'forbidden_domain', field: 'domain' });
    expect(await count()).toBe(before);
  });
});

describe("one candidate never reaches another's profile or resumes", () => {
  it("refuses Casey's resume to Olive as a missing one (404), and Olive's edits change only her own", async () => {
    const caseyProfile = await details(casey);
    const resume = caseyProfile.resumes[0]!;
    const res = await olive.get(resume.url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect((await olive.get('/api/pcsx/resume_file?resume_id=2147483647')).json()).toMatchObject({ code: 'not_found' });

    // Olive has no resume: deleting "index 0" refers to her list, not Casey's.
    const del = await edit(olive, 'resumes', 'delete', { index: 0 });
    expect(del.statusCode).toBe(422);
    const oliveProfile = await details(olive);
    expect(oliveProfile.resumes).toEqual([]);
    expect(JSON.stringify(oliveProfile)).not.toMatch(/Casey|Jordan|casey\.docx/);
    expect(await details(casey)).toEqual(caseyProfile);
  });

  it('deletes a resume from the list, its file with it, and keeps hasResume in step', async () => {
    const profile = await details(blank);
    expect(profile.resumes).toHaveLength(1);
    const { url } = profile.resumes[0]!;
    const res = await edit(blank, 'resumes', 'delete', { index: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.resumes).toEqual([]);
    expect((await blank.get(url)).statusCode).toBe(404);
    const row = await ctx.db
      .selectFrom('candidates')
      .select('has_resume')
      .where('email', '=', 'blank@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(row.has_resume)).toBe(0);
  });
});
