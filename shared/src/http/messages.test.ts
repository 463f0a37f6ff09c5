import en from '../i18n/locales/en.json';
import frCA from '../i18n/locales/fr-CA.json';
import { httpMessages, type HttpMessageKey } from './messages';

const text = (resources: { http: Record<string, string> }, key: HttpMessageKey) =>
  resources.http[key.replace(/^http\./, '')];

describe('the HTTP layer’s texts go through i18next', () => {
  it('every English source text is the `common` namespace’s English text', () => {
    for (const [key, english] of Object.entries(httpMessages) as [HttpMessageKey, string][])
      expect(text(en, key)).toBe(english);
  });

  it('every text has a French (fr-CA) translation', () => {
    for (const key of Object.keys(httpMessages) as HttpMessageKey[]) {
      expect(text(frCA, key)).toEqual(expect.any(String));
      expect(text(frCA, key)).not.toBe(text(en, key));
    }
  });

  it('has the product’s failure texts (docs/product/errors-and-limits.md#request-texts)', () => {
    expect(httpMessages).toMatchObject({
      'http.apiError': 'Error in api response',
      'http.responseError': 'Error with response',
      'http.unexpected': 'Unexpected error occurred.',
      'http.fetchFailed': 'Failed to fetch data',
    });
    expect(text(frCA, 'http.fetchFailed')).toBe('Échec de la récupération des données');
  });
});
