/** A full page load of `url` (after the account is deleted, the server renders the signed-out page). Apart for tests. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
