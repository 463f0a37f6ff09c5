import { sitePath } from '@careers/shared';
import type { DashboardTone, DraftApplication, Offer, PositionSummary } from '@careers/shared/contract';
import { formatDate, type CardControl, type ViewCard } from './card';

/** The widget's translate function (namespace `dashboard`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

interface CardContext {
  t: Translate;
  language: string;
  domain: string;
}

/** A dated line of a card, left out when the date is not one. */
function dated(label: string, iso: string | null | undefined, language: string): ViewCard['texts'] {
  const text = formatDate(iso, language);
  return text && iso ? [{ label, text, datetime: iso }] : [];
}

/** A saved position (GET /api/pcsx/positions/saved): apply, remove from the saved jobs, copy its link. */
export function savedPositionCard(position: PositionSummary, { t, language, domain }: CardContext): ViewCard {
  const href = sitePath('/careers/job/:pid?', { pid: position.id }, { domain });
  // Closed as the server's one open rule has it (server/src/positions/open.ts): archived, or past its
  // valid-through date; its job page answers 404, so the card offers no link or apply.
  const closed =
    position.archived_at !== null ||
    (position.valid_through !== null && Date.parse(position.valid_through) <= Date.now());
  const buttons: CardControl[] = [];
  if (!closed) {
    buttons.push({
      label: t('saved.apply'),
      href: sitePath('/careers/apply', {}, { domain, pid: position.id }),
      external: false,
      variant: 'primary',
    });
  }
  buttons.push({
    label: t('saved.unsave'),
    action: { type: 'unsave_position', position_id: position.id },
    variant: 'secondary',
  });
  const tags: ViewCard['tags'] = [position.department, position.employment_type]
    .filter((label) => label.trim() !== '')
    .map((label) => ({ label, tone: 'neutral' as const }));
  if (position.is_remote) tags.push({ label: t('saved.remote'), tone: 'teal' });
  return {
    id: `saved-${position.id}`,
    title: position.name,
    subtitle: position.location || null,
    tags,
    href: closed ? null : href,
    icon: 'briefcase',
    status: closed ? { code: 'closed', label: t('saved.closed'), tone: 'neutral' } : null,
    texts: dated(t('saved.posted'), position.posted_at, language),
    buttons,
    menu: closed ? [] : [{ label: t('card.copyLink'), action: { type: 'copy_link', href }, variant: 'secondary' }],
  };
}

const OFFER_STATUS: Record<Offer['status'], { key: string; tone: DashboardTone }> = {
  Extended: { key: 'extended', tone: 'warning' },
  'Contract Extended': { key: 'contractExtended', tone: 'warning' },
  Accepted: { key: 'accepted', tone: 'success' },
  'Contract Accepted': { key: 'contractAccepted', tone: 'success' },
  Declined: { key: 'declined', tone: 'neutral' },
  Canceled: { key: 'canceled', tone: 'neutral' },
  Rejected: { key: 'rejected', tone: 'danger' },
};

/** An offer (GET /api/offer/offers, the offers widget's call): its status, dates and a link to answer it. */
export function offerCard(offer: Offer, { t, language, domain }: CardContext, now = Date.now()): ViewCard {
  const page = offer.acceptance === 'upload' ? '/careers/offer-letter/:id' : '/careers/offer/:id';
  const href = sitePath(page, { id: offer.enc_id }, { domain });
  const pending = offer.status === 'Extended' || offer.status === 'Contract Extended';
  const expired = pending && offer.expires_at !== null && new Date(offer.expires_at).getTime() < now;
  const status = expired ? { key: 'expired', tone: 'neutral' as const } : OFFER_STATUS[offer.status];
  return {
    id: `offer-${offer.id}`,
    title: offer.position.name,
    subtitle: null,
    tags: [],
    href,
    icon: 'award',
    status: status
      ? { code: expired ? 'expired' : offer.status, label: t(`offers.status.${status.key}`), tone: status.tone }
      : null,
    texts: [
      ...dated(t('offers.updated'), offer.updated_at, language),
      ...(pending && !expired ? dated(t('offers.expires'), offer.expires_at, language) : []),
    ],
    buttons: [
      {
        label: pending && !expired ? t('offers.answer') : t('offers.view'),
        href,
        external: false,
        variant: pending && !expired ? 'primary' : 'secondary',
      },
    ],
    menu: [],
  };
}

/** Whether a draft's position is still open (docs/product/dashboard.md#drafts-tab: `archived_at` below 0). */
export const isOpenDraft = (draft: DraftApplication) => draft.position.archived_at < 0;

/** A draft application: continue it (open position only) or delete it. */
export function draftCard(draft: DraftApplication, { t, language }: CardContext): ViewCard {
  const open = isOpenDraft(draft);
  const buttons: CardControl[] = [];
  if (open) buttons.push({ label: t('drafts.continue'), href: draft.href, external: false, variant: 'primary' });
  buttons.push({
    label: t('drafts.delete'),
    action: { type: 'delete_draft', position_id: draft.position.id },
    variant: 'danger',
  });
  return {
    id: `draft-${draft.id}`,
    title: draft.position.name,
    subtitle: draft.position.location || null,
    tags: [],
    href: open ? draft.href : null,
    icon: 'edit',
    status: open
      ? { code: 'draft', label: t('drafts.statusOpen'), tone: 'info' }
      : { code: 'closed', label: t('drafts.statusClosed'), tone: 'neutral' },
    texts: dated(t('drafts.saved'), draft.updated_at, language),
    buttons,
    menu: [],
  };
}
