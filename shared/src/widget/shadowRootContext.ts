import { createContext, useContext } from 'react';

/** The shadow root a widget renders in (for focus management and portals that must stay inside it). */
export const ShadowRootContext = createContext<ShadowRoot | null>(null);

export function useShadowRoot(): ShadowRoot | null {
  return useContext(ShadowRootContext);
}
