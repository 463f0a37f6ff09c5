import { api, termsOfServiceCall, type HttpQueryError } from '@careers/shared';
import type { AcceptTermsBody, OnboardingResponse, TermsOfServiceResponse } from '@careers/shared/contract';

export interface DomainArgs {
  domain: string;
}

export interface TermsStatus {
  tosAttested: boolean;
}

const malformed: HttpQueryError = {
  status: 0,
  kind: 'unexpected',
  message: 'Unexpected error occurred.',
  messageKey: 'http.unexpected',
};

function readTermsStatus(body: unknown): TermsStatus | null {
  const attested = (body as Partial<TermsOfServiceResponse> | undefined)?.data?.tosAttested;
  return typeof attested === 'boolean' ? { tosAttested: attested } : null;
}

/**
 * Terms of service and onboarding calls (docs/product/terms-and-onboarding.md#terms-of-service,
 * docs/product/terms-and-onboarding.md#onboarding).
 * - The status check is silent: a failure raises no page notice and only ends the loading state
 *   (docs/product/terms-and-onboarding.md#status-check-failure).
 *   An answer without a boolean `data.tosAttested` counts as a failure, never as "attested".
 * - Accepting and onboarding are not silent: session time-outs, CSRF and rate-limit notices still show.
 */
export const termsApi = api.enhanceEndpoints({ addTagTypes: ['Terms'] }).injectEndpoints({
  endpoints: (build) => ({
    getTermsOfService: build.query<TermsStatus, DomainArgs>({
      async queryFn({ domain }, _api, _extra, baseQuery) {
        const result = await baseQuery({ ...termsOfServiceCall(domain), silent: true });
        if (result.error) return { error: result.error as HttpQueryError };
        const status = readTermsStatus(result.data);
        return status ? { data: status } : { error: malformed };
      },
      providesTags: ['Terms'],
    }),

    acceptTerms: build.mutation<TermsStatus, DomainArgs>({
      query: ({ domain }) => {
        const body: AcceptTermsBody = { domain, accepted: true };
        return { url: '/api/pcsx/terms_of_service', method: 'POST', body };
      },
      transformResponse: (response: unknown) => readTermsStatus(response) ?? { tosAttested: true },
    }),

    completeOnboarding: build.mutation<OnboardingResponse | undefined, DomainArgs>({
      query: ({ domain }) => ({ url: '/api/pcsx/onboarding', method: 'POST', body: { domain } }),
    }),
  }),
});

export const { useGetTermsOfServiceQuery, useAcceptTermsMutation, useCompleteOnboardingMutation } = termsApi;
