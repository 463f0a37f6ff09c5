import { useRoute } from '@careers/shared';
import { DashboardPage } from './features/dashboard/components/DashboardPage';
// The feature's calls and tag types join the page's one API when the bundle loads.
import './features/dashboard/endpoints';

/** The dashboard widget's root: the page for the current route (the route table gives this widget its routes). */
export function App() {
  const match = useRoute();
  if (match?.route.widget !== 'dashboard') return null;
  return <DashboardPage />;
}
