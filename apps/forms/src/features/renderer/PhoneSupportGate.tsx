import { ErrorState, LoadingState, useTranslation } from '@careers/shared';
import { NAMESPACE } from '../forms/namespace';
import type { PhoneSupportState } from './hooks/usePhoneSupport';

/** What shows while the checks a form needs load (usePhoneSupport), or after they failed, with a retry. */
export function PhoneSupportGate({ state, retry }: { state: PhoneSupportState; retry: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  if (state === 'failed') return <ErrorState message={t('renderer.loadFailed')} onRetry={retry} />;
  return <LoadingState label={t('renderer.loading')} />;
}
