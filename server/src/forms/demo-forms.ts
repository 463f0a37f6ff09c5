import type { Kysely } from 'kysely';
import type { FormDefinition } from '../contract';
import type { Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { openPosition } from '../positions/repository';
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
 * The demo forms for `domain`, once: the forms that are missing are added; and when the employer has positions
 * but none with a form of its own, its first open position (lowest id) gets the short form. Safe to run on every
 * start. Returns whether it changed anything.
 */
export async function seedDemoForms(db: Kysely<Database>, domain: string, now = new Date()): Promise<boolean> {
  const employer = normalizeDomain(domain);
  let changed = false;
  const existing = new Set(
    (await db.selectFrom('forms').select('form_key').where('domain', '=', employer).execute()).map(
      (row) => row.form_key,
    ),
  );
  for (const { key, form } of DEMO_FORMS) {
    if (existing.has(key)) continue;
    await db
      .insertInto('forms')
      .values({
        domain: employer,
        form_key: key,
        title: form.title,
        definition_json: JSON.stringify(form),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['domain', 'form_key']).doNothing())
      .execute();
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
