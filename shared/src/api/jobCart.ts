import { skipToken } from '@reduxjs/toolkit/query';
import { sitePath } from '../contract/routes';
import type { JobCartBody, JobCartResponse } from '../contract/search';
import { useEmployerDomain } from '../boot/useEmployerDomain';
import { selectBoot } from '../store/sessionSlice';
import { useAppSelector } from '../store/store';
import { api } from './api';

/**
 * The job cart (GET and POST /api/pcsx/job_cart, docs/product/cart-and-saved.md#job-cart), shared by every widget that
 * shows it: the shell's cart panel on every page (docs/product/cart-and-saved.md#cart-panel) and the search widget's
 * Add to cart buttons. Its state is this one cached query of the page's one API: an add on a result card shows at once
 * in the shell's count, a removal in the shell's panel at once on the card. It lived in the search widget until the
 * shell needed it (decision 024).
 */

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
 * A change answers the whole cart, which replaces the cached cart at once (no second call); the search results
 * (tag `Search`, the search widget's) are fetched again for their `inCart` flags. Failures raise no page notice:
 * the cart logs them only (docs/product/cart-and-saved.md#cart-failures), see `useCartActions`.
 */
const cartApi = api.enhanceEndpoints({ addTagTypes: ['JobCart'] }).injectEndpoints({
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

const { useGetJobCartQuery, useUpdateJobCartMutation } = cartApi;

/** Whether the employer offers the job cart (`pcsxConfig.jobCartConfig.enabled`). */
export function useCartEnabled(): boolean {
  return useAppSelector((state) => selectBoot(state)?.pcsxConfig.jobCartConfig?.enabled === true);
}

/** The signed-in candidate's cart (shared by every cart control: one call); nothing is fetched when signed out. */
export function useJobCart() {
  const domain = useEmployerDomain();
  const enabled = useCartEnabled();
  const signedIn = useAppSelector((state) => selectBoot(state)?.isLoggedIn === true);
  return useGetJobCartQuery(enabled && signedIn ? { domain } : skipToken);
}

/**
 * Adds positions to the cart or removes them. Each resolves to true when the cart changed (its data then replaced by
 * the answer) and to false on failure, which is logged only (docs/product/cart-and-saved.md#cart-failures): no toast.
 */
export function useCartActions() {
  const domain = useEmployerDomain();
  const [update, state] = useUpdateJobCartMutation();
  const change = async (operation: CartOperation, ids: ReadonlyArray<number | string>): Promise<boolean> => {
    if (ids.length === 0) return true;
    try {
      await update({ domain, operation, pids: ids.map(String) }).unwrap();
      return true;
    } catch (error) {
      console.error(`[careers] job cart ${operation} failed`, error);
      return false;
    }
  };
  return {
    add: (ids: ReadonlyArray<number | string>) => change('add', ids),
    remove: (ids: ReadonlyArray<number | string>) => change('remove', ids),
    busy: state.isLoading,
  };
}

/**
 * The apply page for every position of the cart (`/careers/apply?pid={ids comma-joined}`,
 * docs/product/cart-and-saved.md#applying-from-the-cart).
 */
export function cartApplyHref(ids: ReadonlyArray<number | string>): string {
  return sitePath('/careers/apply', {}, { pid: ids });
}
