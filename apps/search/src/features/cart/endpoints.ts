import { api } from '@careers/shared';
import type { JobCartBody, JobCartResponse } from '@careers/shared/contract';

export type JobCart = JobCartResponse['data'];
export type CartOperation = JobCartBody['operation'];

interface CartArgs {
  /** Employer domain (the page's group id). */
  domain: string;
}

interface UpdateCartArgs extends CartArgs {
  /** Position ids, as the call takes them (strings). */
  pids: string[];
  operation: CartOperation;
}

/**
 * The job cart (spec 001 §4 "Job cart", §7): GET and POST /api/pcsx/job_cart. A change answers the whole cart,
 * which replaces the cached cart at once (no second call); the results are fetched again for their `inCart` flags.
 * Failures raise no page notice: the cart logs them only (spec 001 §8), see `useCartActions`.
 */
const cartApi = api.enhanceEndpoints({ addTagTypes: ['JobCart', 'Search'] }).injectEndpoints({
  endpoints: (build) => ({
    getJobCart: build.query<JobCart, CartArgs>({
      query: ({ domain }) => ({ url: '/api/pcsx/job_cart', params: { domain }, silent: true }),
      transformResponse: (response: JobCartResponse) => response.data,
      providesTags: ['JobCart'],
    }),
    updateJobCart: build.mutation<JobCart, UpdateCartArgs>({
      query: ({ domain, pids, operation }) => ({
        url: '/api/pcsx/job_cart',
        method: 'POST',
        body: { pids, operation, domain },
        silent: true,
      }),
      transformResponse: (response: JobCartResponse) => response.data,
      async onQueryStarted({ domain }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            cartApi.util.updateQueryData('getJobCart', { domain }, (cart) => {
              cart.jobCartData = data.jobCartData;
              cart.invalidPositionIds = data.invalidPositionIds;
            }),
          );
        } catch {
          // Logged by the caller (useCartActions); the cached cart stays as it was.
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Search']),
    }),
  }),
});

export const { useGetJobCartQuery, useUpdateJobCartMutation } = cartApi;
