import { useTranslation } from '@careers/shared';
import { NAMESPACE } from './namespace';

/** The dashboard feature's texts: namespace `dashboard`, under its top-level key `dashboard`. */
const TEXTS_KEY = 'dashboard';

export function useDashboardTranslation() {
  return useTranslation(NAMESPACE, { keyPrefix: TEXTS_KEY });
}
