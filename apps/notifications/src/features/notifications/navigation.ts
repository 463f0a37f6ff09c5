/** A full page load to `href` (spec 000 §4: the notification link "navigates and reloads"). Kept apart for tests. */
export function navigateTo(href: string): void {
  window.location.assign(href);
}

/** The current page address. */
export function currentHref(): string {
  return window.location.href;
}
