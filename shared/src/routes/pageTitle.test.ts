import { initI18n } from '../i18n/i18n';
import { pageTitle, seoTitleFor } from './pageTitle';

describe('pageTitle', () => {
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

describe('seoTitleFor', () => {
  it("reads the spec's seoConfig.pagesMetadata first, then the older seo, for every widget's page title", () => {
    const both = {
      seoConfig: { pagesMetadata: { jobs: { title: 'Robotics jobs at Acme' } } },
      seo: { jobs: { title: 'Older jobs title' }, offers: { title: 'Your offers at Acme' } },
    };
    expect(seoTitleFor(both, 'jobs')).toBe('Robotics jobs at Acme');
    expect(seoTitleFor(both, 'offers')).toBe('Your offers at Acme');
    expect(seoTitleFor(both, 'dashboard')).toBeNull();
    expect(seoTitleFor(null, 'jobs')).toBeNull();
  });
});
