import type { FormDefinition, FormSection } from '@careers/shared/contract';

/** A simple form of one section: what a test about a few questions needs around them. */
export function oneSectionForm(id: string, title: string, section: FormSection): FormDefinition {
  return { id, title, layout: 'simple', sections: [section] };
}

/** A simple form with a question of every basic type, visibility, dependencies and option loading. */
export const basicForm: FormDefinition = {
  id: 'basic',
  title: 'Application',
  layout: 'simple',
  sections: [
    {
      id: 'about',
      title: 'About you',
      items: [
        { name: 'firstName', label: 'First name', type: 'text', required: true, help: 'As on your passport' },
        { name: 'email', label: 'Email', type: 'email', required: true, newItem: true },
        { name: 'bio', label: 'Short bio', type: 'textarea' },
        { name: 'years', label: 'Years of experience', type: 'number', rules: [{ type: 'maxValue', value: 50 }] },
        { name: 'sin', label: 'SIN', type: 'sin' },
        { name: 'ssn', label: 'SSN', type: 'ssn' },
      ],
    },
    {
      id: 'work',
      title: 'Work',
      items: [
        {
          name: 'remote',
          label: 'Work remotely?',
          type: 'radio',
          required: true,
          choices: [
            { label: 'Yes', value: 'yes', icon: '/static/icons/yes.png' },
            { label: 'No', value: 'no', icon: 'javascript:alert(1)' },
          ],
        },
        {
          name: 'office',
          label: 'Preferred office',
          type: 'text',
          required: true,
          dependencies: ['remote'],
          visibleIf: { field: 'remote', equals: 'no' },
        },
        {
          name: 'days',
          label: 'Days',
          type: 'checkbox',
          choicesSortOrder: 'ascending',
          choices: [
            { label: 'Tuesday', value: 'tue', icon: 'calendar' },
            { label: 'Monday', value: 'mon' },
          ],
        },
        { name: 'terms', label: 'I accept the terms', type: 'checkboxItem', required: true },
      ],
    },
  ],
};

/** A form of option questions: static choices, an endpoint with {{parentValue}}, no options at all. */
export const optionsForm: FormDefinition = {
  id: 'options',
  title: 'Location',
  layout: 'simple',
  sections: [
    {
      id: 'where',
      title: 'Where',
      items: [
        {
          name: 'country',
          label: 'Country',
          type: 'select',
          choicesSortOrder: 'descending',
          choices: [
            { label: 'Canada', value: 'CA' },
            { label: 'United States', value: 'US' },
          ],
        },
        {
          name: 'region',
          label: 'Region',
          type: 'select',
          dependencies: ['country'],
          apiEndpoint: '/api/test/regions/{{parentValue}}',
        },
        {
          name: 'city',
          label: 'City',
          type: 'dropdown',
          choices: [
            { label: 'Montréal', value: 'mtl', icon: 'map-pin' },
            { label: 'Toronto', value: 'tor' },
            { label: 'Québec', value: 'qc' },
          ],
        },
        {
          name: 'languages',
          label: 'Languages',
          type: 'dropdown',
          multiple: true,
          dropdownSize: 'large',
          choices: [
            { label: 'English', value: 'en' },
            { label: 'French', value: 'fr' },
          ],
        },
        { name: 'nothing', label: 'Nothing to choose', type: 'select' },
      ],
    },
  ],
};

/** A form of dates. */
export const datesForm: FormDefinition = {
  id: 'dates',
  title: 'Dates',
  layout: 'simple',
  sections: [
    {
      id: 'when',
      title: 'When',
      items: [
        { name: 'start', label: 'Start', type: 'date', format: 'MM/DD/YYYY', enableFrom: 0, enableUntil: 30 },
        { name: 'month', label: 'Month', type: 'date', format: 'MM/YYYY', enableFrom: '2020-01-15' },
        { name: 'job', label: 'Job', type: 'dateRange', required: true },
        {
          name: 'end',
          label: 'End',
          type: 'date',
          dependencies: ['start'],
          rules: [{ type: 'date_comparison', value: { field: 'start', operator: 'after' } }],
        },
      ],
    },
  ],
};

/** A stepper form of four steps. */
export const stepperForm: FormDefinition = {
  id: 'stepper',
  title: 'Onboarding',
  layout: 'stepper',
  sections: [
    {
      id: 'one',
      title: 'Personal',
      items: [
        { name: 'name', label: 'Name', type: 'text', required: true },
        { name: 'nick', label: 'Nickname', type: 'text', newItem: true },
      ],
    },
    {
      id: 'two',
      title: 'Contact',
      items: [
        { name: 'mail', label: 'Email', type: 'email', newItem: true },
        { name: 'city', label: 'City', type: 'text', required: true, newItem: true },
        { name: 'zip', label: 'Postal code', type: 'text', required: true },
      ],
    },
    { id: 'three', title: 'Skills', items: [{ name: 'skill', label: 'Main skill', type: 'text' }] },
    { id: 'four', title: 'Review', items: [{ name: 'notes', label: 'Notes', type: 'textarea' }] },
  ],
};
