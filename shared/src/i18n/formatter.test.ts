import i18next from 'i18next';
import { isolatingFormatter } from './formatter';

async function instance(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.use(isolatingFormatter).init({
    lng,
    resources: {
      [lng]: {
        translation: {
          added: '«{{title}}» ← {{company}}',
          count_one: '{{count, number}} job',
          count_other: '{{count, number}} jobs',
          page: 'Page {{number}}',
          missing: 'Hello {{name}}',
        },
      },
    },
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  return i18n;
}

describe('the widgets’ formatter', () => {
  it('isolates each text put into a right-to-left sentence, so "C++ (Toronto)" keeps its order', async () => {
    const { t } = await instance('ar-SA');
    expect(t('added', { title: 'Robotics Engineer (Toronto)', company: 'C++ Ltd' })).toBe(
      '«\u2068Robotics Engineer (Toronto)\u2069» ← \u2068C++ Ltd\u2069',
    );
    // Numbers are not isolated: their digits follow the sentence.
    expect(t('page', { number: 3 })).toBe('Page 3');
  });

  it('leaves left-to-right sentences as they are', async () => {
    const { t } = await instance('fr-CA');
    expect(t('added', { title: 'Ingénieur (Toronto)', company: 'Acme' })).toBe('«Ingénieur (Toronto)» ← Acme');
  });

  it('writes `number` for the language through Intl, and keeps a missing variable missing', async () => {
    const { t: de } = await instance('de-DE');
    expect(de('count', { count: 1234 })).toBe('1.234 jobs');
    expect(de('count', { count: 1 })).toBe('1 job');
    expect(de('missing')).toBe('Hello {{name}}');
    const { t: ar } = await instance('ar-SA');
    // 1,000 is Arabic's "other" plural form.
    expect(ar('count', { count: 1000 })).toBe(`${new Intl.NumberFormat('ar-SA').format(1000)} jobs`);
  });
});
