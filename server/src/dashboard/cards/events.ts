import type { DashboardEvent } from '../../contract';
import type { StoredEvent } from '../repository';
import { link, type CardContext } from './context';

/**
 * A career event as a card: where (the address, or "Online"), when (in the event's time zone, named), an
 * "Invitation" tag for one addressed to the candidate alone, and the employer's registration link.
 */
export function eventCard(event: StoredEvent, { t, dates }: CardContext): DashboardEvent {
  const modeLabel = t(`dashboard.${event.mode}`);
  const where = event.mode === 'online' ? modeLabel : (event.location ?? modeLabel);
  return {
    card: {
      id: `event-${event.id}`,
      title: event.name,
      subtitle: where,
      tags: [
        { label: modeLabel, tone: event.mode === 'online' ? 'teal' : 'neutral' },
        ...(event.invitation ? [{ label: t('dashboard.invitation'), tone: 'violet' as const }] : []),
      ],
      href: null,
      icon: 'calendar',
      status: null,
      texts: [
        ...dates.during(t('dashboard.texts.when'), event.startsAt, event.endsAt, event.timeZone),
        { label: t('dashboard.texts.where'), text: where },
      ],
      buttons: [link(t('dashboard.buttons.register'), event.registrationUrl, 'primary', true)],
      menu: [],
    },
    details: {
      event_id: event.id,
      name: event.name,
      description: event.description,
      starts_at: event.startsAt,
      ends_at: event.endsAt,
      time_zone: event.timeZone,
      mode: event.mode,
      location: event.location,
      registration_url: event.registrationUrl,
      invitation: event.invitation,
    },
  };
}
