import { api, apiHref } from '@careers/shared';
import type {
  CandidateSettings,
  DeleteAccountResponse,
  EmailChangeBody,
  MailSentResponse,
  SettingsResponse,
  UpdateSettingsBody,
} from '@careers/shared/contract';

/** Paths of the settings calls, for tests and links. */
export const SETTINGS_URLS = {
  settings: '/api/pcsx/settings',
  myData: '/api/pcsx/my_data',
  deleteAccount: '/api/pcsx/delete_account',
  exportResume: '/api/pcsx/export_resume',
  changeEmail: '/api/auth/email',
} as const;

/** A download address of the candidate's own data (cookies go with a same-site link). */
export function downloadUrl(
  path: (typeof SETTINGS_URLS)['myData' | 'exportResume'],
  params: Record<string, string>,
): string {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== '')).toString();
  return apiHref(query ? `${path}?${query}` : path);
}

interface SettingsArgs {
  domain: string;
  hl: string;
}

/**
 * The settings calls, all `silent` (the page shows its own messages). The settings provide `Settings`; saving
 * shows the switches' new state at once and puts the answered settings in the cache (a failure puts them back).
 * The resume preview reads the profile with the profile page's own call (../profile/endpoints `profileDetails`):
 * one cache entry for the candidate's profile, which the profile page's edits keep current.
 */
const settingsApi = api.enhanceEndpoints({ addTagTypes: ['Settings'] }).injectEndpoints({
  endpoints: (build) => ({
    candidateSettings: build.query<CandidateSettings, SettingsArgs>({
      query: ({ domain, hl }) => ({ url: SETTINGS_URLS.settings, params: { domain, hl }, silent: true }),
      transformResponse: (response: SettingsResponse) => response.data,
      providesTags: ['Settings'],
    }),

    updateSettings: build.mutation<CandidateSettings, UpdateSettingsBody & { domain: string; hl: string }>({
      query: ({ hl: _hl, ...body }) => ({ url: SETTINGS_URLS.settings, method: 'POST', body, silent: true }),
      transformResponse: (response: SettingsResponse) => response.data,
      async onQueryStarted({ domain, hl, savedSearchAlerts, savedSearches }, { dispatch, queryFulfilled }) {
        // The switches move at once (a checkbox follows its click); a failed save puts them back.
        const patch = dispatch(
          settingsApi.util.updateQueryData('candidateSettings', { domain, hl }, (draft) => {
            if (savedSearchAlerts !== undefined) draft.savedSearchAlerts = savedSearchAlerts;
            for (const change of savedSearches ?? []) {
              const search = draft.savedSearches.find((entry) => entry.id === change.id);
              if (search) search.alerts = change.alerts;
            }
          }),
        );
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(settingsApi.util.upsertQueryData('candidateSettings', { domain, hl }, data));
        else patch.undo();
      },
    }),

    deleteAccount: build.mutation<DeleteAccountResponse['data'], { domain: string; confirm: string }>({
      query: (body) => ({ url: SETTINGS_URLS.deleteAccount, method: 'POST', body, silent: true }),
      transformResponse: (response: DeleteAccountResponse) => response.data,
    }),

    // The body is exactly `{ email, password }` (the server takes nothing else); the employer and the language of
    // the mail go in the query. 202: a link went to the new address; the email changes only when it is followed.
    changeEmail: build.mutation<MailSentResponse['data'], EmailChangeBody & SettingsArgs>({
      query: ({ domain, hl, ...body }) => ({
        url: SETTINGS_URLS.changeEmail,
        method: 'POST',
        params: { domain, hl },
        body,
        silent: true,
      }),
      transformResponse: (response: MailSentResponse) => response.data,
    }),
  }),
});

export const {
  useCandidateSettingsQuery,
  useUpdateSettingsMutation,
  useDeleteAccountMutation,
  useChangeEmailMutation,
} = settingsApi;
