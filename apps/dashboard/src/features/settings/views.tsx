import { viewChunk } from '@careers/shared';

/**
 * The settings and export-resume pages: one chunk of their own (`dashboard-settings`, with their calls and styles),
 * so the dashboard's other pages do not download it.
 */
const settingsChunk = viewChunk(() => import(/* webpackChunkName: "dashboard-settings" */ './pages'));

export const loadSettingsPages = settingsChunk.preload;

/** /careers/settings. */
export const SettingsPageView = settingsChunk.view((module) => module.SettingsPage);

/** /careers/export-resume. */
export const ExportResumePageView = settingsChunk.view((module) => module.ExportResumePage);
