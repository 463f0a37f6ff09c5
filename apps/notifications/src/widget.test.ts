import { i18n, initI18n } from '@careers/shared';
import { baseLocaleKeys as baseKeys, localeKeys as keys, type LocaleTree as Tree } from '@careers/shared/testing';
import en from './locales/en.json';
import frCA from './locales/fr-CA.json';
import { bootstrap, mount, NAMESPACE, prepare, unmount } from './widget';

describe('notifications widget', () => {
  it('exports single-spa lifecycles', () => {
    expect(typeof bootstrap).toBe('function');
    expect(typeof mount).toBe('function');
    expect(typeof unmount).toBe('function');
  });

  it('registers its namespace with the English texts and loads Canadian French on demand', async () => {
    // defineWidget's bootstrap starts i18n before `prepare` runs.
    await initI18n('en');
    await prepare();
    expect(i18n.getFixedT('en', NAMESPACE)('empty.title')).toBe("You're all caught up!");
    await i18n.changeLanguage('fr-CA');
    await i18n.loadNamespaces(NAMESPACE);
    expect(i18n.getFixedT('fr-CA', NAMESPACE)('empty.title')).toBe('Vous êtes à jour!');
    expect(i18n.getFixedT('fr-CA', NAMESPACE)('bell.labelUnread', { count: 2 })).toBe('Notifications, 2 non lues');
    expect(i18n.getFixedT('fr-CA', NAMESPACE)('bell.labelUnread', { count: 1 })).toBe('Notifications, 1 non lue');
    await i18n.changeLanguage('en');
  });

  it('has a French text for every English text', () => {
    expect(baseKeys(frCA as Tree)).toEqual(baseKeys(en as Tree));
    for (const key of keys(frCA as Tree)) expect(key).toBeTruthy();
  });
});
