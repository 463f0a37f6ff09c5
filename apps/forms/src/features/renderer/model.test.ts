import type { FormDefinition, FormItem } from '@careers/shared/contract';
import { startingValues } from './model';
import { fieldTypes } from './registry';

const formOf = (items: FormItem[]): FormDefinition => ({
  id: 'f',
  title: 'Form',
  layout: 'simple',
  sections: [{ id: 's', title: 'Section', items }],
});

describe('starting values', () => {
  it('every question starts as its type says, unless a starting answer is given', () => {
    const form = formOf([
      { name: 'name', label: 'Name', type: 'text' },
      { name: 'age', label: 'Age', type: 'number' },
      { name: 'days', label: 'Days', type: 'checkbox' },
      { name: 'terms', label: 'Terms', type: 'checkboxItem' },
      { name: 'office', label: 'Office', type: 'select' },
      { name: 'offices', label: 'Offices', type: 'dropdown', multiple: true },
      { name: 'stay', label: 'Stay', type: 'dateRange' },
      { name: 'resume', label: 'Resume', type: 'fileUpload' },
      { name: 'about', label: 'About', type: 'info' },
    ]);
    expect(startingValues(form, { name: 'Ada', age: 0 }, fieldTypes)).toEqual({
      name: 'Ada',
      age: 0,
      days: [],
      terms: false,
      office: '',
      offices: [],
      stay: null,
      resume: [],
    });
  });

  it('a dynamic list is filled up to its minimum, so that the filling is no change', () => {
    const form = formOf([
      {
        name: 'jobs',
        label: 'Jobs',
        type: 'dynamicList',
        items: [{ name: 'title', label: 'Title', type: 'text' }],
        rules: [{ type: 'minLength', value: 2 }],
      },
    ]);
    expect(startingValues(form, { jobs: [{ title: 'Engineer' }] }, fieldTypes)).toEqual({
      jobs: [{ title: 'Engineer' }, { title: undefined }],
    });
  });

  it('a question of an unknown type starts blank, as a text does', () => {
    const form = formOf([{ name: 'mystery', label: 'Mystery', type: 'hologram' } as unknown as FormItem]);
    expect(startingValues(form, undefined, fieldTypes)).toEqual({ mystery: '' });
  });
});
