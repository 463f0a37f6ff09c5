import { asciiFileName } from '../http/file-names';
import type { TFunction } from 'i18next';
import type { DashboardApplication } from '../contract';
import { csvDocument } from './csv';
import { isoDay } from './dates';

/**
 * The candidate's applications as a CSV file (the dashboard's "Download CSV"): in progress first, then over, each
 * in the order given (most recently updated first, as the dashboard lists them); headers and statuses in the
 * candidate's language, days as `YYYY-MM-DD` in `zone`. A stored date that is not a date leaves its cell empty and
 * is passed to `malformed` (the route logs it).
 */
export function applicationsCsv(
  applications: readonly DashboardApplication[],
  zone: string,
  t: TFunction,
  malformed: (value: string) => void,
): string {
  const ordered = [
    ...applications.filter((view) => view.details.active),
    ...applications.filter((view) => !view.details.active),
  ];
  const day = (iso: string) => {
    const value = isoDay(iso, zone);
    if (value === null) malformed(iso);
    return value ?? '';
  };
  return csvDocument([
    [
      t('dashboard.export.position'),
      t('dashboard.export.positionId'),
      t('dashboard.export.location'),
      t('dashboard.export.status'),
      t('dashboard.export.applied'),
      t('dashboard.export.updated'),
    ],
    ...ordered.map(({ card, details }) => [
      details.position.title,
      String(details.position.id),
      details.position.location,
      card.status?.label ?? '',
      day(details.submitted_at),
      day(details.updated_at),
    ]),
  ]);
}

/**
 * The file's name: the localised "applications" and the day of `now` in `zone`; and its ASCII form for browsers that
 * read only that (the word in English where the language's has no ASCII letters).
 */
export const applicationsCsvName = (now: Date, zone: string, t: TFunction): { name: string; ascii: string } => {
  const nowIso = now.toISOString();
  const day = isoDay(nowIso, zone) ?? nowIso.slice(0, 10);
  const word = t('dashboard.export.fileName');
  const asciiWord = asciiFileName(word, 'csv', '').replace(/\.csv$/, '');
  return {
    name: `${word}-${day}.csv`,
    ascii: `${/[A-Za-z]/.test(asciiWord) ? asciiWord.replace(/ /g, '-') : 'applications'}-${day}.csv`,
  };
};
