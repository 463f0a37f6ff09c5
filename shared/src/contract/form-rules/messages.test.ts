import type { FormItem } from '../forms';
import { formatRuleMessage, requiredMessage, validateItem, type RuleMessage } from './index';
import en from './locales/en.json';
import frCA from './locales/fr-CA.json';
import { rulesI18n } from './testing';

const i18n = rulesI18n({ fallbackLng: 'en' });
const render = (message: RuleMessage | null, lng = 'en') =>
  message ? formatRuleMessage(message, i18n.getFixedT(lng)) : null;
const context = { values: {}, now: new Date('2024-06-15T12:00:00Z') };
const check = (item: Partial<FormItem>, value: unknown, lng = 'en') =>
  render(validateItem({ name: 'f', type: 'text', ...item } as FormItem, value, context), lng);

/** Every key of a resource tree, dotted. */
const keysOf = (tree: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

describe('required message', () => {
  it('names the field, without trailing punctuation', () => {
    expect(render(requiredMessage('First name'))).toBe('First name is required');
    expect(render(requiredMessage('Are you over 18?'))).toBe('Are you over 18 is required');
    expect(render(requiredMessage('Email address: *'))).toBe('Email address is required');
  });

  it('says "This field is required" without a label or for a label longer than 30 characters', () => {
    expect(render(requiredMessage(undefined))).toBe('This field is required');
    expect(render(requiredMessage('  '))).toBe('This field is required');
    const thirty = 'A'.repeat(30);
    expect(render(requiredMessage(thirty))).toBe(`${thirty} is required`);
    expect(render(requiredMessage(`${thirty}?`))).toBe(`${thirty} is required`);
    expect(render(requiredMessage('B'.repeat(31)))).toBe('This field is required');
  });

  it('is translated', () => {
    expect(render(requiredMessage('Prénom :'), 'fr-CA')).toBe('Prénom est obligatoire');
    expect(render(requiredMessage(undefined), 'fr-CA')).toBe('Ce champ est obligatoire');
  });
});

describe('formatRuleMessage', () => {
  it('uses the rule’s own text over the key', () => {
    expect(render({ key: 'validation.regex', text: 'Use capitals only.' })).toBe('Use capitals only.');
  });

  it('does not HTML-escape interpolated values (plain text, same in browser and server)', () => {
    expect(render({ key: 'validation.required', values: { name: 'Terms & <conditions>' } })).toBe(
      'Terms & <conditions> is required',
    );
  });

  it('reads the formRules namespace whatever the t function’s default namespace', () => {
    const t = i18n.getFixedT('en', 'common');
    expect(formatRuleMessage({ key: 'validation.number' }, t)).toBe('Enter a number.');
  });
});

describe('default messages, English (the product copy, exactly)', () => {
  it.each<[string, Partial<FormItem>, unknown, string]>([
    ['required', { required: true, label: 'City' }, '', 'City is required'],
    ['email type', { type: 'email' }, 'nope@', 'Email is invalid. Use the format "name@example.com".'],
    ['email rule', { rules: [{ type: 'email' }] }, 'a@b', 'Email is invalid. Use the format "name@example.com".'],
    [
      'phone rule',
      { rules: [{ type: 'phone' }] },
      '555-01x3',
      'Phone number is invalid. Only use digits (0-9), dashes (-) or parentheses ().',
    ],
    ['phone type', { type: 'phone' }, '+1555', 'Enter a valid phone number'],
    ['phone type, unknown calling code', { type: 'phone' }, '+999 123 456', 'Invalid country calling code'],
    ['loose phone rule', { rules: [{ type: 'phone', value: 'loose' }] }, 'call me', 'Enter a valid phone number'],
    ['strict phone rule', { rules: [{ type: 'phone', value: 'strict' }] }, '+1 555', 'Enter a valid phone number'],
    [
      'strict phone rule, calling code',
      { rules: [{ type: 'phone', value: 'strict' }] },
      '+0 1',
      'Invalid country calling code',
    ],
    ['regex', { rules: [{ type: 'regex', value: '/^[A-Z]+$/' }] }, 'abc', 'Enter a valid value.'],
    ['minLength', { rules: [{ type: 'minLength', value: 3 }] }, 'ab', 'Enter at least 3 characters.'],
    ['maxLength', { rules: [{ type: 'maxLength', value: 2 }] }, 'abc', 'Enter no more than 2 characters.'],
    ['maxLength one', { rules: [{ type: 'maxLength', value: 1 }] }, 'ab', 'Enter no more than 1 character.'],
    ['minValue', { rules: [{ type: 'minValue', value: 18 }] }, '17', 'Enter a value greater than or equal to 18.'],
    ['maxValue', { rules: [{ type: 'maxValue', value: 1.5 }] }, '2', 'Enter a value less than or equal to 1.5.'],
    ['ssn', { type: 'ssn' }, '123-456-789', 'Social security number is invalid. Enter in the format of XXX-XX-XXXX.'],
    ['sin', { type: 'sin' }, '123-45-6789', 'Social insurance number is invalid. Enter in the format of XXX-XXX-XXX.'],
    ['number', { type: 'number' }, 'ten', 'Enter a number.'],
    ['choice', { type: 'radio', choices: [{ label: 'Yes', value: 'y' }] }, 'n', 'Choose one of the options.'],
    ['star rating', { type: 'star_rating' }, 6, 'Choose a rating from 1 to 5.'],
    ['date', { type: 'date' }, '2024-02-30', 'Enter a valid date.'],
    [
      'date range',
      { type: 'dateRange' },
      { startDate: '2024-01', endDate: null, isCurrent: false },
      'Please enter both a start and end date.',
    ],
    [
      'future start',
      { type: 'dateRange', allowFutureStart: false },
      { startDate: '2024-07', endDate: '2024-08', isCurrent: false },
      'Start date cannot be in the future',
    ],
    [
      'range order',
      { type: 'dateRange' },
      { startDate: '2024-03', endDate: '2024-01', isCurrent: false },
      'The end date must be after the start date.',
    ],
  ])('%s', (_name, item, value, expected) => {
    expect(check(item, value)).toBe(expected);
  });

  it('minLength of 1 uses the singular', () => {
    expect(check({ rules: [{ type: 'minLength', value: 1 }] }, '')).toBeNull(); // empty optional passes
    expect(render({ key: 'validation.minLength', values: { count: 1 } })).toBe('Enter at least 1 character.');
  });
});

describe('French (fr-CA)', () => {
  it('translates messages with plural forms', () => {
    expect(check({ rules: [{ type: 'minLength', value: 3 }] }, 'ab', 'fr-CA')).toBe('Entrez au moins 3 caractères.');
    expect(render({ key: 'validation.minLength', values: { count: 1 } }, 'fr-CA')).toBe('Entrez au moins 1 caractère.');
    expect(render({ key: 'validation.file.minLength', values: { count: 2 } }, 'fr-CA')).toBe(
      'Téléversez au moins 2 fichiers.',
    );
    expect(render({ key: 'texts.errorsFound', values: { count: 1000000 } }, 'fr-CA')).toBe('1000000 erreurs trouvées');
    expect(check({ type: 'phone' }, '+1', 'fr-CA')).toBeNull();
    expect(check({ type: 'phone', required: true }, '+1', 'fr-CA')).toBe('Entrez un numéro de téléphone valide');
    expect(check({ type: 'phone' }, '+999 123 456', 'fr-CA')).toBe('Indicatif de pays invalide');
    expect(check({ type: 'email' }, 'x', 'fr-CA')).toBe(
      'L’adresse courriel n’est pas valide. Utilisez le format «\u00a0name@example.com\u00a0».',
    );
  });

  it('has every English key (plus French plural forms)', () => {
    const english = keysOf(en);
    const french = keysOf(frCA);
    expect(english.filter((key) => !french.includes(key))).toEqual([]);
    expect(french.filter((key) => !english.includes(key) && !key.endsWith('_many'))).toEqual([]);
    const pluralBases = english.filter((key) => key.endsWith('_other')).map((key) => key.replace(/_other$/, ''));
    for (const base of pluralBases) expect(french).toContain(`${base}_many`);
  });
});

describe('shared toolkit texts', () => {
  it.each([
    ['rating.poor', {}, 'Poor', 'Médiocre'],
    ['rating.average', {}, 'Average', 'Passable'],
    ['rating.good', {}, 'Good', 'Bien'],
    ['rating.veryGood', {}, 'Very Good', 'Très bien'],
    ['rating.excellent', {}, 'Excellent', 'Excellent'],
    ['texts.uploadFailed', {}, 'File could not be uploaded', 'Le fichier n’a pas pu être téléversé'],
    [
      'texts.loadError',
      {},
      'An error occurred while retrieving data',
      'Une erreur s’est produite lors de la récupération des données',
    ],
    ['texts.noData', {}, 'No data found', 'Aucune donnée trouvée'],
    ['texts.notApplicable', {}, 'Not Applicable', 'Sans objet'],
    ['texts.new', {}, 'New', 'Nouveau'],
    ['texts.readMore', {}, 'Read more', 'Lire la suite'],
    ['texts.showFewer', {}, 'Show fewer', 'Afficher moins'],
    ['texts.moreCount', { count: 4 }, '+4', '+4'],
    ['texts.addItem', {}, 'Add Item', 'Ajouter un élément'],
    ['texts.errorsFound', { count: 1 }, '1 error found', '1 erreur trouvée'],
    ['texts.errorsFound', { count: 3 }, '3 errors found', '3 erreurs trouvées'],
    ['texts.newQuestions', { count: 1 }, '1 new question', '1 nouvelle question'],
    ['texts.newQuestions', { count: 2 }, '2 new questions', '2 nouvelles questions'],
    ['texts.currentlyInRole', {}, 'Currently in role', 'Poste occupé actuellement'],
  ])('%s %o', (key, values, english, french) => {
    expect(render({ key, values })).toBe(english);
    expect(render({ key, values }, 'fr-CA')).toBe(french);
  });
});
