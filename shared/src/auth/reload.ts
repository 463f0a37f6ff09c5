/** Reloads the page (after signing in, so the server renders the page for the candidate). Kept apart for tests. */
export function reloadPage(): void {
  window.location.reload();
}
