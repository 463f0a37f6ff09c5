import {
  isProfileFieldShown,
  shownProfileSections,
  sitePath,
  type DashboardCard,
  type DashboardNudge,
  type ProfileOwnConfig,
} from '../../contract';
import type { StoredDraft } from '../../forms/repository';
import type { DashboardPosition, OpenForm, OpenOffer, ProfileGap } from '../repository';
import { link, type CardContext } from './context';

/** The candidate's records a nudge can come from, read for one call. */
export interface NudgeRecords {
  /** Offers waiting for an answer (not expired), newest first. */
  offers: readonly OpenOffer[];
  /** Assigned forms still to complete, most recently assigned first. */
  forms: readonly OpenForm[];
  /**
   * Draft applications, most recently saved first, and their positions. A draft's `positionIds` are as stored
   * (ascending, without repeats: `positionIdsKey`), so its Apply address names them as the apply page saves them.
   */
  drafts: ReadonlyArray<Pick<StoredDraft, 'id' | 'positionIds' | 'updatedAt'>>;
  draftPositions: ReadonlyMap<number, DashboardPosition>;
  /** What the profile lacks, and what the employer's profile page shows (`profileConfig.own`). */
  gaps: readonly ProfileGap[];
  own: ProfileOwnConfig | undefined;
  /** The employer's name (an assigned form is "from" it). */
  company: string;
}

type NudgeCard = Pick<DashboardCard, 'title' | 'subtitle' | 'icon' | 'texts'> & { button: string };

/** A nudge: a card whose one button, like its title, leads to the page where the candidate does it. */
const nudge = (
  id: string,
  kind: DashboardNudge['details']['kind'],
  subject: string,
  href: string,
  card: NudgeCard,
): DashboardNudge => ({
  card: {
    id: `nudge-${id}`,
    title: card.title,
    subtitle: card.subtitle,
    tags: [],
    href,
    icon: card.icon,
    status: null,
    texts: card.texts,
    buttons: [link(card.button, href, 'primary')],
    menu: [],
  },
  details: { kind, href, subject },
});

/** Whether the employer's profile page shows where to fill `gap`: a nudge never leads to a missing card. */
const shownGap = (gap: ProfileGap, own: ProfileOwnConfig | undefined) =>
  gap === 'location'
    ? isProfileFieldShown(own, 'basic_info', 'location')
    : shownProfileSections(own).includes(gap === 'resume' ? 'resumes' : 'skills');

/**
 * What the candidate can do next, in this order (docs/product/dashboard.md#nudges): sign an offer (the soonest
 * deadline first), complete an assigned form, finish a draft application (while one of its positions is open),
 * complete the profile.
 */
export function nudgeCards(records: NudgeRecords, { t, dates, domain }: CardContext): DashboardNudge[] {
  // The soonest deadline first (issue 22: an offer expiring tomorrow came last, after offers with weeks left);
  // offers without an expiry after those with one, then newest first as before (the sort is stable).
  const byDeadline = [...records.offers].sort(
    (a, b) =>
      Number(a.expires_at === null) - Number(b.expires_at === null) ||
      (a.expires_at ?? '').localeCompare(b.expires_at ?? ''),
  );
  const offers = byDeadline.map((offer) =>
    nudge(
      `offer-${offer.enc_id}`,
      'sign_offer',
      offer.enc_id,
      sitePath('/careers/offer/:id', { id: offer.enc_id }, { domain }),
      {
        title: t('dashboard.nudges.signOffer.title'),
        subtitle: t('dashboard.nudges.signOffer.subtitle', { position: offer.position_name }),
        icon: 'award',
        texts: offer.expires_at ? dates.dated(t('dashboard.texts.expires'), offer.expires_at) : [],
        button: t('dashboard.nudges.signOffer.button'),
      },
    ),
  );
  const forms = records.forms.map((form) =>
    nudge(
      `form-${form.id}`,
      'complete_form',
      String(form.id),
      sitePath('/careers/forms/:formId?', { formId: form.id }, { domain }),
      {
        title: t('dashboard.nudges.completeForm.title', { form: form.title }),
        subtitle:
          form.status === 'in_progress'
            ? t('dashboard.nudges.completeForm.subtitleInProgress')
            : t('dashboard.nudges.completeForm.subtitle', { company: records.company }),
        icon: 'file',
        texts: [],
        button: t('dashboard.nudges.completeForm.button'),
      },
    ),
  );
  const drafts = records.drafts.flatMap((draft) => {
    const open = draft.positionIds.flatMap((id) => {
      const position = records.draftPositions.get(id);
      return position && !position.closed ? [position] : [];
    });
    if (open.length === 0) return [];
    return [
      nudge(
        `draft-${draft.id}`,
        'finish_draft',
        String(draft.id),
        sitePath('/careers/apply', {}, { domain, pid: draft.positionIds }),
        {
          title: t('dashboard.nudges.finishDraft.title'),
          subtitle: t('dashboard.nudges.finishDraft.subtitle', {
            position: open.map((position) => position.title).join(', '),
          }),
          icon: 'edit',
          texts: dates.dated(t('dashboard.texts.lastSaved'), draft.updatedAt),
          button: t('dashboard.nudges.finishDraft.button'),
        },
      ),
    ];
  });
  const profile = records.gaps
    .filter((gap) => shownGap(gap, records.own))
    .map((gap) =>
      nudge(`profile-${gap}`, 'complete_profile', gap, sitePath('/careers/profile', {}, { domain }), {
        title: t(`dashboard.nudges.profile.${gap}.title`),
        subtitle: t(`dashboard.nudges.profile.${gap}.subtitle`),
        icon: 'user',
        texts: [],
        button: t(`dashboard.nudges.profile.${gap}.button`),
      }),
    );
  return [...offers, ...forms, ...drafts, ...profile];
}
