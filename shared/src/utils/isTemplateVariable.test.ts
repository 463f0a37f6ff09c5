import { isTemplateVariable } from './isTemplateVariable';

describe('isTemplateVariable', () => {
  it.each(['{{first_name}}', '{{parentValue}}', '{{ first_name }}', '{{a.b-c}}', '{{x}}'])('accepts %p', (text) => {
    expect(isTemplateVariable(text)).toBe(true);
  });

  it.each([
    '{{a}} {{b}}',
    '{{a}}{{b}}',
    '{{}}',
    '{{   }}',
    '{{a{b}}',
    '{{a}b}}',
    ' {{a}}',
    '{{a}} ',
    '{{a}}\n',
    ' {{a}}x',
    'x{{a}}',
    '{a}',
    '{{a}',
    '{{{a}}}',
    'first_name',
    '',
  ])('rejects %p', (text) => {
    expect(isTemplateVariable(text)).toBe(false);
  });

  it('rejects values that are not strings', () => {
    expect(isTemplateVariable(undefined)).toBe(false);
    expect(isTemplateVariable(null)).toBe(false);
    expect(isTemplateVariable(42)).toBe(false);
    expect(isTemplateVariable(['{{a}}'])).toBe(false);
  });
});
