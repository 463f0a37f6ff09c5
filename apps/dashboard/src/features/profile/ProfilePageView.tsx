import { viewChunk } from '@careers/shared';

/**
 * The profile page (`profile`): its own chunk (`dashboard-profile`, with its calls, forms and styles), so the
 * dashboard's other pages do not download it. The page preloads it (registry `startViews`).
 */
const profileChunk = viewChunk(() => import(/* webpackChunkName: "dashboard-profile" */ './components/ProfilePage'));

export const loadProfilePage = profileChunk.preload;

/** The profile page. */
export const ProfilePageView = profileChunk.view((module) => module.ProfilePage);
