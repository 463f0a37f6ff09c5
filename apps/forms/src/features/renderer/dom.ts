/** Controls a question can be focused on, first match wins. */
const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A DOM id made of safe characters (names may hold dots). */
export function safeId(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The frame of a question inside `root`. */
function fieldFrame(root: ParentNode, name: string): HTMLElement | null {
  return Array.from(root.querySelectorAll<HTMLElement>('[data-field]')).find((el) => el.dataset.field === name) ?? null;
}

/** Scrolls a question into view and focuses its control (the one with `controlId`, else its first control). */
export function focusQuestion(root: ParentNode, name: string, controlId: string): boolean {
  const frame = fieldFrame(root, name);
  if (!frame) return false;
  const byId = Array.from(frame.querySelectorAll<HTMLElement>(FOCUSABLE)).find((el) => el.id === controlId);
  const target = byId ?? frame.querySelector<HTMLElement>(FOCUSABLE);
  if (!target) return false;
  frame.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  target.focus({ preventScroll: true });
  return true;
}
