import type { Kysely } from 'kysely';
import type { FormDefinition } from '../contract';
import type { Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { openPosition } from '../positions/repository';
import { insertFormDefinition } from './definitions';
import { withDemoLanguages } from './demo-form-texts';
import { DEFAULT_APPLICATION_FORM_KEY } from './repository';

/** The key of the demo employer's shorter form, used by one demo position. */
export const DEMO_SHORT_FORM_KEY = 'quick-apply';

/** Skills the demo form suggests besides the position's own (apply_form adds those first). */
const DEMO_SUGGESTED_SKILLS = ['Communication', 'Teamwork', 'Problem solving', 'Python', 'C++', 'ROS', 'SQL', 'Linux'];

/**
 * The demo employer's default application form (a stepper of three steps): about you, experience (jobs, skills,
 * resume) and questions (work authorisation, notice period, cover letter, consent).
 */
export const DEMO_APPLICATION_FORM: FormDefinition = {
  id: DEFAULT_APPLICATION_FORM_KEY,
  title: 'Apply to Acme Robotics',
  layout: 'stepper',
  sections: [
    {
      id: 'about',
      title: 'About you',
      description: 'How we can reach you about this application.',
      items: [
        {
          name: 'firstname',
          type: 'text',
          label: 'First name',
          required: true,
          layout: 'half',
          rules: [{ type: 'maxLength', value: 100 }],
        },
        {
          name: 'lastname',
          type: 'text',
          label: 'Last name',
          required: true,
          layout: 'half',
          rules: [{ type: 'maxLength', value: 100 }],
        },
        { name: 'email', type: 'email', label: 'Email', required: true, rules: [{ type: 'email' }] },
        { name: 'phone', type: 'phone', label: 'Phone', required: true, rules: [{ type: 'phone' }] },
        { name: 'country', type: 'country', label: 'Country', required: true, layout: 'half' },
        {
          name: 'state',
          type: 'state',
          label: 'Province or state',
          layout: 'half',
          dependencies: ['country'],
          visibleIf: { field: 'country', in: ['CA', 'US'] },
        },
      ],
    },
    {
      id: 'experience',
      title: 'Experience',
      items: [
        {
          name: 'jobs',
          type: 'dynamicList',
          label: 'Work experience',
          help: 'Your most recent jobs first.',
          addButtonText: 'Add a job',
          itemTitle: 'Job',
          items: [
            {
              name: 'title',
              type: 'text',
              label: 'Job title',
              required: true,
              rules: [{ type: 'maxLength', value: 200 }],
            },
            {
              name: 'company',
              type: 'text',
              label: 'Company',
              required: true,
              rules: [{ type: 'maxLength', value: 200 }],
            },
            { name: 'dates', type: 'dateRange', label: 'Dates', format: 'MM/YYYY', allowFutureStart: false },
          ],
        },
        {
          name: 'skills',
          type: 'skillSelector',
          label: 'Skills',
          help: 'Pick the skills you would bring to this role.',
          suggestedSkills: DEMO_SUGGESTED_SKILLS,
        },
        {
          name: 'resume',
          type: 'file_upload',
          label: 'Resume',
          required: true,
          accept: ['pdf', 'doc', 'docx'],
          help: 'One PDF or Word file, at most 5 MB.',
          rules: [
            { type: 'maxLength', value: 1 },
            { type: 'maxFileSizeMB', value: 5 },
          ],
        },
      ],
    },
    {
      id: 'questions',
      title: 'Questions',
      items: [
        {
          name: 'workAuthorization',
          type: 'radio',
          label: 'Are you authorised to work where this position is based?',
          required: true,
          choices: [
            { label: 'Yes', value: 'yes' },
            { label: 'No', value: 'no' },
            { label: 'I will need sponsorship', value: 'sponsorship' },
          ],
        },
        {
          name: 'noticePeriod',
          type: 'select',
          label: 'Notice period',
          required: true,
          placeholder: 'Choose one',
          choices: [
            { label: 'I can start now', value: 'none' },
            { label: 'Two weeks', value: '2w' },
            { label: 'One month', value: '1m' },
            { label: 'Two months or more', value: '2m+' },
          ],
        },
        {
          name: 'coverLetter',
          type: 'textarea',
          label: 'Cover letter',
          help: 'Optional, at most 2,000 characters.',
          rules: [{ type: 'maxLength', value: 2000 }],
        },
        {
          name: 'consent',
          type: 'checkboxItem',
          label: 'I agree that Acme Robotics may keep my application and contact me about it.',
          required: true,
        },
      ],
    },
  ],
};

/** A shorter form (one step) one demo position uses instead of the default. */
export const DEMO_SHORT_FORM: FormDefinition = {
  id: DEMO_SHORT_FORM_KEY,
  title: 'Quick apply',
  layout: 'simple',
  sections: [
    {
      id: 'quick',
      title: 'Quick apply',
      description: 'Your name, how to reach you and your resume: we take it from there.',
      items: [
        { name: 'firstname', type: 'text', label: 'First name', required: true, layout: 'half' },
        { name: 'lastname', type: 'text', label: 'Last name', required: true, layout: 'half' },
        { name: 'email', type: 'email', label: 'Email', required: true, rules: [{ type: 'email' }] },
        { name: 'phone', type: 'phone', label: 'Phone', rules: [{ type: 'phone' }] },
        {
          name: 'resume',
          type: 'file_upload',
          label: 'Resume',
          required: true,
          accept: ['pdf', 'doc', 'docx'],
          rules: [
            { type: 'maxLength', value: 1 },
            { type: 'maxFileSizeMB', value: 5 },
          ],
        },
      ],
    },
  ],
};

/** Both demo forms, by key. */
export const DEMO_FORMS: ReadonlyArray<{ key: string; form: FormDefinition }> = [
  { key: DEFAULT_APPLICATION_FORM_KEY, form: DEMO_APPLICATION_FORM },
  { key: DEMO_SHORT_FORM_KEY, form: DEMO_SHORT_FORM },
];

/**
 * A demo database made before the demo forms spoke every language (issue 26) holds them in English only: each demo
 * form still exactly as it was seeded then (not changed by anyone since) gets its texts in every language. A form
 * that differs in any way is the employer's now and is left alone. Returns whether it changed anything.
 */
async function upgradeEnglishOnlyDemoForms(db: Kysely<Database>, employer: string, now: Date): Promise<boolean> {
  const stored = new Map(
    (await db.selectFrom('forms').select(['form_key', 'definition_json']).where('domain', '=', employer).execute()).map(
      (row) => [row.form_key, row.definition_json],
    ),
  );
  let changed = false;
  for (const { key, form } of [...DEMO_FORMS, ...DEMO_CENTRE_FORMS]) {
    if (stored.get(key) !== JSON.stringify(form)) continue;
    await db
      .updateTable('forms')
      .set({ definition_json: JSON.stringify(withDemoLanguages(key, form)), updated_at: now.toISOString() })
      .where('domain', '=', employer)
      .where('form_key', '=', key)
      .where('definition_json', '=', JSON.stringify(form))
      .execute();
    changed = true;
  }
  return changed;
}

/**
 * The demo forms for `domain`, once: the forms that are missing are added; and when the employer has positions
 * but none with a form of its own, its first open position (lowest id) gets the short form. Safe to run on every
 * start. Returns whether it changed anything.
 */
export async function seedDemoForms(db: Kysely<Database>, domain: string, now = new Date()): Promise<boolean> {
  const employer = normalizeDomain(domain);
  let changed = await upgradeEnglishOnlyDemoForms(db, employer, now);
  const existing = new Set(
    (await db.selectFrom('forms').select('form_key').where('domain', '=', employer).execute()).map(
      (row) => row.form_key,
    ),
  );
  for (const { key, form } of DEMO_FORMS) {
    if (existing.has(key)) continue;
    await insertFormDefinition(db, {
      domain: employer,
      formKey: key,
      form: withDemoLanguages(key, form),
      at: now.toISOString(),
    });
    changed = true;
  }
  const withOwnForm = await db
    .selectFrom('positions')
    .select('id')
    .where('domain', '=', employer)
    .where('application_form_key', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (!withOwnForm) {
    const first = await db
      .selectFrom('positions as p')
      .select('p.id')
      .where('p.domain', '=', employer)
      .where(openPosition(now.toISOString()))
      .orderBy('p.id')
      .limit(1)
      .executeTakeFirst();
    if (first) {
      await db
        .updateTable('positions')
        .set({ application_form_key: DEMO_SHORT_FORM_KEY })
        .where('id', '=', first.id)
        .execute();
      changed = true;
    }
  }
  return changed;
}

/* ---------------------------------------------------------------------------------------- forms centre (0010) */

/** Keys of the forms the demo employer assigns to candidates (forms centre). */
export const DEMO_BACKGROUND_CHECK_FORM_KEY = 'background-check-consent';
export const DEMO_WORK_AUTHORISATION_FORM_KEY = 'work-authorisation';

/**
 * Background check consent: a signed ID document (one PDF or image), the consent box and a required e-sign
 * question. The question names no signing page (`url`), so the reference e-sign service signs it: the forms centre
 * gives it the candidate's signing link, and its answer is that service's record (forms/esign.ts).
 */
export const DEMO_BACKGROUND_CHECK_FORM: FormDefinition = {
  id: DEMO_BACKGROUND_CHECK_FORM_KEY,
  title: 'Background check consent',
  layout: 'simple',
  sections: [
    {
      id: 'consent',
      title: 'Background check consent',
      description:
        'Acme Robotics runs a background check before confirming the Robotics Software Engineer offer. It covers ' +
        'your identity, criminal record and education, and takes about five business days.',
      items: [
        {
          name: 'idDocument',
          type: 'file_upload',
          label: 'Signed ID document',
          required: true,
          accept: ['pdf', 'png', 'jpg', 'jpeg'],
          help: 'A scan or photo of a government-issued ID that you have signed: one PDF or image, at most 5 MB.',
          rules: [
            { type: 'maxLength', value: 1 },
            { type: 'maxFileSizeMB', value: 5 },
          ],
        },
        {
          name: 'consent',
          type: 'checkboxItem',
          label:
            'I consent to Acme Robotics and its screening provider checking my identity, criminal record and education.',
          required: true,
        },
        {
          name: 'signature',
          type: 'esignForm',
          label: 'Signature',
          title: 'Sign the background check consent',
          required: true,
          help:
            'Select Sign to sign your consent electronically. Acme Robotics cannot start the background check ' +
            'without your signature.',
        },
      ],
    },
  ],
};

/** Work authorisation: whether the candidate may work, their permit's dates (with rules), country and state. */
export const DEMO_WORK_AUTHORISATION_FORM: FormDefinition = {
  id: DEMO_WORK_AUTHORISATION_FORM_KEY,
  title: 'Work authorisation',
  layout: 'simple',
  sections: [
    {
      id: 'authorisation',
      title: 'Work authorisation',
      description: 'We need this to finish processing your application.',
      items: [
        {
          name: 'authorised',
          type: 'radio',
          label: 'Are you authorised to work in the country of this position?',
          required: true,
          choices: [
            { label: 'Yes, as a citizen or permanent resident', value: 'citizen' },
            { label: 'Yes, with a work permit', value: 'permit' },
            { label: 'No, I will need sponsorship', value: 'sponsorship' },
          ],
        },
        {
          name: 'permitDates',
          type: 'dateRange',
          label: 'Work permit validity',
          help: 'The first and last day of your work permit.',
          required: true,
          format: 'MM/DD/YYYY',
          showCurrent: false,
          dependencies: ['authorised'],
          visibleIf: { field: 'authorised', in: ['permit'] },
          rules: [
            {
              type: 'isBetween',
              value: { from: '2000-01-01', to: 3650 },
              message: 'Enter permit dates from 2000 to ten years from today.',
            },
          ],
        },
        { name: 'country', type: 'country', label: 'Country of work', required: true, layout: 'half' },
        {
          name: 'state',
          type: 'state',
          label: 'Province or state',
          required: true,
          layout: 'half',
          dependencies: ['country'],
          visibleIf: { field: 'country', in: ['CA', 'US'] },
        },
      ],
    },
  ],
};

/** The forms of the forms centre, by key. */
export const DEMO_CENTRE_FORMS: ReadonlyArray<{ key: string; form: FormDefinition }> = [
  { key: DEMO_BACKGROUND_CHECK_FORM_KEY, form: DEMO_BACKGROUND_CHECK_FORM },
  { key: DEMO_WORK_AUTHORISATION_FORM_KEY, form: DEMO_WORK_AUTHORISATION_FORM },
];

const DEMO_CENTRE_DAY = 24 * 60 * 60 * 1000;

/** The demo notifications that send a candidate to the centre, by the form they mention (matched by message). */
const DEMO_FORM_NOTIFICATIONS: ReadonlyArray<{ formKey: string; mentions: string }> = [
  { formKey: DEMO_BACKGROUND_CHECK_FORM_KEY, mentions: '%background check consent form%' },
  { formKey: DEMO_WORK_AUTHORISATION_FORM_KEY, mentions: '%work authorization%' },
];

/** The address of an assigned form's view. */
export const assignedFormHref = (id: number, domain: string): string =>
  `/careers/forms/${id}?domain=${encodeURIComponent(domain)}`;

/**
 * The forms centre's demo data for `domain`, once (when the employer has no assigned form yet): the two centre
 * forms; for `candidateEmail` the background check consent (open) and work authorisation (in progress, partly
 * answered); for `otherEmail` a completed work authorisation. The candidate's notifications that mention these
 * forms then open their form view. Does nothing while either candidate is missing. Returns whether it changed
 * anything.
 */
export async function seedDemoFormAssignments(
  db: Kysely<Database>,
  domain: string,
  emails: { candidate: string; other: string },
  now = new Date(),
): Promise<boolean> {
  const employer = normalizeDomain(domain);
  const any = await db
    .selectFrom('form_assignments')
    .select('id')
    .where('domain', '=', employer)
    .limit(1)
    .executeTakeFirst();
  if (any) return false;
  const people = await db
    .selectFrom('candidates')
    .select(['id', 'email'])
    .where('domain', '=', employer)
    .where('email', 'in', [emails.candidate, emails.other])
    .execute();
  const casey = people.find((person) => person.email === emails.candidate);
  const olive = people.find((person) => person.email === emails.other);
  if (!casey || !olive) return false;

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DEMO_CENTRE_DAY).toISOString();
  for (const { key, form } of DEMO_CENTRE_FORMS) {
    await insertFormDefinition(db, { domain: employer, formKey: key, form: withDemoLanguages(key, form), at: at(30) });
  }
  const assignments = [
    {
      candidate_id: casey.id,
      form_key: DEMO_BACKGROUND_CHECK_FORM_KEY,
      status: 'open' as const,
      values_json: '{}',
      assigned_at: at(0.125),
      updated_at: at(0.125),
      completed_at: null,
    },
    {
      candidate_id: casey.id,
      form_key: DEMO_WORK_AUTHORISATION_FORM_KEY,
      status: 'in_progress' as const,
      values_json: JSON.stringify({ authorised: 'permit', country: 'CA' }),
      assigned_at: at(9),
      updated_at: at(8),
      completed_at: null,
    },
    {
      candidate_id: olive.id,
      form_key: DEMO_WORK_AUTHORISATION_FORM_KEY,
      status: 'completed' as const,
      values_json: JSON.stringify({ authorised: 'citizen', country: 'CA', state: 'CA-QC' }),
      assigned_at: at(12),
      updated_at: at(10),
      completed_at: at(10),
    },
  ];
  const ids = new Map<string, number>();
  for (const assignment of assignments) {
    const row = await db
      .insertInto('form_assignments')
      .values({ domain: employer, ...assignment })
      .onConflict((oc) => oc.columns(['domain', 'candidate_id', 'form_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row && assignment.candidate_id === casey.id) ids.set(assignment.form_key, row.id);
  }
  const centre = `/careers/forms/center?domain=${employer}`;
  for (const { formKey, mentions } of DEMO_FORM_NOTIFICATIONS) {
    const id = ids.get(formKey);
    if (id === undefined) continue;
    await db
      .updateTable('notifications')
      .set({ redirect_url: assignedFormHref(id, employer) })
      .where('candidate_id', '=', casey.id)
      .where('domain', '=', employer)
      .where('redirect_url', '=', centre)
      .where('message', 'like', mentions)
      .execute();
  }
  return true;
}
