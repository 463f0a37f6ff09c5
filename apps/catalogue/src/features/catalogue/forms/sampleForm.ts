/**
 * The catalogue's sample form for the forms section: one question of every item type of the toolkit
 * (docs/product/forms-toolkit.md#question-types, both spellings where there are two), in three sections, with sample
 * answers and an example error for each. Its own definitions: the catalogue never imports the forms widget's source
 * (nor its test forms).
 */
import type {
  FormDefinition,
  FormItem,
  FormItemType,
  FormLayout,
  FormValues,
  UploadedFile,
} from '@careers/shared/contract';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The layouts of the toolkit (docs/product/forms-toolkit.md#layouts), in the order the picker offers them (a test
 * checks it against FORM_LAYOUTS).
 */
export const SAMPLE_LAYOUTS = ['simple', 'stepper', 'html', 'admin'] as const satisfies readonly FormLayout[];
export type SampleLayout = (typeof SAMPLE_LAYOUTS)[number];
export const SAMPLE_MODES = ['edit', 'view'] as const;
export type SampleMode = (typeof SAMPLE_MODES)[number];

const q = (name: string) => `formsSection.questions.${name}`;
const choice = (t: Translate, value: string) => ({ value, label: t(`formsSection.choices.${value}`) });

/**
 * One question of each type. A `Record` by type: the compiler refuses a type missing from the catalogue.
 */
const QUESTIONS: Record<FormItemType, (t: Translate) => FormItem> = {
  text: (t) => ({
    name: 'fullName',
    type: 'text',
    label: t(q('fullName')),
    help: t(q('fullNameHelp')),
    required: true,
    layout: 'half',
  }),
  email: (t) => ({ name: 'email', type: 'email', label: t(q('email')), required: true, layout: 'half', newItem: true }),
  phone: (t) => ({ name: 'phone', type: 'phone', label: t(q('phone')), layout: 'half' }),
  number: (t) => ({ name: 'years', type: 'number', label: t(q('years')), min: 0, max: 60, layout: 'half' }),
  sin: (t) => ({ name: 'sin', type: 'sin', label: t(q('sin')), layout: 'half' }),
  ssn: (t) => ({ name: 'ssn', type: 'ssn', label: t(q('ssn')), layout: 'half' }),
  textarea: (t) => ({ name: 'summary', type: 'textarea', label: t(q('summary')), help: t(q('summaryHelp')) }),
  radio: (t) => ({
    name: 'workMode',
    type: 'radio',
    label: t(q('workMode')),
    required: true,
    choices: ['onsite', 'hybrid', 'remote'].map((value) => choice(t, value)),
  }),
  checkbox: (t) => ({
    name: 'days',
    type: 'checkbox',
    label: t(q('days')),
    choices: ['mon', 'tue', 'wed', 'thu', 'fri'].map((value) => choice(t, value)),
  }),
  checkboxItem: (t) => ({ name: 'consent', type: 'checkboxItem', label: t(q('consent')), required: true }),
  select: (t) => ({
    name: 'team',
    type: 'select',
    label: t(q('team')),
    layout: 'half',
    choices: ['design', 'engineering', 'support'].map((value) => choice(t, value)),
  }),
  dropdown: (t) => ({
    name: 'languages',
    type: 'dropdown',
    label: t(q('languages')),
    layout: 'half',
    multiple: true,
    choices: ['en', 'fr', 'es'].map((value) => choice(t, value)),
  }),
  country: (t) => ({ name: 'country', type: 'country', label: t(q('country')), layout: 'half' }),
  state: (t) => ({
    name: 'region',
    type: 'state',
    label: t(q('region')),
    layout: 'half',
    dependencies: ['country'],
  }),
  skillSelector: (t) => ({
    name: 'skills',
    type: 'skillSelector',
    label: t(q('skills')),
    suggestedSkills: ['TypeScript', 'React', 'Accessibility', 'Figma', 'SQL'],
  }),
  star_rating: (t) => ({ name: 'rating', type: 'star_rating', label: t(q('rating')) }),
  info: (t) => ({ name: 'about', type: 'info', label: t(q('about')), html: `<p>${t(q('aboutHtml'))}</p>` }),
  instruction: (t) => ({
    name: 'howTo',
    type: 'instruction',
    label: t(q('howTo')),
    html: `<p>${t(q('howToHtml'))}</p>`,
  }),
  date: (t) => ({ name: 'startDate', type: 'date', label: t(q('startDate')), format: 'MM/DD/YYYY', layout: 'half' }),
  dateRange: (t) => ({ name: 'lastRole', type: 'dateRange', label: t(q('lastRole')) }),
  file_upload: (t) => ({
    name: 'resume',
    type: 'file_upload',
    label: t(q('resume')),
    help: t(q('resumeHelp')),
    accept: ['pdf', 'docx'],
  }),
  fileUpload: (t) => ({ name: 'coverLetter', type: 'fileUpload', label: t(q('coverLetter')) }),
  dynamicList: (t) => ({
    name: 'references',
    type: 'dynamicList',
    label: t(q('references')),
    itemTitle: t(q('reference')),
    addButtonText: t(q('addReference')),
    items: [
      { name: 'refName', type: 'text', label: t(q('refName')), layout: 'half' },
      { name: 'refEmail', type: 'email', label: t(q('refEmail')), layout: 'half' },
    ],
  }),
  // No signing page or embedded document here: both show their "unavailable" state.
  esignForm: (t) => ({ name: 'agreement', type: 'esignForm', label: t(q('agreement')) }),
  embedded_form: (t) => ({ name: 'handbook', type: 'embedded_form', label: t(q('handbook')) }),
};

/** The sections and the types in each, in order. */
const SECTIONS: ReadonlyArray<{ id: string; types: FormItemType[] }> = [
  { id: 'text', types: ['info', 'text', 'email', 'phone', 'number', 'sin', 'ssn', 'textarea'] },
  {
    id: 'choices',
    types: [
      'radio',
      'checkbox',
      'checkboxItem',
      'select',
      'dropdown',
      'country',
      'state',
      'skillSelector',
      'star_rating',
    ],
  },
  {
    id: 'more',
    types: [
      'instruction',
      'date',
      'dateRange',
      'file_upload',
      'fileUpload',
      'dynamicList',
      'esignForm',
      'embedded_form',
    ],
  },
];

/** The sample form in `layout`, its texts in the page's language. */
export function sampleForm(t: Translate, layout: SampleLayout): FormDefinition {
  return {
    id: `catalogue-${layout}`,
    title: t('formsSection.formTitle'),
    layout,
    sections: SECTIONS.map(({ id, types }) => ({
      id,
      title: t(`formsSection.sections.${id}`),
      description: t(`formsSection.sections.${id}Description`),
      items: types.map((type) => QUESTIONS[type](t)),
    })),
  };
}

/** A small text file, as an upload's value holds it (base64 content). */
function sampleFile(name: string, type: string, text: string): UploadedFile {
  return {
    uid: `catalogue-${name}`,
    name,
    size: text.length,
    type,
    lastModified: Date.UTC(2026, 0, 5),
    webkitRelativePath: '',
    content: btoa(text),
    status: 'done',
  };
}

/** Sample answers for every question that holds one (what view mode shows, and edit mode starts from). */
export function sampleValues(t: Translate): FormValues {
  return {
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+14165550123',
    years: 7,
    sin: '046-454-286',
    ssn: '536-22-1234',
    summary: t('formsSection.sample.summary'),
    workMode: 'hybrid',
    days: ['mon', 'wed'],
    consent: true,
    team: 'design',
    languages: ['en', 'fr'],
    country: 'CA',
    region: 'CA-QC',
    skills: ['TypeScript', 'Accessibility'],
    rating: 4,
    startDate: '2026-03-02',
    lastRole: { startDate: '2021-04', endDate: null, isCurrent: true },
    resume: [sampleFile('resume.pdf', 'application/pdf', 'Ada Lovelace, resume')],
    coverLetter: [],
    references: [{ refName: 'Grace Hopper', refEmail: 'grace@example.com' }],
  };
}

/** Names (Formik paths) of the questions that hold an answer, a dynamic list's first entry's questions included. */
function answerNames(form: FormDefinition): string[] {
  const display = new Set<FormItemType>(['info', 'instruction', 'embedded_form']);
  return form.sections.flatMap((section) =>
    section.items
      .filter((item) => !display.has(item.type))
      .flatMap((item) => [item.name, ...(item.items ?? []).map((sub) => `${item.name}.0.${sub.name}`)]),
  );
}

/** An example message on every question (given to the renderer as server errors, so they show at once). */
export function sampleErrors(t: Translate, form: FormDefinition): Record<string, string> {
  return Object.fromEntries(answerNames(form).map((name) => [name, t('formsSection.exampleError')]));
}
