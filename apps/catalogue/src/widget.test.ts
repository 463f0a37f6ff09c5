import { i18n, initI18n } from '@careers/shared';
import en from './locales/en.json';
import frCA from './locales/fr-CA.json';
import { baseLocaleKeys, localeValues, type LocaleTree } from '@careers/shared/testing';
import { bootstrap, mount, NAMESPACE, prepare, unmount } from './widget';

describe('catalogue widget', () => {
  it('exports single-spa lifecycles', () => {
    expect([typeof bootstrap, typeof mount, typeof unmount]).toEqual(['function', 'function', 'function']);
  });

  it('registers its English texts and loads Canadian French on demand', async () => {
    await initI18n('en');
    await prepare();
    expect(i18n.getFixedT('en', NAMESPACE)('page.title')).toBe(en.page.title);
    await i18n.changeLanguage('fr-CA');
    await i18n.loadNamespaces(NAMESPACE);
    expect(i18n.getFixedT('fr-CA', NAMESPACE)('page.title')).toBe('Catalogue des composants');
    await i18n.changeLanguage('en');
  });

  it('has a French text for every English text', () => {
    expect(baseLocaleKeys(frCA as LocaleTree)).toEqual(baseLocaleKeys(en as LocaleTree));
    expect(localeValues(frCA as LocaleTree).every((v) => v.trim() !== '')).toBe(true);
  });
});
