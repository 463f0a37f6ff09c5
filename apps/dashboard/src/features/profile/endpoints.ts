import { api, profileAnalysisCall, profileDetailsCall, profileSaved } from '@careers/shared';
import type {
  ProfileAnalysisResponse,
  ProfileDetails,
  ProfileDetailsResponse,
  ProfileOperation,
  ProfileSection,
  UploadResumeResponse,
} from '@careers/shared/contract';

type ProfileAnalysis = ProfileAnalysisResponse['data'];
export type UploadResumeResult = UploadResumeResponse['data'];

/** Paths of the profile calls (docs/product/profile-and-resume.md#calls), for tests. */
export const PROFILE_URLS = {
  details: profileDetailsCall('').url,
  analysis: profileAnalysisCall('', '').url,
  edit: '/api/pcsx/profile_edit',
  uploadResume: '/api/pcsx/upload_resume',
} as const;

interface ProfileArgs {
  domain: string;
}

interface ProfileAnalysisArgs extends ProfileArgs {
  /** Language of the missing items' labels. */
  hl: string;
}

interface ProfileEditArgs extends ProfileArgs {
  section: ProfileSection;
  operation: ProfileOperation;
  value?: unknown;
  index?: number;
}

interface UploadResumeArgs extends ProfileArgs {
  fileName: string;
  /** The file as a `data:` URL. */
  content: string;
}

/**
 * The profile calls. Every one is `silent` (no page-wide toast): the page shows its own states and messages.
 *
 * Tags: the details and the analysis provide `Profile` (cross-widget: onboarding and the match details of the
 * search widget use it too); an edit invalidates it. A resume upload also changes what search and the position
 * pages show (the candidate's skills and location): it invalidates `Search` and `Position` of the search widget
 * as well, so the results and an open position are read again, and `Profile` reloads the match details.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    profileDetails: build.query<ProfileDetails, ProfileArgs>({
      // The same call as the page server answers in the page (shared/src/contract/first-screen.ts).
      query: ({ domain }) => ({ ...profileDetailsCall(domain), silent: true }),
      transformResponse: (response: ProfileDetailsResponse) => response.data,
      providesTags: ['Profile'],
    }),

    profileAnalysis: build.query<ProfileAnalysis, ProfileAnalysisArgs>({
      query: ({ domain, hl }) => ({ ...profileAnalysisCall(domain, hl), silent: true }),
      transformResponse: (response: ProfileAnalysisResponse) => response.data,
      providesTags: ['Profile'],
      // The shared store's `profileCompletionData` (docs/product/profile-and-resume.md#completion) follows every
      // answer, so any widget reads the completion as the profile page last saw it (edits invalidate `Profile`, and the
      // analysis is read again).
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(profileSaved({ profileCompletionData: data }));
        } catch {
          // A failed analysis leaves the store as it was: the page shows its own state.
        }
      },
    }),

    editProfile: build.mutation<ProfileDetails, ProfileEditArgs>({
      query: ({ domain, section, operation, value, index }) => ({
        url: PROFILE_URLS.edit,
        method: 'POST',
        body: {
          domain,
          op_section: section,
          operation,
          op_data: { ...(value === undefined ? {} : { value }), ...(index === undefined ? {} : { index }) },
        },
        silent: true,
      }),
      transformResponse: (response: ProfileDetailsResponse) => response.data,
      invalidatesTags: (_result, error) => (error ? [] : ['Profile']),
    }),

    uploadResume: build.mutation<UploadResumeResult, UploadResumeArgs>({
      query: ({ domain, fileName, content }) => {
        const body = new FormData();
        body.append('resume_file_name', fileName);
        body.append('resume_content', content);
        body.append('domain', domain);
        return { url: PROFILE_URLS.uploadResume, method: 'POST', body, silent: true };
      },
      transformResponse: (response: UploadResumeResponse) => response.data,
      invalidatesTags: (_result, error) => (error ? [] : ['Profile', 'Search', 'Position']),
    }),
  }),
});

export const { useProfileDetailsQuery, useProfileAnalysisQuery, useEditProfileMutation, useUploadResumeMutation } =
  profileApi;
