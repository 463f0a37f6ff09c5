/** A date of the centre (ISO text) in the page language, e.g. "Nov 20, 2026" or "20 nov. 2026"; '' when invalid. */
export function formatDate(at: string, language: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}
