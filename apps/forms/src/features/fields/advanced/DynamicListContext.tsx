import { createContext, useContext, type ReactNode } from 'react';
import type { FormItem } from '@careers/shared/contract';

/**
 * How a dynamic list renders its entries' questions: the renderer provides it (its own framed field), so this folder
 * does not import the renderer (which imports this folder's field types). The renderer's one line:
 * `<DynamicListContext.Provider value={renderDynamicListItem}>` with
 * `const renderDynamicListItem = (item, name) => <FormField key={name} item={item} name={name} />`.
 */
export type RenderDynamicListItem = (item: FormItem, name: string) => ReactNode;

export const DynamicListContext = createContext<RenderDynamicListItem | null>(null);

export function useRenderDynamicListItem(): RenderDynamicListItem {
  const render = useContext(DynamicListContext);
  if (!render) throw new Error('A dynamic list must be rendered inside <DynamicListContext.Provider> (the renderer).');
  return render;
}
