import { api } from '@careers/shared';
import type {
  DashboardApplication,
  DashboardApplicationsResponse,
  DashboardEvent,
  DashboardEventsResponse,
  DashboardInterviewsResponse,
  DashboardNudge,
  DashboardNudgesResponse,
  DashboardReferral,
  DashboardReferralsResponse,
  DeleteDraftResponse,
  DraftApplication,
  DraftApplicationsResponse,
  WithdrawApplicationResponse,
} from '@careers/shared/contract';

/** The dashboard's GET calls: the employer's domain and the language of the cards' texts. */
interface DashboardArgs {
  domain: string;
  hl: string;
}

type ApplicationsData = DashboardApplicationsResponse['data'];
type InterviewsData = DashboardInterviewsResponse['data'];

/**
 * What withdrawing an application changes: the applications (every widget reading the `Applications` tag: the
 * apply journey invalidates it too), the referral and nudge that follow it, the apply form of its position.
 */
const applicationChanged = ['Applications', 'DashboardReferrals', 'DashboardNudges', 'ApplyForm'] as const;

/** Addresses the dashboard links to rather than fetches. */
export const DASHBOARD_URLS = {
  /** The applications as a CSV download (docs/product/dashboard.md#applications-csv). */
  applicationsExport: '/api/pcsx/dashboard/applications/export',
} as const;

/**
 * The dashboard's calls (docs/product/dashboard.md): applications, interviews, events, referrals and nudges
 * (`/api/pcsx/dashboard/...`), draft applications (the apply journey's `DraftApplications` tag) and withdrawing an
 * application. The saved positions and the offers list are the shared API layer's (@careers/shared
 * `useSavedPositionsQuery`, `useUnsavePositionMutation`, `useGetOffersQuery`): one cache with the search and
 * offers widgets. Lists fail with a panel message (silent);
 * the mutations say what failed in a toast of their own.
 */
const dashboardApi = api
  .enhanceEndpoints({
    addTagTypes: ['DashboardInterviews', 'DashboardEvents', 'DashboardReferrals', 'DashboardNudges'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      dashboardApplications: build.query<ApplicationsData, DashboardArgs>({
        query: ({ domain, hl }) => ({ url: '/api/pcsx/dashboard/applications', params: { domain, hl }, silent: true }),
        transformResponse: (response: DashboardApplicationsResponse) => response.data,
        providesTags: ['Applications'],
      }),
      dashboardInterviews: build.query<InterviewsData, DashboardArgs>({
        query: ({ domain, hl }) => ({ url: '/api/pcsx/dashboard/interviews', params: { domain, hl }, silent: true }),
        transformResponse: (response: DashboardInterviewsResponse) => response.data,
        providesTags: ['DashboardInterviews', 'Applications'],
      }),
      dashboardEvents: build.query<DashboardEvent[], DashboardArgs>({
        query: ({ domain, hl }) => ({ url: '/api/pcsx/dashboard/events', params: { domain, hl }, silent: true }),
        transformResponse: (response: DashboardEventsResponse) => response.data.events,
        providesTags: ['DashboardEvents'],
      }),
      dashboardReferrals: build.query<DashboardReferral[], DashboardArgs>({
        query: ({ domain, hl }) => ({ url: '/api/pcsx/dashboard/referrals', params: { domain, hl }, silent: true }),
        transformResponse: (response: DashboardReferralsResponse) => response.data.referrals,
        providesTags: ['DashboardReferrals', 'Applications'],
      }),
      dashboardNudges: build.query<DashboardNudge[], DashboardArgs>({
        query: ({ domain, hl }) => ({ url: '/api/pcsx/dashboard/nudges', params: { domain, hl }, silent: true }),
        transformResponse: (response: DashboardNudgesResponse) => response.data.nudges,
        providesTags: ['DashboardNudges', 'DraftApplications', { type: 'Offers', id: 'LIST' }],
      }),
      withdrawApplication: build.mutation<DashboardApplication, DashboardArgs & { applicationId: number }>({
        query: ({ domain, hl, applicationId }) => ({
          url: '/api/pcsx/dashboard/applications/withdraw',
          method: 'POST',
          params: { hl },
          body: { domain, application_id: applicationId },
          silent: true,
        }),
        transformResponse: (response: WithdrawApplicationResponse) => response.data.application,
        // The card moves to the inactive ones at once; every reader of the tags is then fetched again.
        async onQueryStarted({ domain, hl, applicationId }, { dispatch, queryFulfilled }) {
          try {
            const { data: withdrawn } = await queryFulfilled;
            dispatch(
              dashboardApi.util.updateQueryData('dashboardApplications', { domain, hl }, (draft) => {
                draft.applications = draft.applications.filter((item) => item.details.application_id !== applicationId);
                draft.inactiveApplications = [
                  withdrawn,
                  ...draft.inactiveApplications.filter((item) => item.details.application_id !== applicationId),
                ];
              }),
            );
          } catch {
            // The dialog says it failed; nothing changed.
          }
        },
        invalidatesTags: (_result, error) => (error ? [] : [...applicationChanged]),
      }),

      draftApplications: build.query<DraftApplication[], { domain: string }>({
        query: ({ domain }) => ({ url: '/api/pcsx/draft_applications', params: { domain }, silent: true }),
        transformResponse: (response: DraftApplicationsResponse) => response.data.draft_applications,
        providesTags: ['DraftApplications'],
      }),
      /** docs/product/dashboard.md#drafts-tab: the draft leaves the list at once and comes back if the call fails. */
      deleteDraft: build.mutation<DeleteDraftResponse['data'], { domain: string; positionId: number }>({
        query: ({ domain, positionId }) => ({
          url: '/api/pcsx/draft_applications',
          method: 'DELETE',
          body: { domain, position_ids: [positionId] },
          silent: true,
        }),
        transformResponse: (response: DeleteDraftResponse) => response.data,
        async onQueryStarted({ domain, positionId }, { dispatch, queryFulfilled }) {
          const patch = dispatch(
            dashboardApi.util.updateQueryData('draftApplications', { domain }, (drafts) =>
              drafts.filter((draft) => draft.position.id !== positionId),
            ),
          );
          try {
            await queryFulfilled;
          } catch {
            patch.undo();
          }
        },
        invalidatesTags: (_result, error) => (error ? [] : ['DraftApplications']),
      }),
    }),
  });

export const {
  useDashboardApplicationsQuery,
  useDashboardInterviewsQuery,
  useDashboardEventsQuery,
  useDashboardReferralsQuery,
  useDashboardNudgesQuery,
  useWithdrawApplicationMutation,
  useDraftApplicationsQuery,
  useDeleteDraftMutation,
} = dashboardApi;
