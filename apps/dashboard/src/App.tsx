import { useRoute, type PageId } from '@careers/shared';
import { DashboardPage } from './features/dashboard/components/DashboardPage';
import { ProfilePageView } from './features/profile/ProfilePageView';
import { ExportResumePageView, SettingsPageView } from './features/settings/views';
// The feature's calls and tag types join the page's one API when the bundle loads.
import './features/dashboard/endpoints';

/** The pages the dashboard's tabs draw (/careers/dashboard, /careers/dashboardv2 and the three tab pages). */
const DASHBOARD_PAGES: readonly PageId[] = ['dashboard', 'applications', 'savedJobs', 'interviews'];

/** The dashboard widget's root: the page for the current route (the route table gives this widget its routes). */
export function App() {
  const match = useRoute();
  if (match?.route.widget !== 'dashboard') return null;
  if (match.route.page === 'profile') return <ProfilePageView />;
  if (match.route.page === 'settings') return <SettingsPageView />;
  if (match.route.page === 'exportResume') return <ExportResumePageView />;
  if (DASHBOARD_PAGES.includes(match.route.page)) return <DashboardPage />;
  return null;
}
