import { api, type HttpQueryError } from '@careers/shared';
import type {
  ApplyFormResponse,
  ApplyResponse,
  FormDefinition,
  FormValues,
  SaveDraftResponse,
} from '@careers/shared/contract';

/** The answer of apply_form, its form typed as the renderer takes it (the wire schema's item types are strings). */
export type ApplyForm = Omit<ApplyFormResponse['data'], 'form'> & { form: FormDefinition };
export type ApplyResult = ApplyResponse['data'];
type SavedDraft = SaveDraftResponse['data'];

/** A failed apply: the shared layer's error (a 400 `form_invalid` carries the messages by field in `errors`). */
export type ApplyError = HttpQueryError;

interface ApplyFormArgs {
  /** Employer domain (the page's group id). */
  domain: string;
  /** Position ids as the address gives them, comma-joined. */
  pid: string;
  /** The page language (the form's texts and messages). */
  hl: string;
}

interface SubmitArgs {
  domain: string;
  positionIds: number[];
  values: FormValues;
  hl: string;
}

/**
 * Tags an application changes: the form of its positions (now applied), the bell (the server adds an "application
 * submitted" notification: its unread badge and its list), and what the dashboard reads (applications, drafts).
 */
const applied = ['ApplyForm', 'NotificationBadge', 'Notifications', 'Applications', 'DraftApplications'] as const;

/**
 * Applying (docs/product/apply-and-drafts.md#submitting): GET /api/pcsx/apply_form, POST /api/pcsx/apply and
 * the signed-in candidate's draft (POST /api/pcsx/draft_applications). The page shows their failures itself
 * (silent); a refused application's messages by field come in the error's `errors`.
 */
const applyApi = api.injectEndpoints({
  endpoints: (build) => ({
    applyForm: build.query<ApplyForm, ApplyFormArgs>({
      query: ({ domain, pid, hl }) => ({ url: '/api/pcsx/apply_form', params: { pid, domain, hl }, silent: true }),
      transformResponse: (response: ApplyFormResponse) => response.data as ApplyForm,
      providesTags: (_result, _error, { pid }) => [{ type: 'ApplyForm', id: pid }, 'ApplyForm'],
    }),
    apply: build.mutation<ApplyResult, SubmitArgs>({
      query: ({ domain, positionIds, values, hl }) => ({
        url: '/api/pcsx/apply',
        method: 'POST',
        params: { hl },
        body: { domain, position_ids: positionIds, values },
        silent: true,
      }),
      transformResponse: (response: ApplyResponse) => response.data,
      invalidatesTags: (_result, error) => (error ? [] : [...applied]),
    }),
    saveDraft: build.mutation<SavedDraft, SubmitArgs>({
      query: ({ domain, positionIds, values, hl }) => ({
        url: '/api/pcsx/draft_applications',
        method: 'POST',
        params: { domain, hl },
        body: { domain, position_ids: positionIds, values },
        silent: true,
      }),
      transformResponse: (response: SaveDraftResponse) => response.data,
      invalidatesTags: (_result, error) => (error ? [] : ['DraftApplications']),
    }),
  }),
});

export const { useApplyFormQuery, useApplyMutation, useSaveDraftMutation } = applyApi;
