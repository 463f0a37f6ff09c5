import { createContext, useContext } from 'react';
import type { FormItemCode, FormItemCodes } from '@careers/shared/forms';
import type { FormItem } from '@careers/shared/contract';
import { CallerLoads } from './callerLoads';

/** The renderer's `itemCode` prop, with the results of its loaders (kept while the form shows). */
export interface ItemCodeState {
  codes: FormItemCodes;
  loads: CallerLoads;
}

/** For the field types (a context: the frames between them need not carry it). */
export const ItemCodeContext = createContext<ItemCodeState>({ codes: {}, loads: new CallerLoads() });

/** The code-defined parts of an item (its `apiCall`, `searchCall`, `onSign`...), by the item's own name. */
export function useItemCode(item: FormItem): FormItemCode | undefined {
  const { codes } = useContext(ItemCodeContext);
  return Object.prototype.hasOwnProperty.call(codes, item.name) ? codes[item.name] : undefined;
}

/** The results of the renderer's caller-supplied loaders. */
export function useCallerLoads(): CallerLoads {
  return useContext(ItemCodeContext).loads;
}
