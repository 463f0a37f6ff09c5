import { bootstrapSchema, toBootstrapField } from './schema';

const valid = { firstname: 'Ada', lastname: 'Lovelace', location: 'London, UK' };

async function errorsOf(values: Record<string, string>): Promise<string[]> {
  try {
    await bootstrapSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('bootstrapSchema', () => {
  it('accepts a complete profile', async () => {
    expect(await errorsOf(valid)).toEqual([]);
  });

  it('treats blank values as missing', async () => {
    expect(await errorsOf({ firstname: ' ', lastname: '', location: '\t' })).toEqual([
      'bootstrap.errors.firstnameRequired',
      'bootstrap.errors.lastnameRequired',
      'bootstrap.errors.locationRequired',
    ]);
  });

  it('limits lengths to 100, 100 and 200 characters after trimming', async () => {
    expect(
      await errorsOf({ firstname: 'a'.repeat(100), lastname: ` ${'b'.repeat(100)} `, location: 'c'.repeat(200) }),
    ).toEqual([]);
    expect(
      await errorsOf({ firstname: 'a'.repeat(101), lastname: 'b'.repeat(101), location: 'c'.repeat(201) }),
    ).toEqual([
      'bootstrap.errors.firstnameTooLong',
      'bootstrap.errors.lastnameTooLong',
      'bootstrap.errors.locationTooLong',
    ]);
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
