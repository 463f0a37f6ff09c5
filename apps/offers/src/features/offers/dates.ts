/**
 * Offer dates are shown as MM/DD/YYYY (docs/product/offers-and-signing.md#expiry) in every language, in the candidate's
 * own time zone (the browser's): an offer expiring at 2025-03-01T04:00Z reads 02/28/2025 in Toronto, as the candidate
 * lives it.
 */
export function formatOfferDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getFullYear()}`;
}
