import { api } from '@careers/shared';
import type {
  AssignedForm,
  CandidateFormResponse,
  FormDefinition,
  FormValues,
  FormsCentreTabId,
  FormsListResponse,
  SaveCandidateFormResponse,
} from '@careers/shared/contract';

/** One tab of the centre as forms_list answers it (with the tab list). */
type FormsList = FormsListResponse['data'];

/** The answer of GET /api/pcsx/form, its form typed as the renderer takes it (the wire schema's types are strings). */
export type CandidateForm = Omit<CandidateFormResponse['data'], 'form'> & { form: FormDefinition };

interface ListArgs {
  tab: FormsCentreTabId;
  /** Employer domain (the page's group id). */
  domain: string;
  /** The page language (the tabs' labels). */
  hl: string;
}

interface FormArgs {
  /** The assignment's id (the address's `:formId`). */
  formId: number;
  domain: string;
  /** The page language (the form's texts). */
  hl: string;
}

interface SaveArgs extends FormArgs {
  values: FormValues;
  /** false: keep the answers (in progress); true: check them and complete the form. */
  submit: boolean;
}

/**
 * The forms centre (`/careers/forms/center`, `/careers/forms/:formId`, `forms_list`;
 * docs/product/apply-and-drafts.md#forms-centre): the forms the employer assigned to the signed-in candidate, one of
 * them, and saving or submitting its answers. The pages show failures themselves (silent). Saving updates the cached
 * form and the list; a submit (the form is then completed and read-only) reads both again.
 */
const centreApi = api.enhanceEndpoints({ addTagTypes: ['FormsList', 'CandidateForm'] }).injectEndpoints({
  endpoints: (build) => ({
    formsList: build.query<FormsList, ListArgs>({
      query: ({ tab, domain, hl }) => ({
        url: '/api/pcsx/forms_list',
        params: { tab_id: tab, include_tab_list: 'true', domain, hl },
        silent: true,
      }),
      transformResponse: (response: FormsListResponse) => response.data,
      providesTags: ['FormsList'],
    }),
    candidateForm: build.query<CandidateForm, FormArgs>({
      query: ({ formId, domain, hl }) => ({
        url: '/api/pcsx/form',
        params: { form_id: String(formId), domain, hl },
        silent: true,
      }),
      transformResponse: (response: CandidateFormResponse) => response.data as CandidateForm,
      providesTags: (_result, _error, { formId }) => [{ type: 'CandidateForm', id: formId }],
    }),
    saveCandidateForm: build.mutation<AssignedForm, SaveArgs>({
      query: ({ formId, domain, hl, values, submit }) => ({
        url: '/api/pcsx/form',
        method: 'POST',
        params: { domain, hl },
        body: { domain, form_id: formId, values, submit },
        silent: true,
      }),
      transformResponse: (response: SaveCandidateFormResponse) => response.data,
      // Saved progress: the cached form keeps the answers (coming back to it shows them) without a new read.
      async onQueryStarted({ formId, domain, hl, values, submit }, { dispatch, queryFulfilled }) {
        if (submit) return;
        try {
          const { data: assignment } = await queryFulfilled;
          dispatch(
            centreApi.util.updateQueryData('candidateForm', { formId, domain, hl }, (draft) => {
              draft.values = values;
              draft.status = assignment.status;
              draft.assignment = assignment;
            }),
          );
        } catch {
          // The page shows the failure.
        }
      },
      invalidatesTags: (_result, error, { formId, submit }) => {
        if (error) return error.status === 409 ? [{ type: 'CandidateForm', id: formId }, 'FormsList'] : [];
        return submit ? [{ type: 'CandidateForm', id: formId }, 'FormsList'] : ['FormsList'];
      },
    }),
  }),
});

export const { useFormsListQuery, useCandidateFormQuery, useSaveCandidateFormMutation } = centreApi;
