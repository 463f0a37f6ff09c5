import { lazy, Suspense, useRef, useState } from 'react';
import { Button, selectBoot, useAppSelector, useTranslation, type SearchAddress } from '@careers/shared';
import type { BootData } from '@careers/shared/contract';
import { NAMESPACE } from '../../search/namespace';

// The dialog, its form and its call load only when a visitor opens it: the search page's first load holds the button.
const JobAlertDialog = lazy(() => import(/* webpackChunkName: "search-job-alerts" */ './JobAlertDialog'));

/**
 * Job alerts by email are offered to a signed-out visitor where the employer has
 * `pcsxConfig.loggedOutNotificationConfig.enabled`; a signed-in candidate saves searches instead.
 */
function offersJobAlerts(boot: BootData | null): boolean {
  return boot !== null && boot.isLoggedIn !== true && boot.pcsxConfig.loggedOutNotificationConfig?.enabled === true;
}

/**
 * "Get job alerts by email" for the search the page shows (`address`), beside "Save this search"
 * (docs/product/search.md#job-alerts-by-email). It opens the dialog that asks for the email and the consent; the
 * dialog gives focus back to the button when it closes.
 */
export function JobAlertButton({ address }: { address: SearchAddress }) {
  const { t } = useTranslation(NAMESPACE);
  const boot = useAppSelector(selectBoot);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Not for a Map Area search: an alert keeps places by name, so it would follow every location instead.
  if (!offersJobAlerts(boot) || address.mapBounds !== null) return null;

  return (
    <div className="cw-job-alerts">
      <Button ref={buttonRef} variant="secondary" size="small" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('jobAlerts.open')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <JobAlertDialog
            address={address}
            privacyText={boot?.pcsxConfig.loggedOutNotificationConfig?.privacyText}
            finalFocusRef={buttonRef}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
