/** Addresses of a position's pages (docs/product/positions-and-map.md#position-addresses), from the route table's patterns. */
import { sitePath } from '@careers/shared';

/** The apply page of a position: /careers/apply?pid={id}, or /careers/apply/private?pid={id} for a private one. */
export function applyPath(positionId: number, isPrivate = false): string {
  return sitePath(isPrivate ? '/careers/apply/private' : '/careers/apply', {}, { pid: positionId });
}

/** The position's own page, as shared: {origin}/careers/job/{id}, or /careers/job/private?pid={id} for a private one. */
export function positionPageUrl(origin: string, positionId: number, isPrivate = false): string {
  const path = isPrivate
    ? sitePath('/careers/job/private', {}, { pid: positionId })
    : sitePath('/careers/job/:pid?', { pid: positionId });
  return `${origin}${path}`;
}
