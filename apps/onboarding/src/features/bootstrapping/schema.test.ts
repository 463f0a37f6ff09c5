import {
  BOOTSTRAP_FIELDS,
  bootstrapForm,
  bootstrapProblem,
  bootstrapValidators,
  bootstrapValues,
  toBootstrapField,
} from './schema';

/** A stand-in for the widget's `t`: the key and its values. */
const t = (key: string, options?: Record<string, unknown>) =>
  options?.max === undefined ? key : `${key} (${String(options.max)})`;

describe('bootstrapProblem', () => {
  it('accepts a complete profile', () => {
    expect(BOOTSTRAP_FIELDS.map((name) => bootstrapProblem(name, 'Ada'))).toEqual([null, null, null]);
  });

  it('treats blank and missing values as missing', () => {
    expect([
      bootstrapProblem('firstname', ' '),
      bootstrapProblem('lastname', undefined),
      bootstrapProblem('location', '\t'),
    ]).toEqual([
      'bootstrap.errors.firstnameRequired',
      'bootstrap.errors.lastnameRequired',
      'bootstrap.errors.locationRequired',
    ]);
  });

  it('limits lengths to 100, 100 and 200 characters after trimming', () => {
    expect([
      bootstrapProblem('firstname', 'a'.repeat(100)),
      bootstrapProblem('lastname', ` ${'b'.repeat(100)} `),
      bootstrapProblem('location', 'c'.repeat(200)),
    ]).toEqual([null, null, null]);
    expect([
      bootstrapProblem('firstname', 'a'.repeat(101)),
      bootstrapProblem('lastname', 'b'.repeat(101)),
      bootstrapProblem('location', 'c'.repeat(201)),
    ]).toEqual([
      'bootstrap.errors.firstnameTooLong',
      'bootstrap.errors.lastnameTooLong',
      'bootstrap.errors.locationTooLong',
    ]);
  });
});

describe('the step as a toolkit form', () => {
  it('has the three required text fields, the names side by side, the location with its hint', () => {
    const form = bootstrapForm(t);
    expect(form.layout).toBe('simple');
    expect(form.title).toBe('bootstrap.heading');
    expect(form.sections).toHaveLength(1);
    expect(form.sections[0]!.items).toEqual([
      { name: 'firstname', label: 'bootstrap.firstname', type: 'text', layout: 'half', required: true },
      { name: 'lastname', label: 'bootstrap.lastname', type: 'text', layout: 'half', required: true },
      { name: 'location', label: 'bootstrap.location', help: 'bootstrap.locationHint', type: 'text', required: true },
    ]);
  });

  it("checks each field with the step's own messages, the maximum given", () => {
    const validators = bootstrapValidators(t);
    expect(validators.firstname!('', {})).toBe('bootstrap.errors.firstnameRequired (100)');
    expect(validators.location!('x'.repeat(201), {})).toBe('bootstrap.errors.locationTooLong (200)');
    expect(validators.lastname!('King', {})).toBeUndefined();
  });

  it('takes the trimmed text of the answers', () => {
    expect(bootstrapValues({ firstname: ' Ada ', lastname: 'King', location: 42 })).toEqual({
      firstname: 'Ada',
      lastname: 'King',
      location: '',
    });
  });
});

describe('toBootstrapField', () => {
  it.each([
    ['firstname', 'firstname'],
    ['/lastname', 'lastname'],
    ['body.location', 'location'],
    ['body/location', 'location'],
    ['domain', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (input, expected) => {
    expect(toBootstrapField(input)).toBe(expected);
  });
});
