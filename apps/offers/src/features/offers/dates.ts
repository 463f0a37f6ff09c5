import { SOURCE_LANGUAGE } from '@careers/shared';

/**
 * Offer dates are numeric, in the candidate's own time zone (the browser's): MM/DD/YYYY in US English as the product
 * has always shown them (docs/product/offers-and-signing.md#expiry), and each other language's own numeric date
 * (31/12/2025, 31.12.2025, 2025/12/31). An offer expiring at 2025-03-01T04:00Z reads 02/28/2025 in Toronto, as the
 * candidate lives it.
 */
export function formatOfferDate(iso: string | null | undefined, language: string = SOURCE_LANGUAGE): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (language === SOURCE_LANGUAGE) {
    const mm = String(date.getMonth() + 1).padStart(2, '0');
    const dd = String(date.getDate()).padStart(2, '0');
    return `${mm}/${dd}/${date.getFullYear()}`;
  }
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}
