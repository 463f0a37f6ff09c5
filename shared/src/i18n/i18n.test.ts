import enCommon from './locales/en.json';
import frCommon from './locales/fr-CA.json';

type I18nModule = typeof import('./i18n');

let mod: I18nModule;
let frenchCommonLoads: number;

beforeEach(() => {
  jest.resetModules();
  frenchCommonLoads = 0;
  // Counts when the French common texts are actually loaded (the real file, through the module registry).
  jest.doMock('./locales/fr-CA.json', () => {
    frenchCommonLoads += 1;
    return jest.requireActual('./locales/fr-CA.json');
  });
  mod = require('./i18n') as I18nModule;
});

afterEach(() => {
  jest.dontMock('./locales/fr-CA.json');
});

const offersEn = { title: 'Offers', empty: 'No offers found.' };
const offersFr = { title: 'Offres' };

describe('initI18n', () => {
  it('starts in English with the bundled common texts', async () => {
    await mod.initI18n();
    expect(mod.i18n.language).toBe('en');
    expect(mod.i18n.t('common:widget.unavailable')).toBe(
      'This section is unavailable right now. Please try again later.',
    );
    expect(mod.i18n.t('widget.failed')).toBe(enCommon.widget.failed);
    expect(frenchCommonLoads).toBe(0);
  });

  it('loads the French common texts only when the page is French', async () => {
    expect(frenchCommonLoads).toBe(0);
    await mod.initI18n('fr-CA', ['en', 'fr-CA']);
    expect(frenchCommonLoads).toBe(1);
    expect(mod.i18n.language).toBe('fr-CA');
    expect(mod.i18n.t('common:widget.unavailable')).toBe(frCommon.widget.unavailable);
    expect(mod.i18n.t('common:widget.unavailable')).not.toBe(enCommon.widget.unavailable);
  });

  it('keeps English loaded as the fallback of a French page', async () => {
    await mod.initI18n('fr-CA');
    expect(mod.i18n.getResource('en', 'common', 'widget.failed')).toBe(enCommon.widget.failed);
    mod.i18n.addResource('en', 'common', 'onlyInEnglish', 'English only');
    expect(mod.i18n.t('common:onlyInEnglish')).toBe('English only');
  });

  it.each([['de'], ['xx-YY'], ['fa'], ['']])(
    'falls back to English for a language the page does not offer %j',
    async (language) => {
      await mod.initI18n(language, ['en', 'fr-CA']);
      expect(mod.i18n.language).toBe('en');
      expect(mod.i18n.t('common:dialog.close')).toBe('Close');
      expect(frenchCommonLoads).toBe(0);
    },
  );

  it('uses English when the page does not list the shipped locale as supported', async () => {
    await mod.initI18n('fr-CA', ['en']);
    expect(mod.i18n.language).toBe('en');
    expect(mod.i18n.t('common:dialog.close')).toBe('Close');
    expect(frenchCommonLoads).toBe(0);
  });

  it('starts once: later calls return the same start and change nothing', async () => {
    const first = mod.initI18n('fr-CA');
    const second = mod.initI18n('en');
    expect(second).toBe(first);
    await second;
    expect(mod.i18n.language).toBe('fr-CA');
  });

  it('reads English for a language the employer does not offer', async () => {
    await mod.initI18n('de-DE', ['en', 'fr-CA']);
    expect(mod.SOURCE_LANGUAGE).toBe('en');
    expect(mod.i18n.language).toBe('en');
  });
});

describe('registerNamespace', () => {
  it('adds the English texts and does not call the loader for English', async () => {
    await mod.initI18n('en');
    const load = jest.fn(async () => ({ default: offersFr }));
    await mod.registerNamespace('offers', offersEn, load);
    expect(mod.i18n.t('offers:title')).toBe('Offers');
    expect(mod.i18n.t('offers:empty')).toBe('No offers found.');
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the page language through the loader, with English for missing keys', async () => {
    await mod.initI18n('fr-CA');
    const load = jest.fn(async () => ({ default: offersFr }));
    await mod.registerNamespace('offers', offersEn, load);
    expect(load).toHaveBeenCalledWith('fr-CA');
    expect(load).not.toHaveBeenCalledWith('en');
    expect(mod.i18n.t('offers:title')).toBe('Offres');
    expect(mod.i18n.t('offers:empty')).toBe('No offers found.');
  });

  it('accepts a loader that returns the texts without a default export', async () => {
    await mod.initI18n('fr-CA');
    await mod.registerNamespace('offers', offersEn, async () => offersFr);
    expect(mod.i18n.t('offers:title')).toBe('Offres');
  });

  it('keeps the English texts when the other locale fails to load', async () => {
    await mod.initI18n('fr-CA');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await mod.registerNamespace('offers', offersEn, async () => {
      throw new Error('chunk failed');
    });
    expect(mod.i18n.t('offers:title')).toBe('Offers');
    jest.restoreAllMocks();
  });

  it('starts i18n in English when called first', async () => {
    const load = jest.fn(async () => offersFr);
    await mod.registerNamespace('offers', offersEn, load);
    expect(mod.i18n.isInitialized).toBe(true);
    expect(mod.i18n.language).toBe('en');
    expect(mod.i18n.t('offers:title')).toBe('Offers');
    expect(mod.i18n.t('common:dialog.close')).toBe('Close');
  });
});
