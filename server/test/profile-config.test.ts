/**
 * The employer's profile and dashboard configuration (issue 22;
 * docs/product/profile-and-resume.md#sections-and-configuration) on SQLite and PostgreSQL:
 * `fileUploadConfig.resume.allowedFileTypes` (the upload refuses another type, 400 naming `resume_file_name`),
 * `profileConfig.own` (checked when stored; `profile_analysis` counts only what the page shows), `gates`
 * (`referralWithCandidateApplicationGate` joins a referral with the candidate's application), each reaching the page's
 * boot data, and a configuration that does not match the contract reported and left out.
 */
import { Value } from '@sinclair/typebox/value';
import { ProfileAnalysisResponse, type BootData as BootDataShape } from '../src/contract';
import { DEMO_PCSX_CONFIG } from '../src/employers/demo-config';
import { checkEmployerPcsxConfig } from '../src/employers/pcsx-config';
import { insertPositions } from '../src/positions/repository';
import { bootDataOf, DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, TestClient, useTestApp } from './helpers';

const ctx = useTestApp();
jest.setTimeout(60_000);

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let casey: TestClient;

/** Stores the demo employer's configuration with `extra` over it (as `npm run employer -- set` would). */
async function configure(extra: Record<string, unknown>) {
  await ctx.db
    .updateTable('employers')
    .set({ pcsx_config_json: JSON.stringify({ ...DEMO_PCSX_CONFIG, ...extra }) })
    .where('domain', '=', DEMO_DOMAIN)
    .execute();
}

async function bootData(client: TestClient): Promise<BootDataShape> {
  const res = await client.get(`/careers/profile?domain=${DEMO_DOMAIN}`);
  return bootDataOf(res.body);
}

function upload(client: TestClient, fileName: string, content: string) {
  const boundary = 'profileconfigboundary';
  const fields = { resume_file_name: fileName, resume_content: content };
  const payload = `${Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('')}--${boundary}--\r\n`;
  return client.request({
    method: 'POST',
    url: '/api/pcsx/upload_resume',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

beforeAll(async () => {
  casey = new TestClient(ctx.app);
  await casey.login(DEMO_CANDIDATE_EMAIL);
});

afterEach(() => configure({}));

describe('checking the configuration', () => {
  it('keeps valid upload types, profile sections and gates, and reports the rest by key and path', () => {
    const problems: string[] = [];
    const config = {
      fileUploadConfig: { resume: { allowedFileTypes: ['pdf'] } },
      profileConfig: {
        own: { sections: ['summary', 'experience'], fields: { experience: [] }, orderOfSections: ['experience'] },
      },
      gates: { referralWithCandidateApplicationGate: true },
    };
    expect(checkEmployerPcsxConfig(config, (problem) => problems.push(problem))).toEqual(config);
    expect(problems).toEqual([]);

    const wrong = {
      fileUploadConfig: { resume: { allowedFileTypes: ['exe'] } },
      profileConfig: { own: { sections: ['hobbies'] } },
      gates: { referralWithCandidateApplicationGate: 'yes' },
    };
    expect(checkEmployerPcsxConfig(wrong, (problem) => problems.push(problem))).toEqual({});
    expect(problems).toEqual([
      expect.stringMatching(
        /^pcsx_config_json "fileUploadConfig" does not match the contract at \/resume\/allowedFileTypes\/0/,
      ),
      expect.stringMatching(/^pcsx_config_json "profileConfig" does not match the contract at \/own\/sections\/0/),
      expect.stringMatching(
        /^pcsx_config_json "gates" does not match the contract at \/referralWithCandidateApplicationGate/,
      ),
    ]);
    problems.length = 0;
    // A required field cannot be hidden: the server needs it to save the entry.
    checkEmployerPcsxConfig({ profileConfig: { own: { fields: { experience: ['title'] } } } }, (problem) =>
      problems.push(problem),
    );
    expect(problems).toEqual([expect.stringContaining('/own/fields/experience/0')]);
  });

  it('reaches the page’s boot data', async () => {
    await configure({
      fileUploadConfig: { resume: { allowedFileTypes: ['docx'] } },
      profileConfig: { own: { sections: ['resumes', 'skills'] } },
    });
    const data = await bootData(casey);
    expect(data.pcsxConfig.fileUploadConfig).toEqual({ resume: { allowedFileTypes: ['docx'] } });
    expect(data.pcsxConfig.profileConfig).toEqual({ own: { sections: ['resumes', 'skills'] } });
    expect(data.gates).toEqual({ referralWithCandidateApplicationGate: true });
  });
});

describe('fileUploadConfig.resume.allowedFileTypes', () => {
  it('refuses a type the employer does not accept with a 400 naming resume_file_name, and stores nothing', async () => {
    await configure({ fileUploadConfig: { resume: { allowedFileTypes: ['pdf'] } } });
    const before = await ctx.db.selectFrom('candidate_resumes').select('id').execute();
    const res = await upload(casey, 'casey.docx', `data:${DOCX_TYPE};base64,${Buffer.from('PK').toString('base64')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'resume_file_name',
      message: 'body/resume_file_name must name a PDF (.pdf) file.',
    });
    expect(await ctx.db.selectFrom('candidate_resumes').select('id').execute()).toEqual(before);
  });

  it('lets the types it lists through to the content check, and every readable type without a configuration', async () => {
    // A listed type passes the type check and meets the content check (400 naming resume_content), which runs
    // before any reading: so this holds however busy the reading pool is. Real uploads: profile.test.ts.
    await configure({ fileUploadConfig: { resume: { allowedFileTypes: ['docx'] } } });
    const notZip = await upload(
      casey,
      'casey.docx',
      `data:${DOCX_TYPE};base64,${Buffer.from('plain text').toString('base64')}`,
    );
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json()).toMatchObject({ field: 'resume_content' });
    const pdf = await upload(casey, 'casey.pdf', 'data:application/pdf;base64,JVBERi0=');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({
      field: 'resume_file_name',
      message: 'body/resume_file_name must name a Word (.docx) file.',
    });
    await configure({});
    const notPdf = await upload(
      casey,
      'casey.pdf',
      `data:application/pdf;base64,${Buffer.from('plain').toString('base64')}`,
    );
    expect(notPdf.json()).toMatchObject({ field: 'resume_content' });
    const either = await upload(casey, 'casey.txt', 'data:text/plain;base64,aGk=');
    expect(either.json()).toMatchObject({
      field: 'resume_file_name',
      message: 'body/resume_file_name must name a PDF (.pdf) or Word (.docx) file.',
    });
  });
});

describe('profileConfig.own and profile_analysis', () => {
  const analysis = async () => {
    const res = await casey.get(`/api/pcsx/profile_analysis?domain=${DEMO_DOMAIN}`);
    expect(res.statusCode).toBe(200);
    expect(Value.Check(ProfileAnalysisResponse, res.json())).toBe(true);
    return res.json().data as { completion: number; completed: string[]; missing: Array<{ key: string }> };
  };

  it('counts only the sections and fields the employer shows', async () => {
    const all = await analysis();
    const keys = [...all.completed, ...all.missing.map((item) => item.key)];
    expect(keys).toHaveLength(12);
    expect(keys).toEqual(expect.arrayContaining(['education', 'links', 'phone', 'headline']));

    await configure({
      profileConfig: {
        own: {
          sections: ['summary', 'experience', 'skills', 'resumes'],
          fields: { basic_info: ['location'] },
        },
      },
    });
    const some = await analysis();
    const shown = [...some.completed, ...some.missing.map((item) => item.key)].sort();
    // Contact (phone), education, languages and links are hidden, and so is the headline field.
    expect(shown).toEqual(['avatar', 'experience', 'location', 'name', 'resume', 'skills', 'summary'].sort());
    expect(some.completion).toBe(Math.round((100 * some.completed.length) / 7));
  });
});

describe('profileConfig.own and the dashboard nudges', () => {
  it('asks only for what the profile page shows', async () => {
    const gaps = async () => {
      const res = await casey.get(`/api/pcsx/dashboard/nudges?domain=${DEMO_DOMAIN}`);
      expect(res.statusCode).toBe(200);
      return (res.json().data.nudges as Array<{ details: { kind: string; subject: string } }>)
        .filter((nudge) => nudge.details.kind === 'complete_profile')
        .map((nudge) => nudge.details.subject);
    };
    // Casey has no skills in this database: "Add your skills", unless the page shows no skills.
    expect(await gaps()).toContain('skills');
    await configure({ profileConfig: { own: { sections: ['summary', 'experience', 'resumes'] } } });
    expect(await gaps()).not.toContain('skills');
  });
});

describe('gates.referralWithCandidateApplicationGate', () => {
  it('joins a referral with the candidate’s application only when the gate is open', async () => {
    const [positionId] = await insertPositions(ctx.db, [
      {
        domain: DEMO_DOMAIN,
        title: 'Gate Test Technician',
        description: '<p>Gate</p>',
        department: 'Robotics',
        employmentType: 'Full-time',
        remote: false,
        skills: [],
        locations: [{ name: 'Toronto, ON, Canada', lat: 43.65, lng: -79.38 }],
        postedAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
    const candidate = await ctx.db
      .selectFrom('candidates')
      .select('id')
      .where('email', '=', DEMO_CANDIDATE_EMAIL)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('applications')
      .values({
        domain: DEMO_DOMAIN,
        position_id: positionId!,
        candidate_id: candidate.id,
        email: DEMO_CANDIDATE_EMAIL,
        answers_json: '{}',
        status: 'in_review',
        created_at: '2026-03-01T00:00:00.000Z',
        updated_at: '2026-03-02T00:00:00.000Z',
      })
      .execute();
    await ctx.db
      .insertInto('referrals')
      .values({
        domain: DEMO_DOMAIN,
        candidate_id: candidate.id,
        position_id: positionId!,
        referrer_name: 'Robin Gate',
        referrer_email: 'robin@acme.example',
        created_at: '2026-02-20T00:00:00.000Z',
      })
      .execute();
    const referral = async () => {
      const res = await casey.get(`/api/pcsx/dashboard/referrals?domain=${DEMO_DOMAIN}`);
      expect(res.statusCode).toBe(200);
      const found = (
        res.json().data.referrals as Array<{
          card: { title: string; status: { code: string; label: string }; buttons: Array<{ label: string }> };
          details: { application_id: number | null; status: string };
        }>
      ).find((item) => item.card.title === 'Gate Test Technician');
      expect(found).toBeDefined();
      return found!;
    };

    // The demo employer opens the gate.
    const open = await referral();
    expect(open.card.status).toMatchObject({ code: 'in_review', label: 'In review' });
    expect(open.card.buttons.map((button) => button.label)).toEqual(['View application']);
    expect(typeof open.details.application_id).toBe('number');

    await configure({ gates: {} });
    const closed = await referral();
    expect(closed.card.status).toMatchObject({ code: 'referred', label: 'Referred' });
    expect(closed.card.buttons.map((button) => button.label)).toEqual(['Apply']);
    expect(closed.details).toMatchObject({ application_id: null, status: 'referred' });
  });
});
