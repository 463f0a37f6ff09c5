import type { TFunction } from 'i18next';
import {
  employmentTypeKey,
  sitePath,
  type DashboardCard,
  type DashboardCardControl,
  type DashboardTone,
} from '../../contract';
import type { CardDates } from '../dates';
import type { DashboardPosition, StoredApplication } from '../repository';
import { isActiveApplication } from '../status';

/**
 * What every card builder works with besides its records: the candidate's language (`t`, and `dates` formatted in
 * it and in the viewer's time zone), the employer (`domain`, which every address a card leads to names, with
 * `sitePath` on the route table) and the moment of the call. Builders are pure: the same records and context give
 * the same cards, with no database and no request.
 */
export interface CardContext {
  t: TFunction;
  dates: CardDates;
  domain: string;
  now: Date;
}

/** The colour of each status a card shows. */
const STATUS_TONES: Record<string, DashboardTone> = {
  submitted: 'info',
  in_review: 'violet',
  interview: 'warning',
  offer: 'teal',
  hired: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
  closed: 'neutral',
  not_applied: 'warning',
  referred: 'info',
};

/** A status as a card shows it: its code, its label in the candidate's language and its colour. */
export const cardStatus = (code: string, t: TFunction) => ({
  code,
  label: t(`dashboard.status.${code}`),
  tone: STATUS_TONES[code] ?? 'neutral',
});

/** An application's status as a card shows it: `closed` when its position closed before a decision. */
export function shownStatus(application: StoredApplication, position: DashboardPosition, t: TFunction) {
  const active = isActiveApplication(application.status, position.closed);
  const code = !active && isActiveApplication(application.status, false) ? 'closed' : application.status;
  return { ...cardStatus(code, t), active };
}

export const link = (label: string, href: string, variant: 'primary' | 'secondary' = 'secondary', external = false) =>
  ({ label, href, external, variant }) satisfies DashboardCardControl;

/** The kebab-menu item that copies a position's address. */
export const copyLink = (href: string, t: TFunction): DashboardCardControl => ({
  label: t('dashboard.buttons.copyLink'),
  action: { type: 'copy_link', href },
  variant: 'secondary',
});

/**
 * What a card shows of the position it is about: `location` (its first location, else "Remote" for a remote one,
 * else nothing), `href` (its page, or null once it closed: a closed position's page is no longer offered), the
 * `card`'s title, subtitle, tags and link when the card is the position's, and the record's `details.position`.
 */
/**
 * An employment type as the employer wrote it, in the answer's language when it is one the product knows
 * (docs/product/languages.md#content-in-the-language); else as written.
 */
function employmentTypeLabel(text: string, t: CardContext['t']): string {
  const key = employmentTypeKey(text);
  return key ? t(`dashboard.employmentType.${key}`) : text;
}

export function positionParts(position: DashboardPosition, { t, domain }: Pick<CardContext, 't' | 'domain'>) {
  const location = position.location || (position.remote ? t('dashboard.remote') : '');
  const href = position.closed ? null : sitePath('/careers/job/:pid?', { pid: position.id }, { domain });
  const tags: DashboardCard['tags'] = [
    ...(position.department ? [{ label: position.department, tone: 'neutral' as const }] : []),
    ...(position.employmentType
      ? [{ label: employmentTypeLabel(position.employmentType, t), tone: 'neutral' as const }]
      : []),
    ...(position.remote ? [{ label: t('dashboard.remote'), tone: 'teal' as const }] : []),
  ];
  return {
    location,
    href,
    card: { title: position.title, subtitle: location || null, tags, href },
    details: { id: position.id, title: position.title, location, href, closed: position.closed },
  };
}

/** Records whose position is among `positions`, each with it (a record of a deleted position is left out). */
export function withPositions<R extends { positionId: number }>(
  records: readonly R[],
  positions: ReadonlyMap<number, DashboardPosition>,
): Array<[R, DashboardPosition]> {
  return records.flatMap((record) => {
    const position = positions.get(record.positionId);
    return position ? [[record, position] as [R, DashboardPosition]] : [];
  });
}
