/** Reloads the page (after onboarding, spec 000 §4). Kept in its own module so tests can replace it. */
export function reloadPage(): void {
  window.location.reload();
}
