/** The test candidate's profile (Casey), as `profile_details` answers it, shared by the profile and resume tests. */
import type { ProfileDetails } from '@careers/shared/contract';

export function testProfile(overrides: Partial<ProfileDetails> = {}): ProfileDetails {
  return {
    basic_info: {
      firstname: 'Casey',
      lastname: 'Candidate',
      fullname: 'Casey Candidate',
      headline: 'Platform engineer',
      location: 'Toronto, ON',
      avatar: null,
    },
    contact: { email: 'candidate@example.com', phone: '' },
    summary: 'Builds reliable systems.',
    experience: [
      { title: 'Site reliability engineer', company: 'Northwind', startDate: '2021-03', endDate: null },
      { title: 'Developer', company: 'Contoso', startDate: '2018-01', endDate: '2021-02' },
    ],
    education: [],
    skills: ['TypeScript'],
    languages: [{ language: 'English', proficiency: 'native' }],
    links: [],
    resumes: [],
    ...overrides,
  };
}
