import type { FastifyRequest } from 'fastify';
import { Headers } from '../contract';

/**
 * The viewer's time zone and calendar days in it: the zone the browser sends (`x-careers-timezone`, every call of
 * the shared HTTP layer), else UTC. Dates a candidate reads ("Nov 10", "16 days ago") are days in that zone, so the
 * server's day counts agree with the widgets', which count in the browser's zone (issue 22: "Posted 15 days ago"
 * beside "16 days ago (Nov 10)").
 */

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's time zone when it sends one (`x-careers-timezone`), else UTC. */
export function viewerTimeZone(request: FastifyRequest): string {
  const header = request.headers[Headers.timezone];
  return typeof header === 'string' && isTimeZone(header) ? header : 'UTC';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day of `date` in `zone`, as a UTC midnight timestamp (days of two zones compare as numbers). */
function dayIn(date: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(date)
    .reduce<Record<string, number>>((all, part) => ({ ...all, [part.type]: Number(part.value) }), {});
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!);
}

/** How many calendar days in `zone` lie from `earlier` to `later` (0 on the same day; never negative). */
export function calendarDaysBetween(earlier: Date, later: Date, zone: string): number {
  return Math.max(0, Math.round((dayIn(later, zone) - dayIn(earlier, zone)) / DAY_MS));
}
