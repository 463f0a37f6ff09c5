import type { FormDefinition, FormItem, VisibleIf } from '../forms';
import { formItems, isEmptyValue, isItemVisible, validateForm } from './index';

const now = new Date('2024-06-15T12:00:00Z');
const item = (name: string, extra: Partial<FormItem> = {}): FormItem => ({ name, type: 'text', ...extra });
const visible = (visibleIf: VisibleIf, values: Record<string, unknown>) =>
  isItemVisible(item('x', { visibleIf }), values);

describe('isEmptyValue', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    ['  \n', true],
    [[], true],
    [{ startDate: null, endDate: null }, true],
    [{ startDate: null, endDate: null, isCurrent: false }, true],
    ['a', false],
    [0, false],
    [false, false],
    [['a'], false],
    [{ startDate: '2024-01', endDate: null }, false],
    [{ status: 'signed' }, false],
  ])('%p -> %p', (value, expected) => expect(isEmptyValue(value)).toBe(expected));
});

describe('isItemVisible', () => {
  it('is false for a hidden item, true without a condition', () => {
    expect(isItemVisible(item('a', { hidden: true }), {})).toBe(false);
    expect(isItemVisible(item('a', { hidden: true, visibleIf: { field: 'b', notEmpty: true } }), { b: 'x' })).toBe(
      false,
    );
    expect(isItemVisible(item('a'), {})).toBe(true);
  });

  it('equals and notEquals compare as strings; a list matches when an entry does', () => {
    expect(visible({ field: 'country', equals: 'CA' }, { country: 'CA' })).toBe(true);
    expect(visible({ field: 'country', equals: 'CA' }, { country: 'US' })).toBe(false);
    expect(visible({ field: 'country', equals: 'CA' }, {})).toBe(false);
    expect(visible({ field: 'age', equals: '18' }, { age: 18 })).toBe(true);
    expect(visible({ field: 'langs', equals: 'fr' }, { langs: ['en', 'fr'] })).toBe(true);
    expect(visible({ field: 'country', notEquals: 'CA' }, { country: 'US' })).toBe(true);
    expect(visible({ field: 'country', notEquals: 'CA' }, { country: 'CA' })).toBe(false);
  });

  it('in', () => {
    expect(visible({ field: 'c', in: ['CA', 'US'] }, { c: 'US' })).toBe(true);
    expect(visible({ field: 'c', in: ['CA', 'US'] }, { c: 'FR' })).toBe(false);
    expect(visible({ field: 'c', in: ['CA', 'US'] }, { c: ['FR', 'CA'] })).toBe(true);
  });

  it('notEmpty and checked', () => {
    expect(visible({ field: 'n', notEmpty: true }, { n: 'x' })).toBe(true);
    expect(visible({ field: 'n', notEmpty: true }, { n: '  ' })).toBe(false);
    expect(visible({ field: 'n', notEmpty: true }, { n: [] })).toBe(false);
    expect(visible({ field: 'n', notEmpty: false }, {})).toBe(true);
    expect(visible({ field: 'agree', checked: true }, { agree: true })).toBe(true);
    expect(visible({ field: 'agree', checked: true }, { agree: 'true' })).toBe(false);
    expect(visible({ field: 'agree', checked: false }, {})).toBe(true);
  });

  it('all and any', () => {
    const condition: VisibleIf = {
      all: [
        { field: 'a', equals: 'yes' },
        {
          any: [
            { field: 'b', checked: true },
            { field: 'c', in: ['1', '2'] },
          ],
        },
      ],
    };
    expect(visible(condition, { a: 'yes', b: true })).toBe(true);
    expect(visible(condition, { a: 'yes', c: '2' })).toBe(true);
    expect(visible(condition, { a: 'yes', c: '3' })).toBe(false);
    expect(visible(condition, { a: 'no', b: true })).toBe(false);
    expect(visible({ any: [] }, {})).toBe(false);
    expect(visible({ all: [] }, {})).toBe(true);
  });
});

describe('validateForm', () => {
  const form: FormDefinition = {
    id: 'apply',
    title: 'Apply',
    layout: 'stepper',
    sections: [
      {
        id: 'about',
        title: 'About you',
        items: [
          item('intro', { type: 'info', html: '<p>Hi</p>', required: true }),
          item('name', { label: 'Full name:', required: true }),
          item('email', { type: 'email', label: 'Email', required: true }),
          item('secret', { hidden: true, required: true }),
          item('hasLicence', {
            type: 'radio',
            choices: [
              { label: 'Yes', value: 'yes' },
              { label: 'No', value: 'no' },
            ],
          }),
          item('licence', {
            required: true,
            label: 'Licence number',
            visibleIf: { field: 'hasLicence', equals: 'yes' },
          }),
          item('licenceExpiry', { type: 'date', required: true, visibleIf: { field: 'licence', notEmpty: true } }),
        ],
      },
      {
        id: 'history',
        title: 'History',
        items: [
          item('jobs', {
            type: 'dynamicList',
            label: 'Jobs',
            rules: [{ type: 'minLength', value: 1 }],
            items: [
              item('employer', { label: 'Employer', required: true }),
              item('current', { type: 'checkboxItem' }),
              item('reason', {
                label: 'Reason for leaving',
                required: true,
                visibleIf: { field: 'current', checked: false },
              }),
              item('start', { type: 'date' }),
              item('end', {
                type: 'date',
                rules: [{ type: 'date_comparison', value: { field: 'start', operator: 'after' } }],
              }),
            ],
          }),
        ],
      },
    ],
  };

  it('lists every item in order', () => {
    expect(formItems(form).map((entry) => entry.name)).toEqual([
      'intro',
      'name',
      'email',
      'secret',
      'hasLicence',
      'licence',
      'licenceExpiry',
      'jobs',
    ]);
  });

  it('checks visible items only, by name, with list entries under "list.index.sub"', () => {
    const errors = validateForm(
      form,
      {
        email: 'jane@',
        hasLicence: 'yes',
        jobs: [
          { employer: 'Acme', current: true, start: '2020-01-01', end: '2019-01-01' },
          { employer: '', current: false, reason: '' },
        ],
      },
      { now },
    );
    expect(errors).toEqual({
      name: { key: 'validation.required', values: { name: 'Full name' } },
      email: { key: 'validation.email', values: { example: 'name@example.com' } },
      licence: { key: 'validation.required', values: { name: 'Licence number' } },
      'jobs.0.end': { key: 'validation.date.after', values: { date: '2020-01-01' } },
      'jobs.1.employer': { key: 'validation.required', values: { name: 'Employer' } },
      'jobs.1.reason': { key: 'validation.required', values: { name: 'Reason for leaving' } },
    });
  });

  it('puts the list’s own rules under its name', () => {
    const errors = validateForm(form, { name: 'Jane', email: 'jane@example.com', jobs: [] }, { now });
    expect(errors).toEqual({ jobs: { key: 'validation.list.minLength', values: { count: 1 } } });
  });

  it('skips hidden items, and a hidden item’s value does not make another show', () => {
    const values = {
      name: 'Jane',
      email: 'jane@example.com',
      hasLicence: 'no',
      licence: 'stale value',
      jobs: [{ employer: 'Acme', current: true }],
    };
    expect(validateForm(form, values, { now })).toEqual({});
    expect(validateForm(form, { ...values, hasLicence: 'yes' }, { now })).toEqual({
      licenceExpiry: { key: 'validation.requiredGeneric' },
    });
  });

  it('a sub-item reads its own entry, not a top-level field of the same name', () => {
    const clash: FormDefinition = {
      ...form,
      sections: [
        {
          id: 's',
          title: 'S',
          items: [
            item('employer'),
            item('jobs', { type: 'dynamicList', items: [item('employer', { label: 'Employer', required: true })] }),
          ],
        },
      ],
    };
    expect(validateForm(clash, { employer: 'Top', jobs: [{}] }, { now })).toEqual({
      'jobs.0.employer': { key: 'validation.required', values: { name: 'Employer' } },
    });
  });
});
