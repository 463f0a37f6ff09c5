import { useEffect, useMemo, useState } from 'react';
import type { FormItemCodes } from '@careers/shared/forms';
import { CallerLoads } from '../callerLoads';
import type { ItemCodeState } from '../itemCode';

/** No code-defined item parts (one object, so the fields' context does not change between renders). */
const NO_ITEM_CODE: FormItemCodes = {};

/**
 * The renderer's `itemCode` for its fields, with the results of the caller's loaders: they live as long as the
 * renderer (options never go stale, docs/product/forms-toolkit.md#options), and what still loads is aborted when it
 * goes.
 */
export function useItemCodeState(itemCode: FormItemCodes | undefined): ItemCodeState {
  const [loads] = useState(() => new CallerLoads());
  useEffect(() => () => loads.dispose(), [loads]);
  return useMemo(() => ({ codes: itemCode ?? NO_ITEM_CODE, loads }), [itemCode, loads]);
}
