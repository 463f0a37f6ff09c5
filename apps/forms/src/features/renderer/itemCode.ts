import { createContext, useContext } from 'react';
import type { FormItemCode, FormItemCodes } from '@careers/shared/forms';
import type { FormItem } from '@careers/shared/contract';

const NONE: FormItemCodes = {};

/** The renderer's `itemCode` prop, for the field types (a context: the frames between them need not carry it). */
export const ItemCodeContext = createContext<FormItemCodes>(NONE);

/** The code-defined parts of an item (its `apiCall`, `searchCall`, `onSign`...), by the item's own name. */
export function useItemCode(item: FormItem): FormItemCode | undefined {
  const codes = useContext(ItemCodeContext);
  return Object.prototype.hasOwnProperty.call(codes, item.name) ? codes[item.name] : undefined;
}
