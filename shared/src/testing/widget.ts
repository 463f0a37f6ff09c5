/**
 * The tests every widget's `widget.tsx` has, written once: its single-spa lifecycles, its texts registered with
 * English bundled and Canadian French downloaded on demand, and a French text for every English one with the same
 * placeholders (plural forms may differ by language).
 */
import { i18n, initI18n, type Widget } from '@careers/shared';
import { localeEntries, type LocaleTree } from './locales';

/** A text to check in both languages: key, interpolation options, English, French. */
export type SampleText = [key: string, options: Record<string, unknown> | undefined, en: string, fr: string];

export interface WidgetTexts {
  namespace: string;
  en: LocaleTree;
  fr: LocaleTree;
  samples: SampleText[];
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => (text.match(/{{\s*\w+\s*}}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

export function describeWidget(name: string, widget: Widget, { namespace, en, fr, samples }: WidgetTexts): void {
  describe(`${name} widget`, () => {
    it('exports single-spa lifecycles', () => {
      expect([typeof widget.bootstrap, typeof widget.mount, typeof widget.unmount]).toEqual([
        'function',
        'function',
        'function',
      ]);
    });

    it('registers its English texts and loads Canadian French on demand', async () => {
      // defineWidget's bootstrap starts i18n before `prepare` runs.
      await initI18n('en');
      await widget.prepare();
      for (const [key, options, english] of samples)
        expect(i18n.getFixedT('en', namespace)(key, options)).toBe(english);
      await i18n.changeLanguage('fr-CA');
      await i18n.loadNamespaces(namespace);
      for (const [key, options, , french] of samples)
        expect(i18n.getFixedT('fr-CA', namespace)(key, options)).toBe(french);
      await i18n.changeLanguage('en');
    });

    it('has a French text for every English text, with the same placeholders', () => {
      const english = new Map(localeEntries(en));
      const french = new Map(localeEntries(fr));
      const base = (keys: Iterable<string>) => [...new Set([...keys].map((k) => k.replace(PLURAL, '')))].sort();
      expect(base(french.keys())).toEqual(base(english.keys()));
      for (const [key, text] of french) {
        expect([key, text.trim() !== '']).toEqual([key, true]);
        const source = english.get(key) ?? english.get(`${key.replace(PLURAL, '')}_other`) ?? '';
        expect([key, placeholders(text)]).toEqual([key, placeholders(source)]);
      }
    });
  });
}
