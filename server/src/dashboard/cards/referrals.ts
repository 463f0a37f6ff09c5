import { sitePath, type DashboardCardControl, type DashboardReferral } from '../../contract';
import type { DashboardPosition, StoredApplication, StoredReferral } from '../repository';
import { cardStatus, copyLink, link, positionParts, shownStatus, withPositions, type CardContext } from './context';

/**
 * Who referred the candidate to which position, as cards (in the order given; referrals of a deleted position are
 * left out). `applications` are the candidate's, joined by position when the employer's gate
 * `referralWithCandidateApplicationGate` is open (`withApplication`, docs/product/dashboard.md#referrals-tab): the
 * status is then the application's, else `not_applied` with an Apply button. With the gate closed a referral is
 * shown alone, `referred` with Apply. Either way a referral to a closed position is `closed`, with no button.
 */
export function referralCards(
  referrals: readonly StoredReferral[],
  positions: ReadonlyMap<number, DashboardPosition>,
  applications: readonly StoredApplication[],
  withApplication: boolean,
  ctx: CardContext,
): DashboardReferral[] {
  const { t, dates, domain } = ctx;
  const byPosition = new Map(applications.map((application) => [application.positionId, application]));
  return withPositions(referrals, positions).map(([referral, position]) => {
    const application = withApplication ? byPosition.get(position.id) : undefined;
    const shown = positionParts(position, ctx);
    const code =
      (application && shownStatus(application, position, t).code) ??
      (position.closed ? 'closed' : withApplication ? 'not_applied' : 'referred');
    const buttons: DashboardCardControl[] = [];
    if (application)
      buttons.push(link(t('dashboard.buttons.viewApplication'), sitePath('/careers/applications', {}, { domain })));
    else if (!position.closed)
      buttons.push(
        link(t('dashboard.buttons.apply'), sitePath('/careers/apply', {}, { domain, pid: position.id }), 'primary'),
      );
    return {
      card: {
        id: `referral-${referral.id}`,
        ...shown.card,
        icon: 'user-plus',
        status: cardStatus(code, t),
        texts: [
          { label: t('dashboard.texts.referredBy'), text: referral.referrerName },
          ...dates.dated(t('dashboard.texts.referredOn'), referral.createdAt),
        ],
        buttons,
        menu: shown.href ? [copyLink(shown.href, t)] : [],
      },
      details: {
        referral_id: referral.id,
        referrer: { name: referral.referrerName, email: referral.referrerEmail },
        position: shown.details,
        referred_at: referral.createdAt,
        status: code,
        application_id: application?.id ?? null,
      },
    };
  });
}
