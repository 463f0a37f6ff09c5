/** Addresses of a position's pages (spec 001 §2 "URL shapes"). */

/** The apply page of a position: /careers/apply?pid={id}, or /careers/apply/private?pid={id} for a private one. */
export function applyPath(positionId: number, isPrivate = false): string {
  return `/careers/apply${isPrivate ? '/private' : ''}?pid=${encodeURIComponent(String(positionId))}`;
}

/** The position's own page, as shared: {origin}/careers/job/{id}, or /careers/job/private?pid={id} for a private one. */
export function positionPageUrl(origin: string, positionId: number, isPrivate = false): string {
  const id = encodeURIComponent(String(positionId));
  return isPrivate ? `${origin}/careers/job/private?pid=${id}` : `${origin}/careers/job/${id}`;
}
