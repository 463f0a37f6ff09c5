/** The settings chunk's pages. */
export { SettingsPage } from './components/SettingsPage';
export { ExportResumePage } from './components/ExportResumePage';
