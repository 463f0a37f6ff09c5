/**
 * The dashboard's card builders (server/src/dashboard/cards), with no server and no database: plain records, a
 * fixed `now`, the real translations, and every state each card can be in with the product copy it shows. The API
 * tests (dashboard.test.ts) check the same cards end to end on the demo data.
 */
import type { DashboardCardControl } from '../src/contract';
import { applicationCard, applicationCards } from '../src/dashboard/cards/applications';
import type { CardContext } from '../src/dashboard/cards/context';
import { eventCard } from '../src/dashboard/cards/events';
import { interviewCard, interviewCards } from '../src/dashboard/cards/interviews';
import { nudgeCards, type NudgeRecords } from '../src/dashboard/cards/nudges';
import { referralCards } from '../src/dashboard/cards/referrals';
import { cardDates, isoDay } from '../src/dashboard/dates';
import { applicationsCsv, applicationsCsvName } from '../src/dashboard/export';
import type {
  DashboardPosition,
  StoredApplication,
  StoredEvent,
  StoredInterview,
  StoredReferral,
} from '../src/dashboard/repository';
import { translator, type Language } from '../src/i18n';

const DOMAIN = 'acme.example';
const NOW = new Date('2026-11-26T12:00:00.000Z');

/** A context in `language` (UTC viewer) that records the stored values that are not dates. */
function context(language: Language = 'en', viewerZone = 'UTC') {
  const malformed: string[] = [];
  const ctx: CardContext = {
    t: translator(language),
    dates: cardDates(language, viewerZone, (value) => malformed.push(value)),
    domain: DOMAIN,
    now: NOW,
  };
  return { ctx, malformed };
}

const position = (extra: Partial<DashboardPosition> = {}): DashboardPosition => ({
  id: 7,
  title: 'Controls Engineer',
  location: 'Toronto, ON, Canada',
  remote: false,
  department: 'Robotics',
  employmentType: 'Full-time',
  closed: false,
  ...extra,
});

const APPLIED = '2026-11-03T15:00:00.000Z';
const UPDATED = '2026-11-10T15:00:00.000Z';

const application = (extra: Partial<StoredApplication> = {}): StoredApplication => ({
  id: 12,
  domain: DOMAIN,
  positionId: 7,
  status: 'submitted',
  createdAt: APPLIED,
  updatedAt: UPDATED,
  history: [
    { status: 'submitted', at: APPLIED },
    { status: 'in_review', at: UPDATED },
  ],
  ...extra,
});

const labels = (controls: DashboardCardControl[]) => controls.map((control) => control.label);
const POSITION_HREF = `/careers/job/7?domain=${DOMAIN}`;
/** `details.position` of an application or referral card of `position()`. */
const POSITION_DETAILS = {
  id: 7,
  title: 'Controls Engineer',
  location: 'Toronto, ON, Canada',
  href: POSITION_HREF,
  closed: false,
};

describe('applicationCard', () => {
  it('names the employment type in the answer’s language, whatever the employer’s wording', () => {
    const tagsIn = (language: Language, employmentType: string) =>
      applicationCard(application({ status: 'in_review' }), position({ employmentType }), context(language).ctx).card
        .tags;
    expect(tagsIn('fr-CA', 'Full-time')).toContainEqual({ label: 'Temps plein', tone: 'neutral' });
    expect(tagsIn('de-DE', 'full time')).toContainEqual({ label: 'Vollzeit', tone: 'neutral' });
    // A type the product does not know is shown as written.
    expect(tagsIn('fr-CA', 'Alternance')).toContainEqual({ label: 'Alternance', tone: 'neutral' });
  });

  it('shows an application in progress: position, status, dates, View position, copy link and withdraw', () => {
    const { ctx } = context();
    const view = applicationCard(application({ status: 'in_review' }), position(), ctx);
    expect(view.card).toEqual({
      id: 'application-12',
      title: 'Controls Engineer',
      subtitle: 'Toronto, ON, Canada',
      tags: [
        { label: 'Robotics', tone: 'neutral' },
        { label: 'Full-time', tone: 'neutral' },
      ],
      href: POSITION_HREF,
      icon: 'briefcase',
      status: { code: 'in_review', label: 'In review', tone: 'violet' },
      texts: [
        { label: 'Applied', text: 'Nov 3, 2026', datetime: APPLIED },
        { label: 'Last update', text: 'Nov 10, 2026', datetime: UPDATED },
      ],
      buttons: [{ label: 'View position', href: POSITION_HREF, external: false, variant: 'secondary' }],
      menu: [
        { label: 'Copy position link', action: { type: 'copy_link', href: POSITION_HREF }, variant: 'secondary' },
        {
          label: 'Withdraw application',
          action: { type: 'withdraw_application', application_id: 12 },
          confirm: {
            title: 'Withdraw your application?',
            message:
              'Your application for Controls Engineer will be withdrawn. The employer will no longer consider it; you can apply again later.',
            confirmLabel: 'Withdraw',
            cancelLabel: 'Keep application',
          },
          variant: 'danger',
        },
      ],
    });
    expect(view.details).toEqual({
      application_id: 12,
      position: POSITION_DETAILS,
      status: 'in_review',
      active: true,
      submitted_at: APPLIED,
      updated_at: UPDATED,
      history: [
        { status: 'submitted', label: 'Submitted', at: APPLIED },
        { status: 'in_review', label: 'In review', at: UPDATED },
      ],
      can_withdraw: true,
    });
  });

  it('leads an interview to the interviews page and an offer to the offers page', () => {
    const { ctx } = context();
    const interview = applicationCard(application({ status: 'interview' }), position(), ctx);
    expect(interview.card.status).toEqual({ code: 'interview', label: 'Interviewing', tone: 'warning' });
    expect(interview.card.buttons[0]).toEqual({
      label: 'View interviews',
      href: `/careers/interviews?domain=${DOMAIN}`,
      external: false,
      variant: 'primary',
    });
    const offer = applicationCard(application({ status: 'offer' }), position(), ctx);
    expect(offer.card.status).toEqual({ code: 'offer', label: 'Offer', tone: 'teal' });
    expect(offer.card.buttons.map((button) => ['href' in button && button.href, button.label])).toEqual([
      [`/careers/offers?domain=${DOMAIN}`, 'View offers'],
      [POSITION_HREF, 'View position'],
    ]);
  });

  it.each([
    ['hired', 'Hired', 'success'],
    ['rejected', 'Not selected', 'danger'],
    ['withdrawn', 'Withdrawn', 'neutral'],
  ] as const)('shows a %s application as over: no next step, no withdraw', (status, label, tone) => {
    const view = applicationCard(application({ status }), position(), context().ctx);
    expect(view.card.status).toEqual({ code: status, label, tone });
    expect(labels(view.card.buttons)).toEqual(['View position']);
    expect(labels(view.card.menu)).toEqual(['Copy position link']);
    expect(view.details).toMatchObject({ active: false, can_withdraw: false });
  });

  it('shows an application before an offer whose position closed as “Position closed”, with no link at all', () => {
    const view = applicationCard(application({ status: 'interview' }), position({ closed: true }), context().ctx);
    expect(view.card).toMatchObject({
      href: null,
      status: { code: 'closed', label: 'Position closed', tone: 'neutral' },
      buttons: [],
      menu: [],
    });
    expect(view.details).toMatchObject({ status: 'interview', active: false, position: { href: null, closed: true } });
    // An offer stands when its position closes.
    const offer = applicationCard(application({ status: 'offer' }), position({ closed: true }), context().ctx);
    expect(offer.card.status?.code).toBe('offer');
    expect(labels(offer.card.buttons)).toEqual(['View offers']);
    expect(labels(offer.card.menu)).toEqual(['Withdraw application']);
  });

  it('says Remote for a remote position without a place, and has one date line when never updated', () => {
    const view = applicationCard(
      application({ updatedAt: APPLIED }),
      position({ location: '', remote: true, department: '', employmentType: '' }),
      context().ctx,
    );
    expect(view.card.subtitle).toBe('Remote');
    expect(view.card.tags).toEqual([{ label: 'Remote', tone: 'teal' }]);
    expect(view.card.texts.map((text) => text.label)).toEqual(['Applied']);
    const nowhere = applicationCard(application(), position({ location: '' }), context().ctx);
    expect(nowhere.card.subtitle).toBeNull();
    expect(nowhere.details.position.location).toBe('');
  });

  it('writes the labels and dates in French, and days in the viewer’s time zone', () => {
    const french = applicationCard(application({ status: 'offer' }), position(), context('fr-CA').ctx);
    expect(french.card.status?.label).toBe('Offre');
    expect(labels(french.card.buttons)).toEqual(['Voir les offres', 'Voir le poste']);
    expect(french.card.texts[0]!.label).toBe('Candidature envoyée');
    const lateUtc = application({ createdAt: '2026-11-30T23:30:00.000Z' });
    expect(applicationCard(lateUtc, position(), context().ctx).card.texts[0]!.text).toBe('Nov 30, 2026');
    expect(applicationCard(lateUtc, position(), context('en', 'Asia/Tokyo').ctx).card.texts[0]!.text).toBe(
      'Dec 1, 2026',
    );
  });

  it('leaves out the line of a stored date that is not a date, and reports it', () => {
    const { ctx, malformed } = context();
    const view = applicationCard(application({ createdAt: 'yesterday' }), position(), ctx);
    expect(view.card.texts.map((text) => text.label)).toEqual(['Last update']);
    expect(view.details.submitted_at).toBe('yesterday');
    expect(malformed).toEqual(['yesterday']);
  });

  it('leaves out the applications of a deleted position, keeping the order given', () => {
    const positions = new Map([[7, position()]]);
    const views = applicationCards(
      [application({ id: 1 }), application({ id: 2, positionId: 99 }), application({ id: 3 })],
      positions,
      context().ctx,
    );
    expect(views.map((view) => view.card.id)).toEqual(['application-1', 'application-3']);
  });
});

const interview = (extra: Partial<StoredInterview> = {}): StoredInterview => ({
  id: 3,
  applicationId: 12,
  positionId: 7,
  title: 'Technical interview',
  startsAt: '2026-11-30T15:00:00.000Z',
  endsAt: '2026-11-30T16:00:00.000Z',
  timeZone: 'America/Toronto',
  mode: 'video',
  location: null,
  videoUrl: 'https://meet.acme.example/j/1',
  interviewers: [
    { name: 'Priya Natarajan', title: 'Engineering Manager' },
    { name: 'Grace Okafor', title: 'Director of Robotics' },
  ],
  status: 'scheduled',
  ...extra,
});

describe('interviewCard', () => {
  it('shows an upcoming video interview: when in its own zone, named, with whom, and the video link', () => {
    const view = interviewCard(interview(), position(), context().ctx);
    expect(view.card).toEqual({
      id: 'interview-3',
      title: 'Technical interview',
      subtitle: 'Controls Engineer',
      tags: [{ label: 'Video call', tone: 'neutral' }],
      href: POSITION_HREF,
      icon: 'video',
      status: { code: 'upcoming', label: 'Upcoming', tone: 'info' },
      texts: [
        {
          label: 'When',
          text: expect.stringMatching(/^Monday, November 30, 2026, 10:00\s–\s11:00\sAM EST$/),
          datetime: '2026-11-30T15:00:00.000Z',
        },
        { label: 'Where', text: 'Video call' },
        { label: 'With', text: 'Priya Natarajan, Engineering Manager; Grace Okafor, Director of Robotics' },
      ],
      buttons: [
        { label: 'Join video call', href: 'https://meet.acme.example/j/1', external: true, variant: 'primary' },
      ],
      menu: [
        {
          label: 'View application',
          href: `/careers/applications?domain=${DOMAIN}`,
          external: false,
          variant: 'secondary',
        },
        { label: 'View position', href: POSITION_HREF, external: false, variant: 'secondary' },
      ],
    });
    expect(view.details).toMatchObject({
      interview_id: 3,
      status: 'upcoming',
      position: { id: 7, location: 'Toronto, ON, Canada' },
    });
  });

  it('offers directions to an upcoming on-site interview, and shows a phone interview’s number', () => {
    const onsite = interviewCard(
      interview({ mode: 'onsite', location: '100 King Street West, Toronto', videoUrl: null }),
      position(),
      context().ctx,
    );
    expect(onsite.card.icon).toBe('map-pin');
    expect(onsite.card.tags).toEqual([{ label: 'On site', tone: 'neutral' }]);
    expect(onsite.card.texts[1]).toEqual({ label: 'Where', text: '100 King Street West, Toronto' });
    expect(onsite.card.buttons).toEqual([
      {
        label: 'Get directions',
        href: 'https://www.google.com/maps/search/?api=1&query=100%20King%20Street%20West%2C%20Toronto',
        external: true,
        variant: 'secondary',
      },
    ]);
    const phone = interviewCard(
      interview({ mode: 'phone', location: '+1 416 555 0147', videoUrl: null }),
      position(),
      context().ctx,
    );
    expect(phone.card).toMatchObject({ icon: 'phone', tags: [{ label: 'Phone call', tone: 'neutral' }], buttons: [] });
    expect(phone.card.texts[1]!.text).toBe('+1 416 555 0147');
  });

  it('shows a past interview as Completed and a cancelled one as Cancelled, neither with a button', () => {
    const past = interviewCard(
      interview({ startsAt: '2026-11-26T11:00:00.000Z', endsAt: '2026-11-26T12:00:00.000Z' }),
      position(),
      context().ctx,
    );
    expect(past.card.status).toEqual({ code: 'past', label: 'Completed', tone: 'neutral' });
    expect(past.card.buttons).toEqual([]);
    const cancelled = interviewCard(interview({ status: 'cancelled' }), position(), context('fr-CA').ctx);
    expect(cancelled.card.status).toEqual({ code: 'cancelled', label: 'Annulée', tone: 'danger' });
    expect(cancelled.card.buttons).toEqual([]);
  });

  it('has no With line without interviewers, no application link without an application, no position link once closed', () => {
    const view = interviewCard(
      interview({ interviewers: [], applicationId: null }),
      position({ closed: true }),
      context().ctx,
    );
    expect(view.card.texts.map((text) => text.label)).toEqual(['When', 'Where']);
    expect(view.card.href).toBeNull();
    expect(view.card.menu).toEqual([]);
  });

  it('splits upcoming (soonest first) from past and cancelled (latest first), leaving out deleted positions', () => {
    const list = [
      interview({ id: 1, startsAt: '2026-11-01T15:00:00.000Z', endsAt: '2026-11-01T16:00:00.000Z' }),
      interview({ id: 2, startsAt: '2026-11-20T15:00:00.000Z', endsAt: '2026-11-20T16:00:00.000Z' }),
      interview({ id: 3, status: 'cancelled' }),
      interview({ id: 4 }),
      interview({ id: 5, positionId: 99 }),
      interview({ id: 6, startsAt: '2026-12-02T15:00:00.000Z', endsAt: '2026-12-02T16:00:00.000Z' }),
    ];
    const { interviews, pastInterviews } = interviewCards(list, new Map([[7, position()]]), context().ctx);
    expect(interviews.map((view) => view.card.id)).toEqual(['interview-4', 'interview-6']);
    expect(pastInterviews.map((view) => view.card.id)).toEqual(['interview-3', 'interview-2', 'interview-1']);
  });
});

const event = (extra: Partial<StoredEvent> = {}): StoredEvent => ({
  id: 5,
  name: 'Virtual career fair',
  description: 'Meet our teams.',
  startsAt: '2026-12-06T17:00:00.000Z',
  endsAt: '2026-12-06T19:00:00.000Z',
  timeZone: 'America/Toronto',
  mode: 'online',
  location: null,
  registrationUrl: 'https://acme.example/events/fair',
  invitation: false,
  ...extra,
});

describe('eventCard', () => {
  it('shows an online event open to everyone, with its registration link', () => {
    const view = eventCard(event(), context().ctx);
    expect(view.card).toMatchObject({
      id: 'event-5',
      title: 'Virtual career fair',
      subtitle: 'Online',
      tags: [{ label: 'Online', tone: 'teal' }],
      href: null,
      icon: 'calendar',
      status: null,
      buttons: [{ label: 'Register', href: 'https://acme.example/events/fair', external: true, variant: 'primary' }],
      menu: [],
    });
    expect(view.card.texts.map((text) => [text.label, text.text])).toEqual([
      ['When', expect.stringMatching(/^Sunday, December 6, 2026, 12:00\s–\s2:00\sPM EST$/)],
      ['Where', 'Online'],
    ]);
    expect(view.details).toMatchObject({ event_id: 5, description: 'Meet our teams.', invitation: false });
  });

  it('shows an on-site invitation at its address, tagged Invitation', () => {
    const view = eventCard(
      event({ mode: 'onsite', location: '100 King Street West', invitation: true }),
      context().ctx,
    );
    expect(view.card.subtitle).toBe('100 King Street West');
    expect(view.card.tags).toEqual([
      { label: 'On site', tone: 'neutral' },
      { label: 'Invitation', tone: 'violet' },
    ]);
    expect(view.card.texts[1]).toEqual({ label: 'Where', text: '100 King Street West' });
    // An on-site event without an address says where it is as “On site”.
    expect(eventCard(event({ mode: 'onsite' }), context().ctx).card.subtitle).toBe('On site');
  });

  it('leaves out the When line of an event whose time is not a date', () => {
    const { ctx, malformed } = context();
    expect(eventCard(event({ endsAt: 'soon' }), ctx).card.texts.map((text) => text.label)).toEqual(['Where']);
    expect(malformed).toEqual(['soon']);
  });
});

const referral = (extra: Partial<StoredReferral> = {}): StoredReferral => ({
  id: 4,
  positionId: 7,
  referrerName: 'Jordan Lee',
  referrerEmail: 'jordan.lee@acme.example',
  createdAt: '2026-11-12T15:00:00.000Z',
  ...extra,
});

describe('referralCards', () => {
  const positions = new Map([
    [7, position()],
    [8, position({ id: 8, title: 'Technical Writer', closed: true })],
  ]);
  const APPLY_HREF = `/careers/apply?domain=${DOMAIN}&pid=7`;

  it('with the gate open, follows the candidate’s application, else “Not applied yet” with Apply', () => {
    const applied = referralCards([referral()], positions, [application({ status: 'in_review' })], true, context().ctx);
    expect(applied[0]!.card).toMatchObject({
      id: 'referral-4',
      title: 'Controls Engineer',
      subtitle: 'Toronto, ON, Canada',
      href: POSITION_HREF,
      icon: 'user-plus',
      status: { code: 'in_review', label: 'In review', tone: 'violet' },
      texts: [
        { label: 'Referred by', text: 'Jordan Lee' },
        { label: 'Referred on', text: 'Nov 12, 2026', datetime: '2026-11-12T15:00:00.000Z' },
      ],
      buttons: [
        {
          label: 'View application',
          href: `/careers/applications?domain=${DOMAIN}`,
          external: false,
          variant: 'secondary',
        },
      ],
      menu: [{ label: 'Copy position link', action: { type: 'copy_link', href: POSITION_HREF }, variant: 'secondary' }],
    });
    expect(applied[0]!.details).toEqual({
      referral_id: 4,
      referrer: { name: 'Jordan Lee', email: 'jordan.lee@acme.example' },
      position: POSITION_DETAILS,
      referred_at: '2026-11-12T15:00:00.000Z',
      status: 'in_review',
      application_id: 12,
    });
    const notApplied = referralCards([referral()], positions, [], true, context().ctx);
    expect(notApplied[0]!.card.status).toEqual({ code: 'not_applied', label: 'Not applied yet', tone: 'warning' });
    expect(notApplied[0]!.card.buttons).toEqual([
      { label: 'Apply', href: APPLY_HREF, external: false, variant: 'primary' },
    ]);
    expect(notApplied[0]!.details.application_id).toBeNull();
  });

  it('with the gate closed, shows a referral alone: “Referred” with Apply, whatever the candidate applied to', () => {
    const [view] = referralCards([referral()], positions, [application()], false, context().ctx);
    expect(view!.card.status).toEqual({ code: 'referred', label: 'Referred', tone: 'info' });
    expect(labels(view!.card.buttons)).toEqual(['Apply']);
    expect(view!.details.application_id).toBeNull();
  });

  it('shows a referral to a closed position as “Position closed”, with no button and no link; a deleted one not at all', () => {
    const views = referralCards(
      [referral({ id: 1, positionId: 8 }), referral({ id: 2, positionId: 99 })],
      positions,
      [],
      true,
      context('fr-CA').ctx,
    );
    expect(views).toHaveLength(1);
    expect(views[0]!.card).toMatchObject({
      href: null,
      status: { code: 'closed', label: 'Poste fermé', tone: 'neutral' },
      buttons: [],
      menu: [],
    });
  });
});

describe('nudgeCards', () => {
  const records = (extra: Partial<NudgeRecords> = {}): NudgeRecords => ({
    offers: [],
    forms: [],
    drafts: [],
    draftPositions: new Map(),
    gaps: [],
    own: undefined,
    company: 'Acme Robotics',
    ...extra,
  });

  it('asks to sign offers, the soonest deadline first and those without one last, each on its offer page', () => {
    const nudges = nudgeCards(
      records({
        offers: [
          { enc_id: 'none', position_name: 'Designer', expires_at: null },
          { enc_id: 'late', position_name: 'Engineer', expires_at: '2026-12-20T00:00:00.000Z' },
          { enc_id: 'a b', position_name: 'Writer', expires_at: '2026-11-27T00:00:00.000Z' },
        ],
      }),
      context().ctx,
    );
    expect(nudges.map((nudge) => nudge.details)).toEqual([
      { kind: 'sign_offer', href: `/careers/offer/a%20b?domain=${DOMAIN}`, subject: 'a b' },
      { kind: 'sign_offer', href: `/careers/offer/late?domain=${DOMAIN}`, subject: 'late' },
      { kind: 'sign_offer', href: `/careers/offer/none?domain=${DOMAIN}`, subject: 'none' },
    ]);
    expect(nudges[0]!.card).toEqual({
      id: 'nudge-offer-a b',
      title: 'Review and sign your offer',
      subtitle: 'Writer',
      tags: [],
      href: `/careers/offer/a%20b?domain=${DOMAIN}`,
      icon: 'award',
      status: null,
      texts: [{ label: 'Expires', text: 'Nov 27, 2026', datetime: '2026-11-27T00:00:00.000Z' }],
      buttons: [
        { label: 'Review offer', href: `/careers/offer/a%20b?domain=${DOMAIN}`, external: false, variant: 'primary' },
      ],
      menu: [],
    });
    expect(nudges[2]!.card.texts).toEqual([]);
  });

  it('asks to complete assigned forms, from the employer or already started', () => {
    const nudges = nudgeCards(
      records({
        forms: [
          { id: 31, domain: DOMAIN, status: 'open', title: 'Background check consent' },
          { id: 32, domain: DOMAIN, status: 'in_progress', title: 'Work authorization' },
        ],
      }),
      context().ctx,
    );
    expect(nudges.map((nudge) => [nudge.card.title, nudge.card.subtitle, nudge.details.href])).toEqual([
      [
        'Complete Background check consent',
        'A form Acme Robotics asked you to fill in',
        `/careers/forms/31?domain=${DOMAIN}`,
      ],
      [
        'Complete Work authorization',
        'You started this form: finish and submit it',
        `/careers/forms/32?domain=${DOMAIN}`,
      ],
    ]);
    expect(nudges.map((nudge) => [nudge.card.icon, labels(nudge.card.buttons)])).toEqual([
      ['file', ['Open form']],
      ['file', ['Open form']],
    ]);
  });

  it('asks to finish a draft while one of its positions is open, naming the open ones', () => {
    const nudges = nudgeCards(
      records({
        drafts: [
          { id: 41, positionIds: [7, 8, 9], updatedAt: '2026-11-25T12:00:00.000Z' },
          { id: 42, positionIds: [8], updatedAt: '2026-11-20T12:00:00.000Z' },
        ],
        draftPositions: new Map([
          [7, position()],
          [8, position({ id: 8, title: 'Technical Writer', closed: true })],
          [9, position({ id: 9, title: 'Data Engineer' })],
        ]),
      }),
      context().ctx,
    );
    expect(nudges).toHaveLength(1);
    expect(nudges[0]!.details).toEqual({
      kind: 'finish_draft',
      href: `/careers/apply?domain=${DOMAIN}&pid=7,8,9`,
      subject: '41',
    });
    expect(nudges[0]!.card).toMatchObject({
      title: 'Finish your application',
      subtitle: 'Controls Engineer, Data Engineer',
      icon: 'edit',
      texts: [{ label: 'Last saved', text: 'Nov 25, 2026' }],
      buttons: [{ label: 'Continue application' }],
    });
  });

  it('asks for what the profile lacks, only where the employer’s profile page shows it', () => {
    const all = nudgeCards(records({ gaps: ['resume', 'location', 'skills'] }), context().ctx);
    expect(all.map((nudge) => [nudge.card.title, nudge.card.subtitle, labels(nudge.card.buttons)[0]])).toEqual([
      ['Upload your resume', 'A resume fills in your profile and improves your job matches', 'Upload resume'],
      ['Add your location', 'Your location helps us show jobs near you', 'Edit profile'],
      ['Add your skills', 'Your skills explain how you match each position', 'Edit profile'],
    ]);
    expect(all.map((nudge) => nudge.details)).toEqual(
      ['resume', 'location', 'skills'].map((subject) => ({
        kind: 'complete_profile',
        href: `/careers/profile?domain=${DOMAIN}`,
        subject,
      })),
    );
    const withoutResumes = nudgeCards(
      records({
        gaps: ['resume', 'location', 'skills'],
        own: { sections: ['summary', 'skills'], fields: { basic_info: [] } },
      }),
      context('fr-CA').ctx,
    );
    expect(withoutResumes.map((nudge) => nudge.details.subject)).toEqual(['skills']);
    expect(withoutResumes[0]!.card.title).toBe('Ajoutez vos compétences');
  });

  it('keeps the order offers, forms, drafts, profile', () => {
    const nudges = nudgeCards(
      records({
        offers: [{ enc_id: 'o', position_name: 'Engineer', expires_at: null }],
        forms: [{ id: 1, domain: DOMAIN, status: 'open', title: 'Consent' }],
        drafts: [{ id: 2, positionIds: [7], updatedAt: '2026-11-25T12:00:00.000Z' }],
        draftPositions: new Map([[7, position()]]),
        gaps: ['skills'],
      }),
      context().ctx,
    );
    expect(nudges.map((nudge) => nudge.details.kind)).toEqual([
      'sign_offer',
      'complete_form',
      'finish_draft',
      'complete_profile',
    ]);
  });
});

describe('dates', () => {
  it('writes a day as YYYY-MM-DD in a time zone, and null for a non-date', () => {
    expect(isoDay('2026-11-30T23:30:00.000Z', 'UTC')).toBe('2026-11-30');
    expect(isoDay('2026-11-30T23:30:00.000Z', 'Asia/Tokyo')).toBe('2026-12-01');
    expect(isoDay('not a date', 'UTC')).toBeNull();
  });

  it('writes an event in UTC, named, when its stored zone is unknown', () => {
    const [line] = cardDates('en', 'UTC', () => undefined).during(
      'When',
      '2026-12-06T17:00:00.000Z',
      '2026-12-06T18:00:00.000Z',
      'Mars/Olympus',
    );
    expect(line!.text).toMatch(/^Sunday, December 6, 2026, 5:00\s–\s6:00\sPM UTC$/);
  });
});

describe('applicationsCsv', () => {
  it('lists in progress first, then over, with headers and statuses in the language, days in the zone', () => {
    const { ctx, malformed } = context('fr-CA');
    const positions = new Map([[7, position()]]);
    const views = applicationCards(
      [
        application({ id: 1, status: 'hired', createdAt: '2026-10-01T12:00:00.000Z' }),
        application({ id: 2, status: 'in_review', updatedAt: 'bad' }),
      ],
      positions,
      ctx,
    );
    const csv = applicationsCsv(views, 'Asia/Tokyo', ctx.t, (value) => malformed.push(value));
    expect(csv.split('\r\n')).toEqual([
      '\uFEFF"Poste","Numéro du poste","Lieu","Statut","Date de candidature","Dernière mise à jour"',
      '"Controls Engineer","7","Toronto, ON, Canada","En cours d’examen","2026-11-04",""',
      '"Controls Engineer","7","Toronto, ON, Canada","Embauché·e","2026-10-01","2026-11-11"',
      '',
    ]);
    expect(malformed).toEqual(['bad', 'bad']);
    expect(applicationsCsvName(NOW, 'Asia/Tokyo', ctx.t).name).toMatch(/^[^/]+-2026-11-26\.csv$/);
  });
});
