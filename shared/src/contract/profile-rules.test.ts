import type { ProfileOwnConfig } from './profile';
import {
  allowedResumeTypes,
  isProfileFieldShown,
  PROFILE_CONFIG_SECTIONS,
  PROFILE_OPTIONAL_FIELDS,
  shownProfileSections,
} from './profile-rules';

/** The employer's profile rules, as the server and the dashboard's profile page both apply them. */
describe('the profile configuration rules', () => {
  it('shows every section in the default order, unless the employer names the ones shown', () => {
    expect(shownProfileSections(undefined)).toEqual([...PROFILE_CONFIG_SECTIONS]);
    expect(shownProfileSections({})).toEqual([...PROFILE_CONFIG_SECTIONS]);
    expect(shownProfileSections({ sections: ['resumes', 'summary'] })).toEqual(['summary', 'resumes']);
  });

  it('puts the sections of orderOfSections first (only those shown), the others after in the default order', () => {
    expect(shownProfileSections({ orderOfSections: ['skills', 'links'] })).toEqual([
      'skills',
      'links',
      'contact',
      'summary',
      'experience',
      'education',
      'languages',
      'resumes',
    ]);
    const own: ProfileOwnConfig = {
      sections: ['summary', 'experience', 'skills'],
      orderOfSections: ['skills', 'links', 'experience'],
    };
    expect(shownProfileSections(own)).toEqual(['skills', 'experience', 'summary']);
  });

  it('shows a required field always, an optional one when its section does not restrict it or lists it', () => {
    const own: ProfileOwnConfig = { fields: { basic_info: [], experience: ['description'] } };
    for (const [section, fields] of Object.entries(PROFILE_OPTIONAL_FIELDS)) {
      for (const field of fields) {
        expect(isProfileFieldShown(undefined, section, field)).toBe(true);
        expect(isProfileFieldShown({}, section, field)).toBe(true);
      }
      expect(isProfileFieldShown(own, section, 'firstname')).toBe(true);
      expect(isProfileFieldShown(own, section, 'title')).toBe(true);
    }
    expect(isProfileFieldShown(own, 'basic_info', 'headline')).toBe(false);
    expect(isProfileFieldShown(own, 'basic_info', 'location')).toBe(false);
    expect(isProfileFieldShown(own, 'experience', 'description')).toBe(true);
    expect(isProfileFieldShown(own, 'experience', 'endDate')).toBe(false);
    expect(isProfileFieldShown(own, 'education', 'degree')).toBe(true);
    expect(isProfileFieldShown(own, 'contact', 'phone')).toBe(true);
  });

  it('accepts every readable resume type unless the employer names some, in the page’s order', () => {
    expect(allowedResumeTypes(undefined)).toEqual(['pdf', 'docx']);
    expect(allowedResumeTypes({})).toEqual(['pdf', 'docx']);
    expect(allowedResumeTypes({ resume: {} })).toEqual(['pdf', 'docx']);
    expect(allowedResumeTypes({ resume: { allowedFileTypes: ['docx'] } })).toEqual(['docx']);
    expect(allowedResumeTypes({ resume: { allowedFileTypes: ['docx', 'pdf'] } })).toEqual(['pdf', 'docx']);
  });
});
