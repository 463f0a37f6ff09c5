/**
 * RTK Query tags that cross widgets: one widget provides the data, another invalidates it. Every other tag type is
 * owned by the widget that uses it and added with `api.enhanceEndpoints({ addTagTypes: [...] })` in its endpoints.
 *
 * | tag                 | provided by                              | invalidated by                                   |
 * | ------------------- | ---------------------------------------- | ------------------------------------------------ |
 * | `NotificationBadge` | the bell (unread count)                  | the bell (views, clicks); offers (accept, decline: an answered offer changes the action-required count) |
 * | `Offers`            | offers (the offers list)                 | offers (accept, decline, upload); later the dashboard's offers tab reads the same endpoint |
 * | `Profile`           | the profile pages (dashboard, later)     | onboarding (profile bootstrapping), resume upload |
 * | `SavedPositions`    | the dashboard's saved-jobs tab (later)   | search (save, unsave)                            |
 */
export const CROSS_WIDGET_TAGS = ['NotificationBadge', 'Offers', 'Profile', 'SavedPositions'] as const;

export type CrossWidgetTag = (typeof CROSS_WIDGET_TAGS)[number];
