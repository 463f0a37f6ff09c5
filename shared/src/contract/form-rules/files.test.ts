import type { FormItem, FormRule, UploadedFile } from '../forms';
import { formatRuleMessage, validateItem } from './index';
import { rulesI18n } from './testing';

const i18n = rulesI18n();

const MB = 1024 * 1024;
const file = (name: string, size: number, content = ''): UploadedFile => ({
  uid: name,
  name,
  size,
  type: 'application/octet-stream',
  lastModified: 0,
  webkitRelativePath: '',
  content,
  status: 'done',
});
const text = (value: unknown, rules: FormRule[] = [], item: Partial<FormItem> = {}, lng = 'en') => {
  const failed = validateItem({ name: 'cv', type: 'file_upload', rules, ...item }, value, {
    values: {},
    now: new Date('2024-06-15T12:00:00Z'),
  });
  return failed ? formatRuleMessage(failed, i18n.getFixedT(lng)) : null;
};

describe('file upload', () => {
  it('minLength and maxLength count files, with plural forms', () => {
    const two = [file('a.pdf', 10), file('b.pdf', 10)];
    expect(text(two, [{ type: 'minLength', value: 2 }])).toBeNull();
    expect(text([file('a.pdf', 1)], [{ type: 'minLength', value: 2 }])).toBe('Upload at least 2 files.');
    expect(text(two, [{ type: 'minLength', value: 3 }], { type: 'fileUpload' })).toBe('Upload at least 3 files.');
    expect(text(two, [{ type: 'maxLength', value: 1 }])).toBe('Upload no more than 1 file.');
    expect(text([...two, file('c.pdf', 1)], [{ type: 'maxLength', value: 2 }])).toBe('Upload no more than 2 files.');
    expect(text(two, [{ type: 'maxLength', value: 1 }], {}, 'fr-CA')).toBe('Téléversez au plus 1 fichier.');
  });

  it('minLength of one file uses the singular', () => {
    expect(text([], [{ type: 'minLength', value: 1 }], { required: true, label: 'Resume' })).toBe('Resume is required');
    // Optional, yet with a minimum: an empty upload has fewer files than the minimum (issue 22,
    // docs/product/forms-toolkit.md#file-upload).
    expect(text([], [{ type: 'minLength', value: 1 }])).toBe('Upload at least 1 file.');
    expect(text(undefined, [{ type: 'minLength', value: 2 }], { type: 'fileUpload' })).toBe('Upload at least 2 files.');
    expect(text(null, [{ type: 'minLength', value: 1 }], {}, 'fr-CA')).toMatch(/1 fichier/);
    // Without a minimum, an empty optional upload passes its other rules.
    expect(
      text(
        [],
        [
          { type: 'maxLength', value: 1 },
          { type: 'maxFileSizeMB', value: 1 },
        ],
      ),
    ).toBeNull();
    expect(text(undefined)).toBeNull();
    expect(formatRuleMessage({ key: 'validation.file.minLength', values: { count: 1 } }, i18n.getFixedT('en'))).toBe(
      'Upload at least 1 file.',
    );
  });

  it('maxFileSizeMB names the files that are too large', () => {
    const rules: FormRule[] = [{ type: 'maxFileSizeMB', value: 2 }];
    expect(text([file('a.pdf', 2 * MB)], rules)).toBeNull();
    expect(text([file('a.pdf', 2 * MB + 1), file('b.pdf', 10)], rules)).toBe('This file is larger than 2 MB: a.pdf');
    expect(text([file('a.pdf', 3 * MB), file('b.pdf', 10), file('c.doc', 5 * MB)], rules)).toBe(
      'These files are larger than 2 MB: a.pdf, c.doc',
    );
    expect(text([file('a.pdf', 3 * MB)], rules, {}, 'fr-CA')).toBe('Ce fichier dépasse 2 Mo\u00a0: a.pdf');
  });

  it('a lying size does not pass: the decoded content counts', () => {
    const content = Buffer.alloc(3 * MB, 7).toString('base64');
    const rules: FormRule[] = [{ type: 'maxFileSizeMB', value: 2 }];
    expect(text([file('big.pdf', 10, content)], rules)).toBe('This file is larger than 2 MB: big.pdf');
    expect(text([file('big.pdf', 10, content)], [{ type: 'maxCumulativeFileSizeMB', value: 2 }])).toBe(
      'The files together are larger than 2 MB.',
    );
    const small = Buffer.from('hello').toString('base64');
    expect(text([file('small.txt', 5, small)], rules)).toBeNull();
  });

  it('maxCumulativeFileSizeMB applies to the total', () => {
    const rules: FormRule[] = [{ type: 'maxCumulativeFileSizeMB', value: 5 }];
    expect(text([file('a.pdf', 2 * MB), file('b.pdf', 3 * MB)], rules)).toBeNull();
    expect(text([file('a.pdf', 2 * MB), file('b.pdf', 3 * MB + 1)], rules)).toBe(
      'The files together are larger than 5 MB.',
    );
  });

  it('refuses files of a type not accepted (default: doc, docx, pdf, txt, png, jpg, jpeg)', () => {
    expect(text([file('cv.PDF', 1), file('photo.jpeg', 1)])).toBeNull();
    expect(text([file('run.exe', 1)])).toBe(
      'This file type is not accepted: run.exe. Accepted types: doc, docx, pdf, txt, png, jpg, jpeg.',
    );
    expect(text([file('a.pdf', 1), file('b.csv', 1), file('noextension', 1)], [], { accept: ['pdf'] })).toBe(
      'These file types are not accepted: b.csv, noextension. Accepted types: pdf.',
    );
  });

  it('refuses a value that is not a list of files', () => {
    expect(text('cv.pdf')).toBe('Enter a valid value.');
    expect(text([{ name: 'a.pdf' }])).toBe('Enter a valid value.');
  });

  it('a rule’s own message overrides', () => {
    expect(text([file('a.pdf', 3 * MB)], [{ type: 'maxFileSizeMB', value: 1, message: 'Keep it under 1 MB.' }])).toBe(
      'Keep it under 1 MB.',
    );
  });
});
