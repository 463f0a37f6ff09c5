/**
 * How often the unread badge is refreshed while the candidate is logged in and the feature is on
 * (docs/product/notifications.md#badge).
 */
export const BADGE_POLL_INTERVAL_MS = 5 * 60 * 1000; // 300000

/**
 * The panel is a full-screen modal at this width or less, a dropdown above it (docs/product/notifications.md#panel).
 */
const PANEL_FULLSCREEN_MAX_WIDTH = 1024;
/** Media query that is true when the panel shows as a desktop dropdown. */
export const DROPDOWN_MEDIA_QUERY = `(min-width: ${PANEL_FULLSCREEN_MAX_WIDTH + 0.02}px)`;

/** Counts above this show as "99+". */
export const BADGE_MAX_COUNT = 99;

/** Longest wait for the mark-clicked call before following a notification's link (the page load would cancel it). */
export const MARK_CLICKED_NAVIGATION_WAIT_MS = 1500;

/** Notification tabs (docs/product/notifications.md#panel). */
export const NOTIFICATION_TABS = ['all', 'action_required'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];
