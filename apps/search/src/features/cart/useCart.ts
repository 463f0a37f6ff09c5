import { selectBoot, skipToken, useAppSelector, useEmployerDomain } from '@careers/shared';
import { useGetJobCartQuery, useUpdateJobCartMutation, type CartOperation } from './endpoints';

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
 * the answer) and to false on failure, which is logged only (spec 001 §4 "Job cart", §8): no toast.
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
