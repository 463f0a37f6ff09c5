import { i18n, initI18n } from '@careers/shared';
import {
  baseLocaleKeys as baseKeys,
  localeKeys as keys,
  localeValues as values,
  type LocaleTree as Tree,
} from '@careers/shared/testing';
import en from './locales/en.json';
import frCA from './locales/fr-CA.json';
import { bootstrap, mount, NAMESPACE, prepare, unmount } from './widget';

describe('offers widget', () => {
  it('exports single-spa lifecycles', () => {
    expect(typeof bootstrap).toBe('function');
    expect(typeof mount).toBe('function');
    expect(typeof unmount).toBe('function');
  });

  it('registers its namespace and loads Canadian French on demand', async () => {
    await initI18n('en');
    await prepare();
    expect(i18n.getFixedT('en', NAMESPACE)('list.empty')).toBe('No offers found');
    await i18n.changeLanguage('fr-CA');
    await i18n.loadNamespaces(NAMESPACE);
    const fr = i18n.getFixedT('fr-CA', NAMESPACE);
    expect(fr('list.empty')).toBe('Aucune offre trouvée');
    expect(fr('list.expiresIn', { count: 1 })).toBe('Expire dans 1 jour');
    expect(fr('list.expiresIn', { count: 4 })).toBe('Expire dans 4 jours');
    await i18n.changeLanguage('en');
  });

  it('has a Canadian French text for every English text, keeping every placeholder', () => {
    expect(baseKeys(frCA as Tree)).toEqual(baseKeys(en as Tree));
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
    const enTree = en as Tree;
    for (const key of keys(frCA as Tree)) {
      const base = key.replace(/_(one|many|other)$/, '');
      const path = (keys(enTree).includes(key) ? key : `${base}_other`).split('.');
      const enText = path.reduce<Tree | string>(
        (node, part) => (node as Tree)[part] as Tree | string,
        enTree,
      ) as string;
      const frText = key
        .split('.')
        .reduce<Tree | string>((node, part) => (node as Tree)[part] as Tree | string, frCA as Tree) as string;
      expect([key, placeholders(frText)]).toEqual([key, placeholders(enText)]);
    }
    expect(values(frCA as Tree).every((v) => v.trim() !== '')).toBe(true);
  });
});
