import { api } from '@careers/shared';
import type { BootstrapProfileBody, BootstrapProfileResponse } from '@careers/shared/contract';

export type BootstrapResult = BootstrapProfileResponse['data'];

function isResult(value: unknown): value is BootstrapResult {
  const data = value as Partial<BootstrapResult> | null | undefined;
  return (
    typeof data?.onboarding?.isBootstrapped === 'boolean' &&
    typeof data.profile?.firstname === 'string' &&
    typeof data.profile.lastname === 'string' &&
    typeof data.profile.location === 'string'
  );
}

/**
 * Profile bootstrapping call. The answer (the candidate's onboarding state and profile as saved) is `null` when
 * it is not in the expected shape; the step then closes with the values the candidate sent.
 */
const bootstrappingApi = api.injectEndpoints({
  endpoints: (build) => ({
    bootstrapProfile: build.mutation<BootstrapResult | null, BootstrapProfileBody>({
      query: (body) => ({ url: '/api/pcsx/profile_bootstrap', method: 'POST', body }),
      transformResponse: (response: unknown) => {
        const data = (response as { data?: unknown } | null | undefined)?.data;
        return isResult(data) ? data : null;
      },
    }),
  }),
});

export const { useBootstrapProfileMutation } = bootstrappingApi;
