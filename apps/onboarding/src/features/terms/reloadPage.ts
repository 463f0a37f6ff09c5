/**
 * Reloads the page (after onboarding: docs/product/terms-and-onboarding.md#onboarding). Kept in its own module so tests
 * can replace it.
 */
export function reloadPage(): void {
  window.location.reload();
}
