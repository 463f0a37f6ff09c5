// The contract's rules themselves, to compare with: a test only, never in a bundle (which takes types only).
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import * as contract from '@careers/shared/contract';
import type { ProfileOwnConfig } from '@careers/shared/contract';
import { allowedResumeTypes, isProfileFieldShown, PROFILE_PAGE_SECTIONS, shownProfileSections } from './config';

/** The page's copy of the profile configuration rules answers as the contract's (which the server uses). */
describe('the profile configuration rules', () => {
  const owns: Array<ProfileOwnConfig | undefined> = [
    undefined,
    {},
    { sections: ['resumes', 'summary'] },
    { orderOfSections: ['skills', 'links'] },
    { sections: ['summary', 'experience', 'skills'], orderOfSections: ['skills', 'links', 'experience'] },
    { fields: { basic_info: [], experience: ['description'] } },
  ];

  it('lists the same sections as the contract', () => {
    expect(PROFILE_PAGE_SECTIONS).toEqual(contract.PROFILE_CONFIG_SECTIONS);
  });

  it.each(owns.map((own) => [JSON.stringify(own), own]))('shows the same sections and fields for %s', (_, own) => {
    expect(shownProfileSections(own)).toEqual(contract.shownProfileSections(own));
    for (const [section, fields] of Object.entries(contract.PROFILE_OPTIONAL_FIELDS)) {
      for (const field of [...fields, 'firstname', 'title']) {
        expect([section, field, isProfileFieldShown(own, section, field)]).toEqual([
          section,
          field,
          contract.isProfileFieldShown(own, section, field),
        ]);
      }
    }
  });

  it('accepts the same resume types', () => {
    for (const config of [undefined, {}, { resume: {} }, { resume: { allowedFileTypes: ['docx' as const] } }]) {
      expect(allowedResumeTypes(config)).toEqual(contract.allowedResumeTypes(config));
    }
    expect(allowedResumeTypes({ resume: { allowedFileTypes: ['docx', 'pdf'] } })).toEqual(['pdf', 'docx']);
  });
});
