import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { notify } from '@careers/shared';
import type { BootData, PositionDetails as Position } from '@careers/shared/contract';
import {
  baseBootData,
  deferred,
  DOMAIN,
  fail,
  installFakeServer,
  ok,
  renderWithStore,
  type FakeResponseInit,
  type FakeServer,
} from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { POSITION_URLS, type MatchDetails, type PositionInsight } from '../endpoints';
import { selectPositionOverrides } from '../slice';
import { PositionDetails, type PositionDetailsProps } from './PositionDetails';
import { setupSearchI18n } from '../../../test/setup';

// The save and cart buttons belong to other features: here they only show which position and size they were given.
jest.mock('../../saved/components/SaveButton', () => ({
  SaveButton: ({ position, size }: { position: { id: number }; size?: string }) => (
    <span data-testid="save-button" data-size={size}>
      {position.id}
    </span>
  ),
}));
jest.mock('../../cart/components/CartButton', () => ({
  CartButton: ({ position, size }: { position: { id: number }; size?: string }) => (
    <span data-testid="cart-button" data-size={size}>
      {position.id}
    </span>
  ),
}));

const T = en.position;
// As the end-to-end audits run axe: with its label-in-name rule on (WCAG 2.5.3; off in axe's defaults).
const AXE_OPTIONS = {
  rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: true } },
};
const ID = 7;

function makePosition(overrides: Partial<Position> = {}): Position {
  return {
    id: ID,
    name: 'Robotics Engineer',
    department: 'Engineering',
    employment_type: 'Full-time',
    location: 'Toronto, ON, Canada',
    locations: [{ name: 'Toronto, ON, Canada', lat: 43.65, lng: -79.38 }],
    is_remote: false,
    salary_min: 90000,
    salary_max: 120000,
    salary_currency: 'CAD',
    skills: ['Python', 'ROS', 'C++'],
    posted_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    valid_through: '2099-04-16T12:00:00.000Z',
    archived_at: null,
    distance_km: null,
    positionUserActions: { isSaved: false, inCart: false },
    description: '<p>Build <strong>robots</strong>.</p>',
    ...overrides,
  };
}

const MATCH: MatchDetails = {
  positionId: ID,
  score: 67,
  matchedSkills: ['Python', 'ROS'],
  missingSkills: ['C++'],
  profileHasSkills: true,
  explanation: 'You have 2 of the 3 skills this position asks for (67%).',
};

const INSIGHTS: PositionInsight[] = [
  { key: 'posted', text: 'Posted 3 days ago', value: 3 },
  { key: 'similar_openings', text: '12 similar openings in Engineering', value: 12 },
  { key: 'team_skills', text: 'Most asked skills in Engineering: Python, Go', value: ['Python', 'Go'] },
];

const detailsAnswer = (position: Position = makePosition(), isFallback = false): FakeResponseInit => ({
  status: 200,
  body: { data: position, metadata: { isFallback } },
});

let server: FakeServer;
let successToast: jest.SpyInstance;
let errorToast: jest.SpyInstance;

beforeAll(async () => {
  await setupSearchI18n();
});

beforeEach(() => {
  server = installFakeServer();
  server.on('GET', POSITION_URLS.details, detailsAnswer());
  server.on('GET', POSITION_URLS.match, ok(MATCH));
  server.on('GET', POSITION_URLS.insights, ok({ insights: INSIGHTS }));
  server.on('GET', POSITION_URLS.overrides, ok({ overrides: {} }));
  successToast = jest.spyOn(notify, 'success').mockImplementation(() => undefined);
  errorToast = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

const signedIn = (pcsxConfig: BootData['pcsxConfig'] = {}) => baseBootData({ pcsxConfig });
const signedOut = (pcsxConfig: BootData['pcsxConfig'] = {}) =>
  baseBootData({ isLoggedIn: false, user: null, pcsxConfig });

function renderDetails(props: Partial<PositionDetailsProps> = {}, session: BootData = signedIn()) {
  return renderWithStore(<PositionDetails positionId={ID} domain={DOMAIN} layout="side" {...props} />, { session });
}

/** The details of one position, then of another (as the results list does when a candidate picks one). */
function Switcher({ next }: { next: number }) {
  const [positionId, setPositionId] = useState(ID);
  return (
    <>
      <button type="button" onClick={() => setPositionId(next)}>
        Next position
      </button>
      <PositionDetails positionId={positionId} domain={DOMAIN} layout="side" />
    </>
  );
}

const heading = (level: 1 | 2 = 2) => screen.findByRole('heading', { level, name: 'Robotics Engineer' });
const matchRegion = () => screen.queryByRole('region', { name: T.match.title });
const insightsRegion = () => screen.queryByRole('region', { name: T.insights.title });

/** Waits until every call the details make has been answered and shown. */
async function settled() {
  await screen.findByRole('heading', { name: 'Robotics Engineer' });
  await waitFor(() => expect(server.fetch.mock.results.length).toBeGreaterThan(0));
  await act(async () => {
    await Promise.all(server.fetch.mock.results.map((result) => result.value));
  });
}

describe('loading', () => {
  it('asks for details, match details and insights at once, before any of them answers', async () => {
    const held = {
      details: deferred<FakeResponseInit>(),
      match: deferred<FakeResponseInit>(),
      insights: deferred<FakeResponseInit>(),
    };
    server.on('GET', POSITION_URLS.details, () => held.details.promise);
    server.on('GET', POSITION_URLS.match, () => held.match.promise);
    server.on('GET', POSITION_URLS.insights, () => held.insights.promise);
    renderDetails({ queriedLocation: 'Toronto' });

    await waitFor(() => {
      expect(server.callsTo('GET', POSITION_URLS.details)).toHaveLength(1);
      expect(server.callsTo('GET', POSITION_URLS.match)).toHaveLength(1);
      expect(server.callsTo('GET', POSITION_URLS.insights)).toHaveLength(1);
    });
    // Nothing has answered yet: the skeleton holds the place, the region says it is busy.
    const region = screen.getByRole('region', { name: T.region });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(within(region).getByRole('status')).toHaveTextContent(T.loading);

    const details = server.callsTo('GET', POSITION_URLS.details)[0]!.query;
    expect(Object.fromEntries(details)).toEqual({
      position_id: String(ID),
      domain: DOMAIN,
      queried_location: 'Toronto',
      hl: 'en',
    });
    expect(server.callsTo('GET', POSITION_URLS.match)[0]!.query.get('position_id')).toBe(String(ID));

    await act(async () => {
      held.match.resolve(ok(MATCH));
      held.insights.resolve(ok({ insights: INSIGHTS }));
      held.details.resolve(detailsAnswer());
    });
    expect(await heading()).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: T.match.title })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: T.insights.title })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Robotics Engineer' })).toHaveAttribute('aria-busy', 'false');
  });

  it('on a failed details call shows the 2-second toast and asks the caller to clear the position', async () => {
    server.on('GET', POSITION_URLS.details, fail(500));
    const onFailed = jest.fn();
    renderDetails({ onFailed });

    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledWith('Failed to load position details', { autoClose: 2000 });
    expect(screen.queryByRole('heading', { name: 'Robotics Engineer' })).not.toBeInTheDocument();
  });

  it('says a position that is not open (404) is no longer open, once: no retry, no toast, nothing to act on', async () => {
    server.on('GET', POSITION_URLS.details, fail(404, 'Position 7 not found.'));
    server.on('GET', POSITION_URLS.insights, fail(404, 'Position 7 not found.'));
    server.on('GET', POSITION_URLS.overrides, fail(404, 'Position 7 not found.'));
    const onFailed = jest.fn();
    renderDetails({ onFailed, layout: 'page' }, signedIn({ branding: { companyName: 'Acme Robotics' } }));

    // The server's own words for such a page.
    expect(await screen.findByRole('heading', { level: 1, name: T.notOpen.heading })).toBeInTheDocument();
    expect(screen.getByText(T.notOpen.explanation)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all open positions at Acme Robotics' })).toHaveAttribute(
      'href',
      '/careers',
    );
    await act(async () => {
      await Promise.all(server.fetch.mock.results.map((result) => result.value));
    });
    expect(server.callsTo('GET', POSITION_URLS.details)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: T.retry })).not.toBeInTheDocument();
    expect(screen.queryByText(T.loadFailed)).not.toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /^Apply/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('save-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-button')).not.toBeInTheDocument();
  });

  it('has no axe violations on the not-open notice', async () => {
    server.on('GET', POSITION_URLS.details, fail(404, 'Position 7 not found.'));
    const { container } = renderDetails({ summary: { name: 'Production Supervisor', department: 'Operations' } });
    await screen.findByRole('heading', { name: T.notOpen.heading });
    const results = await axe.run(container, AXE_OPTIONS);
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('offers searches for open positions like one that closed, when the results told what it was', async () => {
    server.on('GET', POSITION_URLS.details, fail(404, 'Position 7 not found.'));
    window.history.replaceState(null, '', '/careers?query=robot&pid=7');
    renderDetails({ summary: { name: 'Production Supervisor', department: 'Operations' } });
    expect(await screen.findByRole('heading', { level: 2, name: T.notOpen.heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See open positions like Production Supervisor' })).toHaveAttribute(
      'href',
      '/careers?query=Production+Supervisor',
    );
    expect(screen.getByRole('link', { name: 'See open positions in Operations' })).toHaveAttribute(
      'href',
      '/careers?filter_department=Operations',
    );
    expect(screen.getByRole('link', { name: 'See all open positions' })).toHaveAttribute('href', '/careers');
    window.history.replaceState(null, '', '/');
  });

  it('still treats a server failure as a failed load, with the toast', async () => {
    server.on('GET', POSITION_URLS.details, fail(503));
    const onFailed = jest.fn();
    renderDetails({ onFailed });
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(errorToast).toHaveBeenCalledWith('Failed to load position details', { autoClose: 2000 });
    expect(screen.queryByRole('heading', { name: T.notOpen.heading })).not.toBeInTheDocument();
  });

  it('leaves the match details out when they fail, without a toast', async () => {
    server.on('GET', POSITION_URLS.match, fail(500));
    renderDetails();
    await settled();
    expect(await screen.findByRole('region', { name: T.insights.title })).toBeInTheDocument();
    expect(matchRegion()).not.toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('leaves the insights out when they fail, without a toast', async () => {
    server.on('GET', POSITION_URLS.insights, fail(503));
    renderDetails();
    await settled();
    expect(await screen.findByRole('region', { name: T.match.title })).toBeInTheDocument();
    expect(insightsRegion()).not.toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('does not ask for match details for a signed-out visitor', async () => {
    renderDetails({}, signedOut());
    await settled();
    expect(await screen.findByRole('region', { name: T.insights.title })).toBeInTheDocument();
    expect(server.callsTo('GET', POSITION_URLS.match)).toHaveLength(0);
    expect(matchRegion()).not.toBeInTheDocument();
  });

  it('asks for neither match details nor insights when the configuration turns them off', async () => {
    renderDetails({}, signedIn({ positionDetailsConfig: { showMatchDetails: false, showInsights: false } }));
    await settled();
    expect(server.callsTo('GET', POSITION_URLS.match)).toHaveLength(0);
    expect(server.callsTo('GET', POSITION_URLS.insights)).toHaveLength(0);
    expect(matchRegion()).not.toBeInTheDocument();
    expect(insightsRegion()).not.toBeInTheDocument();
  });
});

describe('what it shows', () => {
  it('shows the title, facts, skills, match details and insights', async () => {
    renderDetails();
    expect(await heading(2)).toBeInTheDocument();
    expect(screen.getByText('Engineering · Full-time')).toBeInTheDocument();
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact(T.facts.department)).toHaveTextContent('Engineering');
    expect(fact(T.facts.employmentType)).toHaveTextContent('Full-time');
    expect(fact(T.facts.locations_one)).toHaveTextContent('Toronto, ON, Canada');
    const salary = new Intl.NumberFormat('en', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 });
    const range = (salary as Intl.NumberFormat & { formatRange: (a: number, b: number) => string }).formatRange(
      90000,
      120000,
    );
    expect(fact(T.facts.salary)).toHaveTextContent(range);
    expect(range).toContain(salary.format(90000));
    expect(fact(T.facts.posted)).toHaveTextContent('3 days ago');
    expect(fact(T.facts.validThrough)).toHaveTextContent('Apr 16, 2099');
    const skills = screen.getByRole('list', { name: T.skills });
    expect(
      within(skills)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Python', 'ROS', 'C++']);

    // Match details explain the score: the skills the profile has and those it lacks.
    const match = await screen.findByRole('region', { name: T.match.title });
    expect(within(match).getByText('67% match: 2 of 3 skills')).toBeInTheDocument();
    expect(within(match).getByText(MATCH.explanation)).toBeInTheDocument();
    const has = within(match).getByRole('list', { name: 'Skills you have (2)' });
    expect(
      within(has)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Python', 'ROS']);
    const lacks = within(match).getByRole('list', { name: 'Missing from your profile (1)' });
    expect(
      within(lacks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['C++']);

    const insights = screen.getByRole('region', { name: T.insights.title });
    expect(
      within(insights)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Posted 3 days ago',
      '12 similar openings in Engineering',
      'Most asked skills in Engineering: Python, GoPythonGo',
    ]);
    expect(screen.getByTestId('save-button')).toHaveTextContent(String(ID));
    expect(screen.getByTestId('cart-button')).toHaveTextContent(String(ID));
  });

  it('explains a profile without skills instead of showing a score', async () => {
    server.on(
      'GET',
      POSITION_URLS.match,
      ok({
        ...MATCH,
        score: 0,
        matchedSkills: [],
        missingSkills: ['Python', 'ROS', 'C++'],
        profileHasSkills: false,
        explanation: 'Your profile lists no skills yet.',
      }),
    );
    renderDetails();
    const match = await screen.findByRole('region', { name: T.match.title });
    expect(within(match).queryByText(/% match/)).not.toBeInTheDocument();
    expect(within(match).getByText('Your profile lists no skills yet.')).toBeInTheDocument();
    expect(within(match).getByRole('list', { name: 'Skills this position asks for (3)' })).toBeInTheDocument();
  });

  it('shows a remote position without a place as Remote, and a one-sided salary', async () => {
    server.on(
      'GET',
      POSITION_URLS.details,
      detailsAnswer(makePosition({ locations: [], is_remote: true, location: 'Remote', salary_max: null })),
    );
    renderDetails();
    await heading();
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact(T.facts.locations_one)).toHaveTextContent(/^Remote$/);
    expect(fact(T.facts.salary)?.textContent).toMatch(/^From .*90,000$/);
  });

  it('sanitises the description: no script or event handler, links open safely in a new tab', async () => {
    const description =
      '<p onclick="alert(1)">Hello</p><script>window.hacked = true</script>' +
      '<img src="x.png" alt="team" onerror="window.hacked = true">' +
      '<a href="https://example.com/benefits">Benefits</a><a href="javascript:alert(1)">Bad</a>';
    server.on('GET', POSITION_URLS.details, detailsAnswer(makePosition({ description })));
    renderDetails();
    const section = await screen.findByRole('region', { name: T.description });
    expect(section.querySelector('script')).toBeNull();
    expect(section.querySelector('[onclick], [onerror]')).toBeNull();
    expect(within(section).getByRole('img', { name: 'team' })).toBeInTheDocument();
    const link = within(section).getByRole('link', { name: `Benefits ${T.newTab}` });
    expect(link).toHaveAttribute('href', 'https://example.com/benefits');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(section).getByText('Bad').closest('a')).not.toHaveAttribute(
      'href',
      expect.stringMatching(/^javascript/),
    );
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('shows a note when the answer is a fallback copy of the position', async () => {
    server.on('GET', POSITION_URLS.details, detailsAnswer(makePosition(), true));
    renderDetails();
    await heading();
    expect(screen.getByRole('note')).toHaveTextContent(T.fallback);
  });

  it('has no fallback note for a live answer', async () => {
    renderDetails();
    await heading();
    expect(screen.queryByText(T.fallback)).not.toBeInTheDocument();
  });

  it('offers neither Apply, Save nor Add to cart for a closed position, says it is closed, and offers similar ones', async () => {
    server.on('GET', POSITION_URLS.details, detailsAnswer(makePosition({ valid_through: '2000-01-01T00:00:00Z' })));
    renderDetails();
    await heading();
    expect(screen.getByRole('note')).toHaveTextContent(T.closed);
    expect(screen.queryByRole('link', { name: /^Apply/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('save-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-button')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('note')).getByRole('link', { name: 'See open positions like Robotics Engineer' }),
    ).toBeInTheDocument();
  });

  it('puts the position’s title back when the root config writes the address’s title after load', async () => {
    renderDetails({ layout: 'page' }, signedIn({ branding: { companyName: 'Acme Robotics' } }));
    await heading(1);
    expect(document.title).toBe('Robotics Engineer | Acme Robotics');
    // What the root config does on each single-spa routing event (the first one comes after the widgets mount).
    act(() => {
      document.title = 'Careers at Acme Robotics';
      window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    });
    expect(document.title).toBe('Robotics Engineer | Acme Robotics');
  });

  it('moves focus to the heading when opened from the results, and not otherwise', async () => {
    const { unmount } = renderDetails({ focusOnShow: true });
    expect(await heading()).toHaveFocus();
    unmount();
    renderDetails();
    expect(await heading()).not.toHaveFocus();
  });

  it('moves focus to the notice’s heading when the position opened is no longer open', async () => {
    server.on('GET', POSITION_URLS.details, fail(404, 'Position 7 not found.'));
    renderDetails({ focusOnShow: true });
    expect(await screen.findByRole('heading', { name: T.notOpen.heading })).toHaveFocus();
  });

  it('on the page layout uses an h1, sets the page title, and offers Back to results', async () => {
    const user = userEvent.setup();
    const onBack = jest.fn();
    renderDetails({ layout: 'page', onBack }, signedIn({ branding: { companyName: 'Acme Robotics' } }));
    expect(await heading(1)).toBeInTheDocument();
    expect(document.title).toBe('Robotics Engineer | Acme Robotics');
    await user.click(screen.getByRole('button', { name: T.back }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('uses the employer’s SEO title of the position page when there is one', async () => {
    renderDetails({ layout: 'page' }, signedIn({ seo: { singlePosition: { title: 'Jobs at Acme' } } }));
    await heading(1);
    expect(document.title).toBe('Jobs at Acme');
  });

  it.each<PositionDetailsProps['layout']>(['side', 'page'])('has no axe violations (%s layout)', async (layout) => {
    const { container } = renderDetails({ layout, onBack: () => undefined });
    await settled();
    await screen.findByRole('region', { name: T.match.title });
    const results = await axe.run(container, AXE_OPTIONS);
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});

describe('overrides', () => {
  it('keeps the position’s overrides in the store, and resets them for a position without any', async () => {
    const overrides = {
      positionDetailsConfig: { showInsights: false },
      applyFormConfig: { disableLoggedOutApply: true },
    };
    server.on('GET', POSITION_URLS.overrides, (call) =>
      call.query.get('position_id') === String(ID) ? ok({ overrides }) : ok({ overrides: {} }),
    );
    server.on('GET', POSITION_URLS.details, (call) =>
      detailsAnswer(makePosition({ id: Number(call.query.get('position_id')) })),
    );
    const user = userEvent.setup();
    const { store } = renderWithStore(<Switcher next={8} />, { session: signedIn() });
    await waitFor(() => expect(selectPositionOverrides(store.getState())).toEqual(overrides));
    await heading();
    // The merged configuration applies at once: this position hides its insights.
    await waitFor(() => expect(insightsRegion()).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Next position' }));
    await waitFor(() => expect(server.callsTo('GET', POSITION_URLS.overrides)).toHaveLength(2));
    await waitFor(() => expect(selectPositionOverrides(store.getState())).toEqual({}));
    expect(await screen.findByRole('region', { name: T.insights.title })).toBeInTheDocument();
  });

  it('resets the overrides when they cannot be read', async () => {
    server.on('GET', POSITION_URLS.overrides, (call) =>
      call.query.get('position_id') === String(ID) ? ok({ overrides: { seo: {} } }) : fail(500),
    );
    const user = userEvent.setup();
    const { store } = renderWithStore(<Switcher next={8} />, { session: signedIn() });
    await waitFor(() => expect(selectPositionOverrides(store.getState())).toEqual({ seo: {} }));
    await user.click(screen.getByRole('button', { name: 'Next position' }));
    await waitFor(() => expect(server.callsTo('GET', POSITION_URLS.overrides)).toHaveLength(2));
    await waitFor(() => expect(selectPositionOverrides(store.getState())).toEqual({}));
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('resets the overrides when the details close', async () => {
    server.on('GET', POSITION_URLS.overrides, ok({ overrides: { branding: { companyName: 'Other' } } }));
    const { store, unmount } = renderDetails();
    await waitFor(() =>
      expect(selectPositionOverrides(store.getState())).toEqual({ branding: { companyName: 'Other' } }),
    );
    unmount();
    expect(selectPositionOverrides(store.getState())).toEqual({});
  });
});

describe('actions', () => {
  it('names every action by its visible text first (WCAG 2.5.3 label in name)', async () => {
    renderDetails();
    await heading();
    expect(screen.getByRole('link', { name: 'Apply: Robotics Engineer' })).toHaveTextContent(/^Apply/);
    expect(screen.getByRole('button', { name: 'Share: Robotics Engineer' })).toHaveTextContent(/^Share/);
  });

  it('draws Apply, Share, Save and Add to cart at one size', async () => {
    renderDetails();
    await heading();
    expect(screen.getByRole('link', { name: /^Apply/ })).not.toHaveClass('cw-button--small');
    expect(screen.getByRole('button', { name: /^Share/ })).not.toHaveClass('cw-button--small');
    expect(screen.getByTestId('save-button')).toHaveAttribute('data-size', 'medium');
    expect(screen.getByTestId('cart-button')).toHaveAttribute('data-size', 'medium');
  });

  it('links Apply to the apply page of the position', async () => {
    renderDetails();
    await heading();
    const apply = screen.getByRole('link', { name: 'Apply: Robotics Engineer' });
    expect(apply).toHaveAttribute('href', `/careers/apply?pid=${ID}`);
    expect(apply).toHaveTextContent(T.apply.button);
  });

  it('links Apply to the private apply page on a private position page', async () => {
    renderDetails({ isPrivate: true, layout: 'page' });
    await heading(1);
    expect(screen.getByRole('link', { name: 'Apply: Robotics Engineer' })).toHaveAttribute(
      'href',
      `/careers/apply/private?pid=${ID}`,
    );
  });

  function stubClipboard(writeText: jest.Mock) {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  }

  it('copies the position’s link and says so', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    stubClipboard(writeText);
    renderDetails();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Share: Robotics Engineer' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Copied to Clipboard'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/careers/job/${ID}`);
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('says when the link cannot be copied', async () => {
    const user = userEvent.setup();
    stubClipboard(jest.fn().mockRejectedValue(new DOMException('Denied', 'NotAllowedError')));
    renderDetails();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Share: Robotics Engineer' }));
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith('Sorry, unable to copy the variable. Please contact Support'),
    );
    expect(successToast).not.toHaveBeenCalled();
  });
});

describe('strong match (searchConfig.strongMatchThreshold)', () => {
  const withThreshold = (threshold: number) => ({ searchConfig: { strongMatchThreshold: threshold } });

  it('says "Strong match" beside the score when it reaches the employer’s threshold', async () => {
    renderDetails({}, signedIn(withThreshold(60)));
    const match = await screen.findByRole('region', { name: T.match.title });
    expect(within(match).getByText('Strong match')).toBeInTheDocument();
    expect(within(match).getByText('67% match: 2 of 3 skills')).toBeInTheDocument();
  });

  it('says nothing below the threshold, without a threshold, or when the profile lists no skills', async () => {
    const { unmount } = renderDetails({}, signedIn(withThreshold(70)));
    await screen.findByRole('region', { name: T.match.title });
    expect(screen.queryByText('Strong match')).not.toBeInTheDocument();
    unmount();

    const second = renderDetails({}, signedIn());
    await screen.findByRole('region', { name: T.match.title });
    expect(screen.queryByText('Strong match')).not.toBeInTheDocument();
    second.unmount();

    server.on(
      'GET',
      POSITION_URLS.match,
      ok({ ...MATCH, score: 0, matchedSkills: [], missingSkills: ['Python'], profileHasSkills: false }),
    );
    renderDetails({}, signedIn(withThreshold(0)));
    await screen.findByRole('region', { name: T.match.title });
    expect(screen.queryByText('Strong match')).not.toBeInTheDocument();
  });
});
