import { useEffect } from 'react';
import { navigate } from '@careers/shared';
import { paths } from './routes';
import { useOffer } from './endpoints';
import { isMissing } from './errors';

/**
 * The offer of an offer page. A missing offer (404, or an id the server rejects) sends the candidate back to the
 * offers list, replacing the history entry (docs/product/offers-and-signing.md#offer-page).
 */
export function useOfferPage(encId: string, domain: string) {
  const query = useOffer(encId, domain);
  const missing = Boolean(query.error && !query.data && isMissing(query.error));
  useEffect(() => {
    if (missing) navigate(paths.offers(domain), { replace: true });
  }, [missing, domain]);
  return { ...query, missing };
}
