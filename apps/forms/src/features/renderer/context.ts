import { createContext, useContext } from 'react';

/** What the renderer shares with its layouts, frames and fields. */
export interface RendererState {
  mode: 'edit' | 'view';
  /** Names of the top-level questions that show (after the visibility debounce). */
  visible: ReadonlySet<string>;
  /** The DOM id of a question's control. */
  controlId: (name: string) => string;
  /** The error a question shows now (client error once touched or submitted, else a server error), or null. */
  errorOf: (name: string) => string | null;
  /** Scrolls to a question and focuses its control. */
  focusField: (name: string) => void;
}

export const RendererContext = createContext<RendererState | null>(null);

export function useRenderer(): RendererState {
  const state = useContext(RendererContext);
  if (!state) throw new Error('A form field must be rendered inside <FormRenderer>.');
  return state;
}
