import { lazy, Suspense, useRef } from 'react';
import { useTranslation, LoadingState, useEmployerDomain, useLocation, useRoute } from '@careers/shared';
import { offersRoute } from './features/offers/routes';
import { RouteFocusContext } from './features/offers/components/ui';
import { OffersList } from './features/offers/components/OffersList';
import { OfferDetail } from './features/offers/components/OfferDetail';

// Signing and the offer letter (Formik, Yup, the e-sign frame, the upload step) load when first opened.
const OfferDocumentPage = lazy(() =>
  import(/* webpackChunkName: "offers-document" */ './features/offers/components/OfferDocumentPage').then((m) => ({
    default: m.OfferDocumentPage,
  })),
);
const OfferLetterPage = lazy(() =>
  import(/* webpackChunkName: "offers-letter" */ './features/offers/components/OfferLetterPage').then((m) => ({
    default: m.OfferLetterPage,
  })),
);

/**
 * The offers widget: the pages the route table gives it (/careers/offers, /careers/offer/:id,
 * /careers/offer/:id/offer-document/:documentId, /careers/offer-letter/:id). Every one needs a signed-in
 * candidate; the root config mounts the sign-in gate instead of this widget for a signed-out visitor.
 */
export function App() {
  const { t } = useTranslation('offers');
  const location = useLocation();
  const route = offersRoute(useRoute());
  const domain = useEmployerDomain();
  // After the first move between pages, each new page takes focus on its heading (for screen-reader users).
  const lastPath = useRef(location.pathname);
  const navigated = useRef(false);
  if (lastPath.current !== location.pathname) {
    lastPath.current = location.pathname;
    navigated.current = true;
  }

  if (!route) return null;

  let page;
  switch (route.name) {
    case 'offers':
      page = <OffersList domain={domain} />;
      break;
    case 'offer':
      page = <OfferDetail id={route.id} domain={domain} />;
      break;
    case 'document':
      page = <OfferDocumentPage id={route.id} documentId={route.documentId} domain={domain} />;
      break;
    case 'letter':
      page = <OfferLetterPage id={route.id} domain={domain} />;
      break;
  }

  return (
    <RouteFocusContext.Provider value={navigated.current}>
      <div className="cw-offers" key={location.pathname}>
        <Suspense fallback={<LoadingState label={t('detail.loading')} />}>{page}</Suspense>
      </div>
    </RouteFocusContext.Provider>
  );
}
