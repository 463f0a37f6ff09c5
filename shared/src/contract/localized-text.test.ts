import { isLanguageMap, localizeTexts, mapLanguages } from './localized-text';

describe('texts given per language', () => {
  const config = {
    searchOptionsMap: {
      department: { displayName: { en: 'Team', 'fr-CA': 'Équipe', 'de-de': 'Abteilung' } },
      remote: { displayName: 'Remote', options: { labelMap: { true: { en: 'Remote', 'fr-CA': 'À distance' } } } },
    },
    smartFilters: ['department', 'remote'],
    enabled: true,
  };

  it('reads each language map in the page language', () => {
    const french = localizeTexts(config, 'fr-CA', 'en');
    expect(french.searchOptionsMap.department.displayName).toBe('Équipe');
    expect(french.searchOptionsMap.remote.options.labelMap.true).toBe('À distance');
    expect(french.searchOptionsMap.remote.displayName).toBe('Remote');
    expect(french.smartFilters).toEqual(['department', 'remote']);
    expect(french.enabled).toBe(true);
    // Tags in any case.
    expect(localizeTexts(config, 'de-DE', 'en').searchOptionsMap.department.displayName).toBe('Abteilung');
  });

  it('falls back to the employer’s default language, then English, then the first text', () => {
    expect(localizeTexts(config, 'ja-JP', 'fr-CA').searchOptionsMap.department.displayName).toBe('Équipe');
    expect(localizeTexts(config, 'ja-JP', 'ko-KR').searchOptionsMap.department.displayName).toBe('Team');
    expect(localizeTexts({ title: { 'fr-CA': 'Titre', 'de-DE': 'Titel' } }, 'ja-JP', 'en').title).toBe('Titre');
    expect(localizeTexts({ title: { 'en-US': 'Title' } }, 'fr-CA', 'en').title).toBe('Title');
  });

  it('leaves the value it reads unchanged', () => {
    const copy = JSON.parse(JSON.stringify(config)) as typeof config;
    localizeTexts(config, 'fr-CA', 'en');
    expect(config).toEqual(copy);
  });

  it('takes only objects of shipped tags and texts as language maps', () => {
    expect(isLanguageMap({ en: 'a', 'fr-CA': 'b' })).toBe(true);
    expect(isLanguageMap({ fr: 'a' })).toBe(false);
    expect(isLanguageMap({ en: 'a', department: 'b' })).toBe(false);
    expect(isLanguageMap({ en: 1 })).toBe(false);
    expect(isLanguageMap({})).toBe(false);
    expect(isLanguageMap(['en'])).toBe(false);
    expect(isLanguageMap('en')).toBe(false);
    // A label map whose values are not language tags stays what it is.
    expect(localizeTexts({ labelMap: { true: 'Remote', false: 'On-site' } }, 'fr-CA', 'en')).toEqual({
      labelMap: { true: 'Remote', false: 'On-site' },
    });
  });

  it('names the languages a value gives texts in', () => {
    expect(mapLanguages(config).sort()).toEqual(['de-DE', 'en', 'fr-CA']);
    expect(mapLanguages({ title: 'One language' })).toEqual([]);
  });
});
