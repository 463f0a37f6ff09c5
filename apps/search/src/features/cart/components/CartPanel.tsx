/**
 * The job cart panel is the shell's now, on every page (spec 000 §2 "App shell", decision 024): the shell's
 * navbar shows "Job cart (N)" and its dialog. The search page's toolbar drew one of its own before; this empty
 * part stays only until SearchPage.tsx drops its `<CartPanel />` (held by another change at the time), so the
 * search page never shows two cart buttons. Delete this file with that line.
 */
export function CartPanel(): null {
  return null;
}
