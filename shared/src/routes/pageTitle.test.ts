import { initI18n } from '../i18n/i18n';
import { pageTitle } from './pageTitle';

describe('pageTitle (spec 000 §2)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('prefers the SEO title, then the query at the location, then position | company, then Careers at company', () => {
    expect(pageTitle({ seoTitle: 'Jobs at Acme', query: 'nurse', company: 'Acme' })).toBe('Jobs at Acme');
    expect(pageTitle({ query: ' nurse ', location: 'Boston', positionName: 'X', company: 'Acme' })).toBe(
      'nurse at Boston',
    );
    expect(pageTitle({ query: 'nurse', company: 'Acme' })).toBe('nurse');
    expect(pageTitle({ positionName: 'Senior Nurse', company: 'Acme' })).toBe('Senior Nurse | Acme');
    expect(pageTitle({ company: 'Acme & Sons' })).toBe('Careers at Acme & Sons');
    expect(pageTitle({})).toBe('');
  });
});
