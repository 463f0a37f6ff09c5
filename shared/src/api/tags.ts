/**
 * RTK Query tags that cross widgets: one widget (or the shared layer) provides the data, another invalidates it.
 * They are declared here once, on the one API (./api.ts `tagTypes`), so `providesTags` and `invalidatesTags` of
 * every endpoint type-check against this list; a widget adds only the tags it alone uses, with
 * `api.enhanceEndpoints({ addTagTypes: [...] })` in its endpoints (tags.test.ts keeps both rules).
 *
 * | tag                 | provided by                                       | invalidated by                                   |
 * | ------------------- | ------------------------------------------------- | ------------------------------------------------ |
 * | `Applications`      | the dashboard (applications, interviews, referrals) | the dashboard (withdraw); forms (apply)        |
 * | `ApplyForm`         | forms (the apply form)                            | forms (apply); the dashboard (withdraw)          |
 * | `DraftApplications` | the dashboard (drafts tab, nudges)                | the dashboard (delete a draft); forms (save a draft, apply) |
 * | `NotificationBadge` | the bell (unread count)                           | the bell (views, clicks); offers (accept, decline: an answered offer changes the action-required count); forms (apply) |
 * | `Notifications`     | the bell (its lists)                              | the bell; forms (apply)                          |
 * | `Offers`            | the offers list (shared: offers widget, dashboard tab) | offers (accept, decline, upload)           |
 * | `Position`          | search (one position's details)                   | saving or unsaving (shared); the dashboard (resume upload: match) |
 * | `Profile`           | the dashboard's profile pages; search (match details) | the dashboard (profile edits, resume upload); onboarding (profile bootstrapping) |
 * | `SavedPositions`    | the saved positions (shared: dashboard tab)       | saving or unsaving (shared: search, dashboard)   |
 * | `Search`            | search (results)                                  | saving or unsaving (shared); the job cart (shared); saved searches; the dashboard (resume upload) |
 */
export const CROSS_WIDGET_TAGS = [
  'Applications',
  'ApplyForm',
  'DraftApplications',
  'NotificationBadge',
  'Notifications',
  'Offers',
  'Position',
  'Profile',
  'SavedPositions',
  'Search',
] as const;

export type CrossWidgetTag = (typeof CROSS_WIDGET_TAGS)[number];
