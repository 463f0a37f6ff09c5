/**
 * The dashboard's API (docs/product/dashboard.md: `dashboard/applications`, `/interviews`, `/events`,
 * `/referrals`, `/nudges`, and the withdraw call we add) on SQLite and PostgreSQL: the demo data in every card
 * state, each answer's shape (the contract's schemas), statuses and their history, English and French labels,
 * withdrawing (own only, once, active only), one candidate never seeing another's records, signed-out calls, CSRF
 * and bad input naming the field.
 */
import { Value } from '@sinclair/typebox/value';
import {
  DashboardApplicationsResponse,
  DashboardEventsResponse,
  DashboardInterviewsResponse,
  DashboardNudgesResponse,
  DashboardReferralsResponse,
  WithdrawApplicationResponse,
  type DashboardApplication,
  type DashboardCardControl,
} from '../src/contract';
import { matchRoute } from '../src/contract';
import { seedDemoDashboard } from '../src/dashboard/demo';
import { assignedFormHref } from '../src/forms/demo-forms';
import { createFormRepository } from '../src/forms/repository';
import { insertPositions, type NewPosition } from '../src/positions/repository';
import {
  DASHBOARD_DEMO_TITLES,
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_OTHER_EMAIL,
  demoClients,
  type TestClient,
  useTestApp,
} from './helpers';

const ctx = useTestApp();

let casey: TestClient;
let olive: TestClient;
let visitor: TestClient;
const DAY = 24 * 3600 * 1000;

const position = (title: string, extra: Partial<NewPosition> = {}): NewPosition => ({
  domain: DEMO_DOMAIN,
  title,
  description: `<p>${title}</p>`,
  department: 'Robotics',
  employmentType: 'Full-time',
  remote: false,
  skills: ['C++'],
  locations: [{ name: 'Toronto, ON, Canada', lat: 43.65, lng: -79.38 }],
  postedAt: new Date(Date.now() - 100 * DAY).toISOString(),
  ...extra,
});

const ids: Record<string, number> = {};

const get = (client: TestClient, what: string, query = '') =>
  client.get(`/api/pcsx/dashboard/${what}?domain=${DEMO_DOMAIN}${query}`);
const withdraw = (client: TestClient, body: unknown, query = '') =>
  client.post(`/api/pcsx/dashboard/applications/withdraw${query}`, body);

const schemaErrors = (schema: Parameters<typeof Value.Errors>[0], value: unknown) =>
  [...Value.Errors(schema, value)].map((error) => `${error.path}: ${error.message}`);

const byTitle = (list: DashboardApplication[], title: string) => {
  const found = list.find((item) => item.card.title === title);
  if (!found) throw new Error(`no application for ${title}`);
  return found;
};
const labels = (controls: DashboardCardControl[]) => controls.map((control) => control.label);

beforeAll(async () => {
  const inserted = await insertPositions(ctx.db, [
    ...DASHBOARD_DEMO_TITLES.map((title) =>
      position(title, title === 'Technical Writer' ? { remote: true, locations: [] } : {}),
    ),
    position('Legacy Assembly Technician', { archivedAt: new Date(Date.now() - 2 * DAY).toISOString() }),
  ]);
  [...DASHBOARD_DEMO_TITLES, 'Legacy Assembly Technician'].forEach((title, index) => (ids[title] = inserted[index]!));
  expect(await seedDemoDashboard(ctx.db, DEMO_DOMAIN)).toBe(true);

  ({ casey, olive, visitor } = await demoClients(ctx.app));
});

describe('the dashboard demo', () => {
  it('seeds once, for both demo candidates', async () => {
    expect(await seedDemoDashboard(ctx.db, DEMO_DOMAIN)).toBe(false);
    const counts = await ctx.db
      .selectFrom('interviews as i')
      .innerJoin('candidates as c', 'c.id', 'i.candidate_id')
      .select(['c.email', (eb) => eb.fn.countAll<number | string>().as('count')])
      .groupBy('c.email')
      .orderBy('c.email')
      .execute();
    expect(counts.map((row) => [row.email, Number(row.count)])).toEqual([
      [DEMO_CANDIDATE_EMAIL, 5],
      [DEMO_OTHER_EMAIL, 1],
    ]);
  });
});

describe('GET /api/pcsx/dashboard/applications', () => {
  it('lists Casey’s applications in every state: in progress, then over, each as a card with its history', async () => {
    const res = await get(casey, 'applications');
    expect(res.statusCode).toBe(200);
    expect(schemaErrors(DashboardApplicationsResponse, res.json())).toEqual([]);
    const { applications, inactiveApplications } = res.json().data as {
      applications: DashboardApplication[];
      inactiveApplications: DashboardApplication[];
    };
    // Most recently updated first.
    expect(applications.map((item) => [item.card.title, item.card.status])).toEqual([
      ['Robotics Software Engineer', { code: 'offer', label: 'Offer', tone: 'teal' }],
      ['Senior Controls Engineer', { code: 'in_review', label: 'In review', tone: 'violet' }],
      ['Field Service Technician', { code: 'submitted', label: 'Submitted', tone: 'info' }],
      ['Motion Planning Engineer', { code: 'interview', label: 'Interviewing', tone: 'warning' }],
    ]);
    expect(inactiveApplications.map((item) => [item.card.title, item.card.status])).toEqual([
      ['Data Engineer', { code: 'withdrawn', label: 'Withdrawn', tone: 'neutral' }],
      ['Product Designer', { code: 'rejected', label: 'Not selected', tone: 'danger' }],
      ['Legacy Assembly Technician', { code: 'closed', label: 'Position closed', tone: 'neutral' }],
      ['Manufacturing Engineer', { code: 'hired', label: 'Hired', tone: 'success' }],
    ]);

    const offer = byTitle(applications, 'Robotics Software Engineer');
    const positionHref = `/careers/job/${ids['Robotics Software Engineer']}?domain=${DEMO_DOMAIN}`;
    expect(offer.card).toMatchObject({
      id: `application-${offer.details.application_id}`,
      subtitle: 'Toronto, ON, Canada',
      tags: [
        { label: 'Robotics', tone: 'neutral' },
        { label: 'Full-time', tone: 'neutral' },
      ],
      href: positionHref,
      icon: 'briefcase',
      buttons: [
        { label: 'View offers', href: `/careers/offers?domain=${DEMO_DOMAIN}`, external: false, variant: 'primary' },
        { label: 'View position', href: positionHref, external: false, variant: 'secondary' },
      ],
    });
    expect(offer.card.texts.map((text) => text.label)).toEqual(['Applied', 'Last update']);
    expect(offer.card.texts[0]!.datetime).toBe(offer.details.submitted_at);
    expect(offer.card.menu).toEqual([
      { label: 'Copy position link', action: { type: 'copy_link', href: positionHref }, variant: 'secondary' },
      {
        label: 'Withdraw application',
        action: { type: 'withdraw_application', application_id: offer.details.application_id },
        confirm: {
          title: 'Withdraw your application?',
          message:
            'Your application for Robotics Software Engineer will be withdrawn. The employer will no longer consider it; you can apply again later.',
          confirmLabel: 'Withdraw',
          cancelLabel: 'Keep application',
        },
        variant: 'danger',
      },
    ]);
    expect(offer.details).toMatchObject({
      position: {
        id: ids['Robotics Software Engineer'],
        title: 'Robotics Software Engineer',
        location: 'Toronto, ON, Canada',
        href: positionHref,
        closed: false,
      },
      status: 'offer',
      active: true,
      can_withdraw: true,
    });
    expect(offer.details.history.map((event) => [event.status, event.label])).toEqual([
      ['submitted', 'Submitted'],
      ['in_review', 'In review'],
      ['interview', 'Interviewing'],
      ['offer', 'Offer'],
    ]);
    const times = offer.details.history.map((event) => event.at);
    expect([...times].sort()).toEqual(times);

    expect(labels(byTitle(applications, 'Motion Planning Engineer').card.buttons)).toEqual([
      'View interviews',
      'View position',
    ]);
    expect(labels(byTitle(applications, 'Field Service Technician').card.buttons)).toEqual(['View position']);

    // Over: no withdraw; a closed position has no link, and its stored status stays what it was.
    const closed = byTitle(inactiveApplications, 'Legacy Assembly Technician');
    expect(closed.card.href).toBeNull();
    expect(closed.card.buttons).toEqual([]);
    expect(closed.card.menu).toEqual([]);
    expect(closed.details).toMatchObject({ status: 'in_review', active: false, can_withdraw: false });
    expect(closed.details.position).toMatchObject({ href: null, closed: true });
    const hired = byTitle(inactiveApplications, 'Manufacturing Engineer');
    expect(hired.details.history.map((event) => event.status)).toEqual([
      'submitted',
      'in_review',
      'interview',
      'offer',
      'hired',
    ]);
    expect(labels(hired.card.menu)).toEqual(['Copy position link']);
  });

  it('gives the labels in French, and the dates in the browser’s time zone when it sends one', async () => {
    const res = await get(casey, 'applications', '&hl=fr-CA');
    expect(res.statusCode).toBe(200);
    const { applications, inactiveApplications } = res.json().data;
    expect(applications.map((item: DashboardApplication) => item.card.status!.label)).toEqual([
      'Offre',
      'En cours d’examen',
      'Envoyée',
      'En entrevue',
    ]);
    expect(inactiveApplications.map((item: DashboardApplication) => item.card.status!.label)).toEqual([
      'Retirée',
      'Non retenue',
      'Poste fermé',
      'Embauché·e',
    ]);
    const offer = byTitle(applications, 'Robotics Software Engineer');
    expect(labels(offer.card.buttons)).toEqual(['Voir les offres', 'Voir le poste']);
    expect(offer.card.texts[0]!.label).toBe('Candidature envoyée');

    // Nov 30 23:30 UTC is Dec 1 in Tokyo.
    await ctx.db
      .updateTable('applications')
      .set({ created_at: '2026-11-30T23:30:00.000Z' })
      .where('id', '=', offer.details.application_id)
      .execute();
    const utc = await get(casey, 'applications');
    const tokyo = await casey.get(`/api/pcsx/dashboard/applications?domain=${DEMO_DOMAIN}`, {
      'x-careers-timezone': 'Asia/Tokyo',
    });
    const applied = (response: typeof utc) =>
      byTitle(response.json().data.applications, 'Robotics Software Engineer').card.texts[0]!.text;
    expect(applied(utc)).toBe('Nov 30, 2026');
    expect(applied(tokyo)).toBe('Dec 1, 2026');
  });

  it('shows an application made through the apply journey, with its first status', async () => {
    const candidate = await ctx.db
      .selectFrom('candidates')
      .select('id')
      .where('email', '=', DEMO_OTHER_EMAIL)
      .executeTakeFirstOrThrow();
    await createFormRepository(ctx.db).apply(
      [ids['Technical Writer']!],
      { domain: DEMO_DOMAIN, candidateId: candidate.id, email: DEMO_OTHER_EMAIL, values: {} },
      new Date(),
    );
    const res = await get(olive, 'applications');
    expect(res.statusCode).toBe(200);
    const { applications, inactiveApplications } = res.json().data;
    expect(inactiveApplications).toEqual([]);
    expect(applications.map((item: DashboardApplication) => [item.card.title, item.card.status!.code])).toEqual([
      ['Technical Writer', 'submitted'],
      ['Warehouse Automation Lead', 'interview'],
    ]);
    const writer = applications[0] as DashboardApplication;
    expect(writer.card.subtitle).toBe('Remote');
    expect(writer.card.tags).toContainEqual({ label: 'Remote', tone: 'teal' });
    expect(writer.details.history.map((event) => event.status)).toEqual(['submitted']);
  });
});

describe('POST /api/pcsx/dashboard/applications/withdraw', () => {
  const applicationId = async (email: string, title: string) =>
    (
      await ctx.db
        .selectFrom('applications as a')
        .innerJoin('positions as p', 'p.id', 'a.position_id')
        .select('a.id')
        .where('a.email', '=', email)
        .where('p.title', '=', title)
        .executeTakeFirstOrThrow()
    ).id;

  it('withdraws Casey’s own application once, recorded in its history; a second time is a 409', async () => {
    const id = await applicationId(DEMO_CANDIDATE_EMAIL, 'Field Service Technician');
    const res = await withdraw(casey, { domain: DEMO_DOMAIN, application_id: id });
    expect(res.statusCode).toBe(200);
    expect(schemaErrors(WithdrawApplicationResponse, res.json())).toEqual([]);
    const { application } = res.json().data as { application: DashboardApplication };
    expect(application.card.status).toEqual({ code: 'withdrawn', label: 'Withdrawn', tone: 'neutral' });
    expect(application.details).toMatchObject({ status: 'withdrawn', active: false, can_withdraw: false });
    expect(application.details.history.map((event) => event.status)).toEqual(['submitted', 'withdrawn']);
    expect(labels(application.card.menu)).toEqual(['Copy position link']);

    const list = (await get(casey, 'applications')).json().data;
    expect(list.applications.map((item: DashboardApplication) => item.details.application_id)).not.toContain(id);
    expect(list.inactiveApplications[0].details.application_id).toBe(id);

    const again = await withdraw(casey, { application_id: id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'application_not_active',
      field: 'application_id',
      message: 'This application is already Withdrawn: only an application in progress can be withdrawn.',
    });
    const events = await ctx.db
      .selectFrom('application_events')
      .select('status')
      .where('application_id', '=', id)
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.status)).toEqual(['submitted', 'withdrawn']);
  });

  it('refuses to withdraw an application that is over (hired, or its position closed), in French too', async () => {
    const hired = await withdraw(
      casey,
      { application_id: await applicationId(DEMO_CANDIDATE_EMAIL, 'Manufacturing Engineer') },
      '?hl=fr-CA',
    );
    expect(hired.statusCode).toBe(409);
    expect(hired.json().message).toBe(
      'Cette candidature est déjà à l’état « Embauché·e » : seule une candidature en cours peut être retirée.',
    );
    const closed = await withdraw(casey, {
      application_id: await applicationId(DEMO_CANDIDATE_EMAIL, 'Legacy Assembly Technician'),
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      code: 'application_not_active',
      field: 'application_id',
      message: 'The position of this application has closed: the application is no longer in progress.',
    });
  });

  it('answers 404 naming application_id for another candidate’s application and for none, changing nothing', async () => {
    const oliveId = await applicationId(DEMO_OTHER_EMAIL, 'Warehouse Automation Lead');
    for (const id of [oliveId, 2_000_000_000]) {
      const res = await withdraw(casey, { application_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'not_found',
        field: 'application_id',
        message: `You have no application ${id}.`,
      });
    }
    const row = await ctx.db
      .selectFrom('applications')
      .select('status')
      .where('id', '=', oliveId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('interview');
  });

  it('answers 400 naming the field for bad input, 403 without the CSRF token or for another employer', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'application_id'],
      [{ application_id: 'twelve' }, 'application_id'],
      [{ application_id: 0 }, 'application_id'],
      [{ application_id: 1, extra: true }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await withdraw(casey, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const noCsrf = await casey.post(
      '/api/pcsx/dashboard/applications/withdraw',
      { application_id: 1 },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('invalid_csrf');
    const foreign = await withdraw(casey, { domain: 'globex.example', application_id: 1 });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'forbidden_domain', field: 'domain' });
  });
});

describe('GET /api/pcsx/dashboard/interviews', () => {
  it('lists upcoming interviews soonest first (video, then on site) and past or cancelled ones latest first', async () => {
    const res = await get(casey, 'interviews');
    expect(res.statusCode).toBe(200);
    expect(schemaErrors(DashboardInterviewsResponse, res.json())).toEqual([]);
    const { interviews, pastInterviews } = res.json().data;
    expect(interviews.map((item: { card: { title: string } }) => item.card.title)).toEqual([
      'Technical interview with the Motion Planning team',
      'On-site panel interview',
    ]);
    const [video, onsite] = interviews;
    expect(video.card).toMatchObject({
      subtitle: 'Motion Planning Engineer',
      icon: 'video',
      tags: [{ label: 'Video call', tone: 'neutral' }],
      status: { code: 'upcoming', label: 'Upcoming', tone: 'info' },
      buttons: [
        {
          label: 'Join video call',
          href: 'https://meet.acme.example/j/motion-planning-4821',
          external: true,
          variant: 'primary',
        },
      ],
    });
    expect(video.card.texts.map((text: { label: string }) => text.label)).toEqual(['When', 'Where', 'With']);
    expect(video.card.texts[0].text).toMatch(/E[SD]T$/);
    expect(video.card.texts[0].datetime).toBe(video.details.starts_at);
    expect(video.card.texts[2].text).toBe(
      'Priya Natarajan, Engineering Manager; Tomás Álvarez, Senior Motion Planning Engineer',
    );
    expect(video.details).toMatchObject({
      time_zone: 'America/Toronto',
      mode: 'video',
      location: null,
      video_url: 'https://meet.acme.example/j/motion-planning-4821',
      position: { id: ids['Motion Planning Engineer'], title: 'Motion Planning Engineer' },
      status: 'upcoming',
    });
    expect(onsite.card.icon).toBe('map-pin');
    expect(onsite.card.texts[1]).toEqual({
      label: 'Where',
      text: 'Acme Robotics, 100 King Street West, Toronto, ON M5X 1A9',
    });
    expect(onsite.card.buttons[0]).toMatchObject({ label: 'Get directions', external: true });
    expect(onsite.card.buttons[0].href).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Acme/);

    expect(
      pastInterviews.map((item: { card: { title: string; status: { code: string } } }) => [
        item.card.title,
        item.card.status.code,
      ]),
    ).toEqual([
      ['Phone screen with a recruiter', 'past'],
      ['Final interview', 'past'],
      ['Portfolio review', 'cancelled'],
    ]);
    for (const past of pastInterviews) expect(past.card.buttons).toEqual([]);
    expect(pastInterviews[0].card.texts[1].text).toBe('+1 416 555 0147');

    const french = (await get(casey, 'interviews', '&hl=fr-CA')).json().data;
    expect(french.interviews[0].card.status.label).toBe('À venir');
    expect(french.interviews[0].card.buttons[0].label).toBe('Rejoindre l’appel vidéo');
    expect(french.pastInterviews[2].card.status.label).toBe('Annulée');
  });
});

describe('GET /api/pcsx/dashboard/events', () => {
  it('lists the events not over yet, soonest first: the employer’s and the candidate’s own invitations', async () => {
    const res = await get(casey, 'events');
    expect(res.statusCode).toBe(200);
    expect(schemaErrors(DashboardEventsResponse, res.json())).toEqual([]);
    const { events } = res.json().data;
    expect(events.map((event: { card: { title: string } }) => event.card.title)).toEqual([
      'Acme Robotics virtual career fair',
      'Women in Robotics breakfast',
      'Robotics open house, Toronto',
    ]);
    expect(events[0].card).toMatchObject({
      subtitle: 'Online',
      icon: 'calendar',
      tags: [{ label: 'Online', tone: 'teal' }],
      buttons: [
        {
          label: 'Register',
          href: 'https://acme.example/events/virtual-career-fair',
          external: true,
          variant: 'primary',
        },
      ],
    });
    expect(events[1].card.tags).toEqual([
      { label: 'On site', tone: 'neutral' },
      { label: 'Invitation', tone: 'violet' },
    ]);
    expect(events[1].details).toMatchObject({ invitation: true, mode: 'onsite', time_zone: 'America/Toronto' });

    const oliveEvents = (await get(olive, 'events')).json().data.events;
    expect(oliveEvents.map((event: { card: { title: string } }) => event.card.title)).toEqual([
      'Montréal warehouse tour',
      'Acme Robotics virtual career fair',
      'Robotics open house, Toronto',
    ]);
  });
});

describe('GET /api/pcsx/dashboard/referrals', () => {
  it('lists who referred Casey to which position, its status following her application', async () => {
    const res = await get(casey, 'referrals');
    expect(res.statusCode).toBe(200);
    expect(schemaErrors(DashboardReferralsResponse, res.json())).toEqual([]);
    const { referrals } = res.json().data;
    expect(
      referrals.map((item: { card: { title: string; status: unknown; texts: Array<{ text: string }> } }) => [
        item.card.title,
        item.card.status,
        item.card.texts[0]!.text,
      ]),
    ).toEqual([
      ['Perception Engineer', { code: 'not_applied', label: 'Not applied yet', tone: 'warning' }, 'Sam Rivera'],
      ['Senior Controls Engineer', { code: 'in_review', label: 'In review', tone: 'violet' }, 'Jordan Lee'],
    ]);
    expect(referrals[0].card.buttons).toEqual([
      {
        label: 'Apply',
        href: `/careers/apply?domain=${DEMO_DOMAIN}&pid=${ids['Perception Engineer']}`,
        external: false,
        variant: 'primary',
      },
    ]);
    expect(referrals[1].card.buttons[0]).toMatchObject({
      label: 'View application',
      href: `/careers/applications?domain=${DEMO_DOMAIN}`,
    });
    expect(referrals[1].details).toMatchObject({
      referrer: { name: 'Jordan Lee', email: 'jordan.lee@acme.example' },
      status: 'in_review',
    });
    expect(typeof referrals[1].details.application_id).toBe('number');
    expect(referrals[0].details.application_id).toBeNull();
  });
});

describe('GET /api/pcsx/dashboard/nudges', () => {
  it('points Casey at what she can do: her open offers, forms, draft and profile gaps, each on a real page', async () => {
    const res = await get(casey, 'nudges');
    expect(res.statusCode).toBe(200);
    expect(schemaErrors(DashboardNudgesResponse, res.json())).toEqual([]);
    const nudges = res.json().data.nudges as Array<{
      card: { title: string; subtitle: string; buttons: DashboardCardControl[]; href: string };
      details: { kind: string; href: string; subject: string };
    }>;
    const caseyId = (
      await ctx.db
        .selectFrom('candidates')
        .select('id')
        .where('email', '=', DEMO_CANDIDATE_EMAIL)
        .executeTakeFirstOrThrow()
    ).id;
    // The soonest deadline first: the demo offer that expires tomorrow leads (it came last among the offers).
    const offers = await ctx.db
      .selectFrom('offers')
      .select(['enc_id', 'position_name'])
      .where('candidate_id', '=', caseyId)
      .where('status', '=', 'Extended')
      .where('expires_at', '>', new Date().toISOString())
      .orderBy('expires_at', 'asc')
      .execute();
    expect(offers.length).toBeGreaterThan(1);
    const forms = await ctx.db
      .selectFrom('form_assignments')
      .select('id')
      .where('candidate_id', '=', caseyId)
      .where('status', '!=', 'completed')
      .orderBy('assigned_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const draft = await ctx.db
      .selectFrom('draft_applications')
      .select('id')
      .where('candidate_id', '=', caseyId)
      .executeTakeFirstOrThrow();
    expect(nudges.map((nudge) => [nudge.details.kind, nudge.details.href])).toEqual([
      ...offers.map((offer) => ['sign_offer', `/careers/offer/${offer.enc_id}?domain=${DEMO_DOMAIN}`]),
      ...forms.map((form) => ['complete_form', assignedFormHref(form.id, DEMO_DOMAIN)]),
      ['finish_draft', `/careers/apply?domain=${DEMO_DOMAIN}&pid=${ids['Perception Engineer']}`],
      // The test database has no profile skills for Casey (the demo positions add them).
      ['complete_profile', `/careers/profile?domain=${DEMO_DOMAIN}`],
    ]);
    expect(nudges[0]!.card).toMatchObject({
      title: 'Review and sign your offer',
      subtitle: offers[0]!.position_name,
      buttons: [{ label: 'Review offer', href: nudges[0]!.details.href, external: false, variant: 'primary' }],
    });
    expect(nudges.find((nudge) => nudge.details.kind === 'finish_draft')!.details.subject).toBe(String(draft.id));
    const expiries = nudges
      .filter((nudge) => nudge.details.kind === 'sign_offer')
      .map((nudge) => (nudge.card as { texts?: Array<{ datetime?: string }> }).texts?.[0]?.datetime ?? '');
    expect(expiries).toEqual([...expiries].sort());
    expect(nudges.at(-1)!.card.title).toBe('Add your skills');

    // Each page they point to is a page of the route table, and a draft gone is no nudge any more.
    const pageOf = (href: string) => matchRoute(new URL(href, 'https://careers.example').pathname)?.route.page;
    expect([...new Set(nudges.map((nudge) => pageOf(nudge.details.href)))]).toEqual([
      'offer',
      'formView',
      'applyPage',
      'profile',
    ]);
    await ctx.db.deleteFrom('draft_applications').where('id', '=', draft.id).execute();
    const after = (await get(casey, 'nudges', '&hl=fr-CA')).json().data.nudges;
    expect(after.map((nudge: { details: { kind: string } }) => nudge.details.kind)).not.toContain('finish_draft');
    expect(after.at(-1).card.title).toBe('Ajoutez vos compétences');
  });

  it('gives Olive her own: no resume and no skills', async () => {
    const nudges = (await get(olive, 'nudges')).json().data.nudges;
    const profile = nudges.filter((nudge: { details: { kind: string } }) => nudge.details.kind === 'complete_profile');
    expect(profile.map((nudge: { details: { subject: string } }) => nudge.details.subject)).toEqual([
      'resume',
      'skills',
    ]);
    expect(profile[0].card.title).toBe('Upload your resume');
  });
});

describe('access', () => {
  const CALLS = ['applications', 'interviews', 'events', 'referrals', 'nudges'];

  it('answers 401 to a signed-out visitor on every call', async () => {
    for (const what of CALLS) {
      const res = await get(visitor, what);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('login_required');
    }
    const res = await withdraw(visitor, { application_id: 1 });
    expect(res.statusCode).toBe(401);
  });

  it('never shows Olive anything of Casey’s', async () => {
    const caseyBodies = await Promise.all(CALLS.map(async (what) => (await get(casey, what)).body));
    const oliveBodies = await Promise.all(CALLS.map(async (what) => (await get(olive, what)).body));
    const caseyOnly = [
      'Robotics Software Engineer',
      'Motion Planning',
      'Women in Robotics',
      'Jordan Lee',
      'Sam Rivera',
      'Legacy Assembly Technician',
    ];
    for (const text of caseyOnly) {
      expect(caseyBodies.join('\n')).toContain(text);
      expect(oliveBodies.join('\n')).not.toContain(text);
    }
    for (const text of ['Warehouse Automation Lead', 'Nadia Haddad', 'Montréal warehouse tour', 'Louis Tremblay']) {
      expect(oliveBodies.join('\n')).toContain(text);
      expect(caseyBodies.join('\n')).not.toContain(text);
    }
  });

  it('answers 400 naming the field for an unknown parameter or a bad hl, 403 for another employer', async () => {
    const unknown = await get(casey, 'applications', '&status=all');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('status');
    const badHl = await get(casey, 'interviews', '&hl=%3Cscript%3E');
    expect(badHl.statusCode).toBe(400);
    expect(badHl.json().field).toBe('hl');
    const foreign = await casey.get('/api/pcsx/dashboard/events?domain=globex.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'forbidden_domain', field: 'domain' });
  });
});
