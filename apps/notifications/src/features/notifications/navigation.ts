/**
 * A full page load to `href` (docs/product/notifications.md#clicking-a-notification: a notification's link is a page
 * load). Kept apart for tests.
 */
export function navigateTo(href: string): void {
  window.location.assign(href);
}

/** The current page address. */
export function currentHref(): string {
  return window.location.href;
}
