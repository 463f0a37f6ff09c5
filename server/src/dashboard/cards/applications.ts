import { sitePath, type DashboardApplication, type DashboardCard, type DashboardCardControl } from '../../contract';
import type { DashboardPosition, StoredApplication } from '../repository';
import { copyLink, link, positionParts, shownStatus, withPositions, type CardContext } from './context';

/**
 * An application as a card: its position (linked while open), its status, when it was made and last changed; an
 * application in progress leads to its next step (interviews, offers) and can be withdrawn after a confirmation.
 */
export function applicationCard(
  application: StoredApplication,
  position: DashboardPosition,
  ctx: CardContext,
): DashboardApplication {
  const { t, dates, domain } = ctx;
  const status = shownStatus(application, position, t);
  const shown = positionParts(position, ctx);
  const { href } = shown;
  const buttons: DashboardCardControl[] = [];
  if (status.active && application.status === 'interview') {
    buttons.push(
      link(t('dashboard.buttons.viewInterviews'), sitePath('/careers/interviews', {}, { domain }), 'primary'),
    );
  } else if (status.active && application.status === 'offer') {
    buttons.push(link(t('dashboard.buttons.viewOffers'), sitePath('/careers/offers', {}, { domain }), 'primary'));
  }
  if (href) buttons.push(link(t('dashboard.buttons.viewPosition'), href));
  const menu: DashboardCardControl[] = href ? [copyLink(href, t)] : [];
  if (status.active) {
    menu.push({
      label: t('dashboard.buttons.withdraw'),
      action: { type: 'withdraw_application', application_id: application.id },
      confirm: {
        title: t('dashboard.withdrawConfirm.title'),
        message: t('dashboard.withdrawConfirm.message', { position: position.title }),
        confirmLabel: t('dashboard.withdrawConfirm.confirm'),
        cancelLabel: t('dashboard.withdrawConfirm.cancel'),
      },
      variant: 'danger',
    });
  }
  const texts: DashboardCard['texts'] = dates.dated(t('dashboard.texts.applied'), application.createdAt);
  if (application.updatedAt !== application.createdAt) {
    texts.push(...dates.dated(t('dashboard.texts.updated'), application.updatedAt));
  }
  return {
    card: {
      id: `application-${application.id}`,
      ...shown.card,
      icon: 'briefcase',
      status: { code: status.code, label: status.label, tone: status.tone },
      texts,
      buttons,
      menu,
    },
    details: {
      application_id: application.id,
      position: shown.details,
      status: application.status,
      active: status.active,
      submitted_at: application.createdAt,
      updated_at: application.updatedAt,
      history: application.history.map((event) => ({
        status: event.status,
        label: t(`dashboard.status.${event.status}`),
        at: event.at,
      })),
      can_withdraw: status.active,
    },
  };
}

/** The candidate's applications as cards, in the order given (applications of a deleted position are left out). */
export const applicationCards = (
  applications: readonly StoredApplication[],
  positions: ReadonlyMap<number, DashboardPosition>,
  ctx: CardContext,
): DashboardApplication[] =>
  withPositions(applications, positions).map(([application, position]) => applicationCard(application, position, ctx));
