import { useRoute } from '@careers/shared';
import { FormsPage } from './features/forms/components/FormsPage';
import { ApplyPageView } from './features/apply/ApplyPageView';
import { FormView, FormsCentreView } from './features/centre/CentrePagesView';
// The feature's calls and tag types join the page's one API when the bundle loads.
import './features/forms/endpoints';
import './features/apply/endpoints';
import './features/centre/endpoints';

/** The forms widget's root: the page for the current route (the route table gives this widget its routes). */
export function App() {
  const match = useRoute();
  if (match?.route.widget !== 'forms') return null;
  if (match.route.page === 'applyPage') return <ApplyPageView />;
  if (match.route.page === 'documentCenter') return <FormsCentreView />;
  if (match.route.page === 'formView') return <FormView />;
  return <FormsPage />;
}
