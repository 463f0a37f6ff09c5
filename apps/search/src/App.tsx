import { Suspense } from 'react';
import {
  LoginModalHost,
  positionIdOf,
  useEmployerDomain,
  useLocation,
  useRoute,
  useTranslation,
} from '@careers/shared';
import { PositionDetailsView } from './features/position/PositionDetailsView';
import { SearchPage } from './features/search/components/SearchPage';
import { NAMESPACE } from './features/search/namespace';
// The feature's calls and tag types join the page's one API when the bundle loads.
import './features/search/endpoints';

/** A position page (`/careers/job/{id}`, `/careers/job/private?pid={id}`): the position, with a way back to search. */
function PositionPage() {
  const { t } = useTranslation(NAMESPACE);
  const page = useLocation();
  const match = useRoute();
  const domain = useEmployerDomain();
  const pid = Number(positionIdOf(new URL(page.href), match) ?? NaN);
  const isPrivate = match?.route.path === '/careers/job/private';
  if (!Number.isInteger(pid) || pid < 1) {
    return (
      <section className="cw-search cw-search--position">
        <h1 className="cw-search__title">{t('page.positionNotFound')}</h1>
      </section>
    );
  }
  return (
    <div className="cw-search cw-search--position">
      <Suspense fallback={null}>
        <PositionDetailsView key={pid} positionId={pid} domain={domain} layout="page" isPrivate={isPrivate} />
      </Suspense>
    </div>
  );
}

/** The search widget's root: the search page or a position page, as the route table gives them to this widget. */
export function App() {
  const match = useRoute();
  if (match?.route.widget !== 'search') return null;
  return (
    <>
      {match.route.page === 'singlePosition' ? <PositionPage /> : <SearchPage />}
      <LoginModalHost />
    </>
  );
}
