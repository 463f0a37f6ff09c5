import {
  LANGUAGES,
  LANGUAGE_NAMES,
  SHIPPED_LANGUAGES,
  STAND_INS,
  chooseLanguage,
  directionOf,
  languageInfo,
  matchLanguage,
} from './languages';

describe('the shipped languages', () => {
  it('are the 42 of the product, each once, English first', () => {
    expect(LANGUAGES).toHaveLength(42);
    expect(new Set(SHIPPED_LANGUAGES).size).toBe(42);
    expect(SHIPPED_LANGUAGES[0]).toBe('en');
    expect(SHIPPED_LANGUAGES).toEqual(expect.arrayContaining(['fr-CA', 'pt-BR', 'pt-PT', 'zh-CN', 'zh-TW']));
  });

  it('name each language in itself', () => {
    expect(LANGUAGE_NAMES['de-DE']).toBe('Deutsch');
    expect(LANGUAGE_NAMES['ja-JP']).toBe('日本語');
    expect(LANGUAGE_NAMES['ar-SA']).toBe('العربية');
  });

  it('have two right-to-left languages, Arabic and Hebrew', () => {
    expect(LANGUAGES.filter((language) => language.dir === 'rtl').map((language) => language.tag)).toEqual([
      'ar-SA',
      'he-IL',
    ]);
    expect(directionOf('ar-SA')).toBe('rtl');
    expect(directionOf('he-il')).toBe('rtl');
    expect(directionOf('ar-XB')).toBe('rtl');
    expect(directionOf('fr-CA')).toBe('ltr');
    expect(directionOf('arn')).toBe('ltr');
    // The widgets' direction rule (language-basics.ts, without the list) agrees with every shipped language.
    for (const language of LANGUAGES) expect(directionOf(language.tag)).toBe(language.dir);
  });

  it('stand in only for shipped languages, never Simplified for Traditional Chinese', () => {
    for (const [tag, standIns] of Object.entries(STAND_INS)) {
      expect(languageInfo(tag)).toBeDefined();
      for (const standIn of standIns) expect(languageInfo(standIn)).toBeDefined();
    }
    expect(STAND_INS['zh-TW'] ?? []).not.toContain('zh-CN');
    expect(STAND_INS['zh-CN'] ?? []).not.toContain('zh-TW');
  });
});

describe('matchLanguage', () => {
  it.each([
    ['de-DE', 'de-DE'],
    ['de_de', 'de-DE'],
    ['DE', 'de-DE'],
    ['de-AT', 'de-DE'],
    ['en-US', 'en'],
    ['en', 'en'],
    ['en-AU', 'en-GB'],
    ['fr', 'fr-FR'],
    ['fr-CH', 'fr-FR'],
    ['fr-CA', 'fr-CA'],
    ['fr-LU', 'fr-BE'],
    ['es', 'es-MX'],
    ['es-AR', 'es-MX'],
    ['es-ES', 'es-ES'],
    ['pt', 'pt-BR'],
    ['pt-AO', 'pt-PT'],
    ['zh', 'zh-CN'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-Hans-SG', 'zh-CN'],
    ['no', 'nb-NO'],
    ['iw', 'he-IL'],
  ])('%s is %s', (tag, shipped) => {
    expect(matchLanguage(tag)).toBe(shipped);
  });

  it.each([['xx'], ['fa-IR'], [''], ['*'], ['de DE'], ['-de'], ['de-'], ['a'.repeat(40)]])(
    '%j is no shipped language',
    (tag) => {
      expect(matchLanguage(tag)).toBeNull();
    },
  );
});

describe('chooseLanguage among an employer’s languages', () => {
  it('takes the language when the employer offers it', () => {
    expect(chooseLanguage('fr-BE', ['en', 'fr-BE', 'fr-FR'])).toBe('fr-BE');
  });

  it.each([
    ['fr-BE', ['en', 'fr-FR'], 'fr-FR'],
    ['fr-BE', ['en', 'fr-CA'], 'fr-CA'],
    ['es-MX', ['en', 'es-ES'], 'es-ES'],
    ['es-DO', ['en', 'es-ES'], 'es-ES'],
    ['es-DO', ['en', 'es-MX', 'es-ES'], 'es-MX'],
    ['pt-PT', ['en', 'pt-BR'], 'pt-BR'],
    ['pt-BR', ['en', 'pt-PT'], 'pt-PT'],
    ['en-GB', ['fr-CA', 'en'], 'en'],
    ['nl-BE', ['nl-NL'], 'nl-NL'],
  ])('%s reads its stand-in where the employer does not offer it (%j)', (tag, supported, chosen) => {
    expect(chooseLanguage(tag, supported)).toBe(chosen);
  });

  it('never gives Simplified Chinese for Traditional, nor the reverse', () => {
    expect(chooseLanguage('zh-TW', ['en', 'zh-CN'])).toBeNull();
    expect(chooseLanguage('zh-HK', ['en', 'zh-CN'])).toBeNull();
    expect(chooseLanguage('zh-CN', ['en', 'zh-TW'])).toBeNull();
  });

  it('gives nothing for a language the employer does not offer and has no stand-in', () => {
    expect(chooseLanguage('de-DE', ['en', 'fr-CA'])).toBeNull();
    expect(chooseLanguage('xx', ['en'])).toBeNull();
  });
});
