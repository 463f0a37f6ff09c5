import type { DashboardCard } from '../contract';
import { isTimeZone } from '../http/time-zone';

/**
 * Every date the dashboard writes, in one place: the dated lines of its cards (in the candidate's language) and the
 * plain days of its CSV export. All of it is `Intl` with an explicit time zone, so no answer depends on the server's
 * own zone.
 */

type CardText = DashboardCard['texts'][number];

/** A day as `YYYY-MM-DD` in `zone` (what spreadsheets read as a date in every language); null for a non-date. */
export function isoDay(iso: string, zone: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The dated lines of cards, as `cardDates` makes them. */
export interface CardDates {
  /** A day, for example "Nov 3, 2026", in the viewer's time zone; no line when `iso` is not a date. */
  dated(label: string, iso: string): CardText[];
  /** A start and end, in the zone the thing happens in, with that zone's name; no line when either is not a date. */
  during(label: string, start: string, end: string, zone: string): CardText[];
}

/**
 * A card's dated lines in one language. A stored value that is not a date (written by hand or by another tool:
 * `new Date()` of it is invalid and formatting throws) leaves its line out and is passed to `malformed` (the routes
 * log it), so one bad row never breaks the whole answer (issue 21); the record's own fields in `details` keep the
 * value as stored.
 */
export function cardDates(language: string, viewerZone: string, malformed: (value: string) => void): CardDates {
  const valid = (iso: string) => {
    if (!Number.isNaN(Date.parse(iso))) return true;
    malformed(iso);
    return false;
  };
  return {
    dated: (label, iso) =>
      valid(iso)
        ? [
            {
              label,
              text: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: viewerZone }).format(
                new Date(iso),
              ),
              datetime: iso,
            },
          ]
        : [],
    during: (label, start, end, zone) =>
      valid(start) && valid(end)
        ? [
            {
              label,
              text: new Intl.DateTimeFormat(language, {
                weekday: 'long',
                year: 'numeric',
                month: 'long',
                day: 'numeric',
                hour: 'numeric',
                minute: '2-digit',
                timeZone: isTimeZone(zone) ? zone : 'UTC',
                timeZoneName: 'short',
              }).formatRange(new Date(start), new Date(end)),
              datetime: start,
            },
          ]
        : [],
  };
}
