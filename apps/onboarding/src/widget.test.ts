import { i18n, initI18n } from '@careers/shared';
import { localeEntries as entries, localeKeys as keys, type LocaleTree as Tree } from '@careers/shared/testing';
import en from './locales/en.json';
import frCA from './locales/fr-CA.json';
import { bootstrap, mount, NAMESPACE, prepare, unmount } from './widget';

const placeholders = (text: string) => (text.match(/{{\s*\w+\s*}}/g) ?? []).sort();

describe('onboarding widget', () => {
  it('exports single-spa lifecycles', () => {
    expect(typeof bootstrap).toBe('function');
    expect(typeof mount).toBe('function');
    expect(typeof unmount).toBe('function');
  });

  it('registers its namespace with the English texts and loads Canadian French on demand', async () => {
    await initI18n('en');
    await prepare();
    expect(i18n.getFixedT('en', NAMESPACE)('terms.heading')).toBe('Terms of service');
    await i18n.changeLanguage('fr-CA');
    await i18n.loadNamespaces(NAMESPACE);
    const fr = i18n.getFixedT('fr-CA', NAMESPACE);
    expect(fr('terms.accept')).toBe('Accepter');
    expect(fr('bootstrap.errors.locationTooLong', { max: 200 })).toBe('Le lieu doit compter au plus 200 caractères.');
    await i18n.changeLanguage('en');
  });

  it('has a French text for every English text, with the same placeholders', () => {
    expect(keys(frCA as Tree).sort()).toEqual(keys(en as Tree).sort());
    const french = new Map(entries(frCA as Tree));
    for (const [key, english] of entries(en as Tree)) {
      const text = french.get(key);
      expect(text?.trim()).toBeTruthy();
      expect(placeholders(text ?? '')).toEqual(placeholders(english));
    }
  });
});
