import { camelCaseKey, snakeCaseKey, toCamelCaseKeys, toSnakeCaseKeys } from './caseKeys';

describe('camelCaseKey', () => {
  it.each([
    ['position_id', 'positionId'],
    ['include_tab_list', 'includeTabList'],
    ['address_2', 'address2'],
    ['alreadyCamel', 'alreadyCamel'],
    ['_id', '_id'],
    ['__typename', '__typename'],
    ['trailing_', 'trailing_'],
    ['a__b', 'a_B'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(camelCaseKey(input)).toBe(expected);
  });
});

describe('snakeCaseKey', () => {
  it.each([
    ['positionId', 'position_id'],
    ['includeTabList', 'include_tab_list'],
    ['already_snake', 'already_snake'],
    ['Name', 'name'],
    ['address2', 'address2'],
    ['userID', 'user_i_d'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(snakeCaseKey(input)).toBe(expected);
  });
});

describe('toCamelCaseKeys', () => {
  it('converts keys at every depth, inside arrays too', () => {
    const input = {
      position_id: 7,
      job_cart: [{ added_at: 1, meta_data: { is_fallback: true } }],
      filter_def: { city_names: ['Boston'] },
    };
    const result = toCamelCaseKeys(input);
    expect(result).toEqual({
      positionId: 7,
      jobCart: [{ addedAt: 1, metaData: { isFallback: true } }],
      filterDef: { cityNames: ['Boston'] },
    });
    // The result type follows the conversion.
    const typed: { positionId: number; jobCart: { addedAt: number }[] } = result;
    expect(typed.jobCart[0]?.addedAt).toBe(1);
  });

  it('leaves values that are not plain objects alone', () => {
    class Point {
      constructor(readonly x_value: number) {}
    }
    const date = new Date('2024-01-01T00:00:00Z');
    const file = new File(['x'], 'cv.pdf');
    const blob = new Blob(['y']);
    const point = new Point(1);
    const result = toCamelCaseKeys({ created_at: date, resume_file: file, raw_blob: blob, some_point: point });
    expect(result.createdAt).toBe(date);
    expect(result.resumeFile).toBe(file);
    expect(result.rawBlob).toBe(blob);
    expect(result.somePoint).toBe(point);
    expect(Object.keys(point)).toEqual(['x_value']);
  });

  it('walks objects without a prototype', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { first_name: 'Ada' });
    expect(toCamelCaseKeys(bare)).toEqual({ firstName: 'Ada' });
  });

  it('returns primitives and null as they are', () => {
    expect(toCamelCaseKeys('first_name')).toBe('first_name');
    expect(toCamelCaseKeys(3)).toBe(3);
    expect(toCamelCaseKeys(null)).toBeNull();
    expect(toCamelCaseKeys(undefined)).toBeUndefined();
  });

  it('converts a top-level array', () => {
    expect(toCamelCaseKeys([{ a_b: 1 }, 2])).toEqual([{ aB: 1 }, 2]);
  });

  it('does not change the input', () => {
    const input = { outer_key: { inner_key: 1 } };
    toCamelCaseKeys(input);
    expect(input).toEqual({ outer_key: { inner_key: 1 } });
  });
});

describe('toSnakeCaseKeys', () => {
  it('converts keys at every depth, inside arrays too', () => {
    const input = { opSection: 'skills', opData: { value: 'x', index: 0 }, positionIds: [{ positionId: '1' }] };
    const result = toSnakeCaseKeys(input);
    expect(result).toEqual({
      op_section: 'skills',
      op_data: { value: 'x', index: 0 },
      position_ids: [{ position_id: '1' }],
    });
    const typed: { op_data: { index: number } } = result;
    expect(typed.op_data.index).toBe(0);
  });

  it('leaves Dates and Files alone', () => {
    const date = new Date(0);
    const file = new File(['x'], 'cv.pdf');
    const result = toSnakeCaseKeys({ createdAt: date, resumeFile: file });
    expect(result.created_at).toBe(date);
    expect(result.resume_file).toBe(file);
  });

  it('round-trips with toCamelCaseKeys for ordinary keys', () => {
    const original = { positionId: 1, jobCartData: [{ addedAt: 2 }] };
    expect(toCamelCaseKeys(toSnakeCaseKeys(original))).toEqual(original);
  });
});
