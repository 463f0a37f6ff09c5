import { Suspense, useId } from 'react';
import {
  LoginModalHost,
  positionIdOf,
  selectBoot,
  useAppSelector,
  useEmployerDomain,
  useLocation,
  useRoute,
} from '@careers/shared';
import { PositionDetailsView } from './features/position/PositionDetailsView';
import { NotOpenNotice } from './features/position/components/NotOpenNotice';
import { SearchPage } from './features/search/components/SearchPage';
// The feature's calls and tag types join the page's one API when the bundle loads.
import './features/search/endpoints';

/** A position page (`/careers/job/{id}`, `/careers/job/private?pid={id}`): the position, with a way back to search. */
function PositionPage() {
  const company = useAppSelector(selectBoot)?.pcsxConfig.branding?.companyName;
  const noticeId = useId();
  const page = useLocation();
  const match = useRoute();
  const domain = useEmployerDomain();
  const pid = Number(positionIdOf(new URL(page.href), match) ?? NaN);
  const isPrivate = match?.route.path === '/careers/job/private';
  // An address that names no position: the server's page for it says "This position is no longer open", and so
  // does the widget that replaces it (the same notice as for a closed or unknown id).
  if (!Number.isInteger(pid) || pid < 1) {
    return (
      <div className="cw-search cw-search--position">
        <section className="cw-position cw-position--page" aria-labelledby={noticeId}>
          <NotOpenNotice headingId={noticeId} layout="page" summary={null} company={company} />
        </section>
      </div>
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
