import { sitePath, type DashboardCardControl, type DashboardInterview, type DashboardTone } from '../../contract';
import type { DashboardPosition, StoredInterview } from '../repository';
import { link, positionParts, withPositions, type CardContext } from './context';

const ICONS = { video: 'video', phone: 'phone', onsite: 'map-pin' } as const;

/**
 * An interview as a card: upcoming (until it ends), past, or cancelled; when (in the interview's own time zone,
 * named), where (the address, the phone number, or "Video call"), with whom. An upcoming one offers its video link
 * or directions to its address.
 */
export function interviewCard(
  interview: StoredInterview,
  position: DashboardPosition,
  ctx: CardContext,
): DashboardInterview {
  const { t, dates, domain, now } = ctx;
  const status =
    interview.status === 'cancelled'
      ? 'cancelled'
      : interview.endsAt <= now.toISOString()
        ? 'past'
        : ('upcoming' as const);
  const tone: DashboardTone = status === 'upcoming' ? 'info' : status === 'cancelled' ? 'danger' : 'neutral';
  const modeLabel = t(`dashboard.${interview.mode}`);
  const where = interview.mode === 'video' ? modeLabel : (interview.location ?? modeLabel);
  const buttons: DashboardCardControl[] = [];
  if (status === 'upcoming' && interview.mode === 'video' && interview.videoUrl) {
    buttons.push(link(t('dashboard.buttons.joinVideo'), interview.videoUrl, 'primary', true));
  }
  if (status === 'upcoming' && interview.mode === 'onsite' && interview.location) {
    const maps = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(interview.location)}`;
    buttons.push(link(t('dashboard.buttons.directions'), maps, 'secondary', true));
  }
  const { href, location } = positionParts(position, ctx);
  const menu: DashboardCardControl[] = [];
  if (interview.applicationId !== null) {
    menu.push(link(t('dashboard.buttons.viewApplication'), sitePath('/careers/applications', {}, { domain })));
  }
  if (href) menu.push(link(t('dashboard.buttons.viewPosition'), href));
  const withWhom = interview.interviewers
    .map((person) => t('dashboard.withInterviewer', { name: person.name, title: person.title }))
    .join('; ');
  return {
    card: {
      id: `interview-${interview.id}`,
      title: interview.title,
      subtitle: position.title,
      tags: [{ label: modeLabel, tone: 'neutral' }],
      href,
      icon: ICONS[interview.mode],
      status: { code: status, label: t(`dashboard.interviewStatus.${status}`), tone },
      texts: [
        ...dates.during(t('dashboard.texts.when'), interview.startsAt, interview.endsAt, interview.timeZone),
        { label: t('dashboard.texts.where'), text: where },
        ...(interview.interviewers.length > 0 ? [{ label: t('dashboard.texts.with'), text: withWhom }] : []),
      ],
      buttons,
      menu,
    },
    details: {
      interview_id: interview.id,
      application_id: interview.applicationId,
      position: { id: position.id, title: position.title, location },
      title: interview.title,
      starts_at: interview.startsAt,
      ends_at: interview.endsAt,
      time_zone: interview.timeZone,
      mode: interview.mode,
      location: interview.location,
      video_url: interview.videoUrl,
      interviewers: interview.interviewers,
      status,
    },
  };
}

/**
 * The candidate's interviews (by start time) as cards: `interviews` upcoming, soonest first; `pastInterviews` ended
 * or cancelled, latest first. Interviews of a deleted position are left out.
 */
export function interviewCards(
  interviews: readonly StoredInterview[],
  positions: ReadonlyMap<number, DashboardPosition>,
  ctx: CardContext,
) {
  const cards = withPositions(interviews, positions).map(([interview, position]) =>
    interviewCard(interview, position, ctx),
  );
  return {
    interviews: cards.filter((card) => card.details.status === 'upcoming'),
    pastInterviews: cards.filter((card) => card.details.status !== 'upcoming').reverse(),
  };
}
