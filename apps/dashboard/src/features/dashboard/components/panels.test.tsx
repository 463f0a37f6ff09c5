import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fail, ok, type FakeResponseInit } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { answerAll, draft, offer, savedPosition } from '../test/fixtures';
import { DashboardPage } from './DashboardPage';
import { renderPage, setUpDashboardTests, spyOnToasts } from '../../../test/setup';

const texts = en.dashboard;
const fake = setUpDashboardTests();

const openTab = (tab: string) => {
  window.history.replaceState(null, '', `/careers/dashboard?domain=acme.example&tab=${tab}`);
  return renderPage(<DashboardPage />);
};

const medium = (at: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(at));

describe('the saved jobs tab', () => {
  it('shows each saved position with apply, remove and its posting date', async () => {
    answerAll(fake.server, {
      '/api/pcsx/positions/saved': ok({
        positions: [
          savedPosition(31, 'Controls Engineer', { is_remote: true }),
          savedPosition(32, 'Old Position', { archived_at: '2026-10-01T00:00:00.000Z' }),
          savedPosition(33, 'Expired Position', { valid_through: '2026-01-01T00:00:00.000Z' }),
        ],
      }),
    });
    openTab('saved-jobs');
    const list = await screen.findByRole('list', { name: 'Saved jobs' });
    const [open, closed, expired] = within(list).getAllByRole('article');
    // Past its valid-through date a position is closed like an archived one (its job page answers 404).
    expect(within(expired!).queryByRole('link')).not.toBeInTheDocument();
    expect(expired).toHaveTextContent('Status: Position closed');
    expect(within(open!).getByRole('link', { name: 'Controls Engineer' })).toHaveAttribute(
      'href',
      '/careers/job/31?domain=acme.example',
    );
    expect(within(open!).getByRole('link', { name: texts.saved.apply })).toHaveAttribute(
      'href',
      '/careers/apply?domain=acme.example&pid=31',
    );
    expect(open).toHaveTextContent('EngineeringFull timeRemote');
    expect(open).toHaveTextContent(`Posted${medium('2026-11-03T10:00:00.000Z')}`);
    expect(within(closed!).queryByRole('link')).not.toBeInTheDocument();
    expect(closed).toHaveTextContent('Status: Position closed');
    expect(within(closed!).getByRole('button', { name: texts.saved.unsave })).toBeInTheDocument();
  });

  it('removes a position at once when unsaved, and every saved list is fetched again', async () => {
    answerAll(fake.server);
    const held = deferred<FakeResponseInit>();
    fake.server.on('POST', '/api/pcsx/positions/unsave', () => held.promise);
    const { success } = spyOnToasts();
    openTab('saved-jobs');
    const list = await screen.findByRole('list', { name: 'Saved jobs' });
    fake.server.on('GET', '/api/pcsx/positions/saved', ok({ positions: [] }));
    await userEvent.setup().click(within(list).getByRole('button', { name: texts.saved.unsave }));
    expect(await screen.findByText(texts.empty['saved-jobs'].title)).toBeInTheDocument();
    // Issue 22: focus fell to the page's body with the removed card's button; the tab panel takes it.
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveFocus());
    expect(fake.server.callsTo('POST', '/api/pcsx/positions/unsave')[0]!.body).toEqual({
      domain: 'acme.example',
      position_id: 31,
    });
    await act(async () => held.resolve(ok({ positionUserActions: { isSaved: false, inCart: false } })));
    await waitFor(() => expect(success).toHaveBeenCalledWith(texts.saved.removed));
    await waitFor(() => expect(fake.server.callsTo('GET', '/api/pcsx/positions/saved')).toHaveLength(2));
  });

  it('puts the position back and says so when unsaving fails', async () => {
    answerAll(fake.server);
    fake.server.on('POST', '/api/pcsx/positions/unsave', fail(500));
    const { error } = spyOnToasts();
    openTab('saved-jobs');
    const list = await screen.findByRole('list', { name: 'Saved jobs' });
    await userEvent.setup().click(within(list).getByRole('button', { name: texts.saved.unsave }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(texts.saved.removeFailed));
    expect(screen.getByRole('link', { name: 'Controls Engineer' })).toBeInTheDocument();
  });
});

describe('the drafts tab', () => {
  it('shows open drafts (continue, delete) apart from closed ones (delete only)', async () => {
    answerAll(fake.server);
    openTab('drafts');
    const open = await screen.findByRole('list', { name: texts.sections.openDrafts });
    const card = within(open).getByRole('article', { name: 'Firmware Engineer' });
    expect(within(card).getByRole('link', { name: texts.drafts.continue })).toHaveAttribute(
      'href',
      '/careers/apply?domain=acme.example&pid=201',
    );
    expect(card).toHaveTextContent(`Last saved${medium('2026-11-12T10:00:00.000Z')}`);
    const closed = screen.getByRole('list', { name: texts.sections.closedDrafts });
    const closedCard = within(closed).getByRole('article', { name: 'Welding Inspector' });
    expect(closedCard).toHaveTextContent('Status: Position closed');
    expect(within(closedCard).queryByRole('link')).not.toBeInTheDocument();
    expect(within(closedCard).getByRole('button', { name: texts.drafts.delete })).toBeInTheDocument();
  });

  it('deletes a draft at once: DELETE with position_ids, then "Deleted draft application"', async () => {
    answerAll(fake.server);
    const held = deferred<FakeResponseInit>();
    fake.server.on('DELETE', '/api/pcsx/draft_applications', () => held.promise);
    const { success } = spyOnToasts();
    openTab('drafts');
    const open = await screen.findByRole('list', { name: texts.sections.openDrafts });
    await userEvent.setup().click(within(open).getByRole('button', { name: texts.drafts.delete }));
    // Gone before the server answers.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Firmware Engineer' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveFocus());
    expect(screen.getByText(texts.sections.openDraftsNone)).toBeInTheDocument();
    expect(fake.server.callsTo('DELETE', '/api/pcsx/draft_applications')[0]!.body).toEqual({
      domain: 'acme.example',
      position_ids: [201],
    });
    fake.server.on(
      'GET',
      '/api/pcsx/draft_applications',
      ok({ draft_applications: [draft(2, 'Welding Inspector', 1_700_000_000)] }),
    );
    await act(async () => held.resolve(ok({ position_ids: [201], deleted: true })));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Deleted draft application'));
    expect(screen.queryByRole('article', { name: 'Firmware Engineer' })).not.toBeInTheDocument();
  });

  it('restores the draft when the delete fails: "Failed to delete draft application"', async () => {
    answerAll(fake.server);
    const held = deferred<FakeResponseInit>();
    fake.server.on('DELETE', '/api/pcsx/draft_applications', () => held.promise);
    const { error } = spyOnToasts();
    openTab('drafts');
    const open = await screen.findByRole('list', { name: texts.sections.openDrafts });
    await userEvent.setup().click(within(open).getByRole('button', { name: texts.drafts.delete }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Firmware Engineer' })).not.toBeInTheDocument());
    await act(async () => held.resolve(fail(500)));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to delete draft application'));
    expect(await screen.findByRole('article', { name: 'Firmware Engineer' })).toBeInTheDocument();
  });
});

describe('the offers tab', () => {
  it('shows each offer’s status, dates and where to answer it', async () => {
    answerAll(fake.server, {
      '/api/offer/offers': ok({
        offers: [
          offer(),
          offer({
            id: 6,
            enc_id: 'letterOffer1',
            status: 'Accepted',
            acceptance: 'upload',
            position: { name: 'Welder' },
          }),
          offer({
            id: 7,
            enc_id: 'oldOffer0001',
            expires_at: '2020-01-01T00:00:00.000Z',
            position: { name: 'Painter' },
          }),
        ],
      }),
    });
    openTab('offers');
    const list = await screen.findByRole('list', { name: 'Offers' });
    const [extended, accepted, expired] = within(list).getAllByRole('article');
    expect(extended).toHaveTextContent('Status: Offer extended');
    expect(extended).toHaveTextContent(`Expires${medium('2099-01-01T00:00:00.000Z')}`);
    expect(within(extended!).getByRole('link', { name: texts.offers.answer })).toHaveAttribute(
      'href',
      '/careers/offer/demoOfferId1?domain=acme.example',
    );
    expect(accepted).toHaveTextContent('Status: Offer accepted');
    expect(within(accepted!).getByRole('link', { name: 'Welder' })).toHaveAttribute(
      'href',
      '/careers/offer-letter/letterOffer1?domain=acme.example',
    );
    expect(expired).toHaveTextContent('Status: Offer expired');
    expect(expired).not.toHaveTextContent('Expires');
  });
});

describe('the server’s cards', () => {
  it('shows upcoming and past interviews, a video link opening in a new tab', async () => {
    answerAll(fake.server);
    openTab('interviews');
    const upcoming = await screen.findByRole('list', { name: texts.sections.upcoming });
    const join = within(upcoming).getByRole('link', { name: 'Join video call (opens in a new tab)' });
    expect(join).toHaveAttribute('href', 'https://meet.example/abc');
    expect(join).toHaveAttribute('rel', 'noopener noreferrer');
    expect(upcoming.querySelector('time')).toHaveAttribute('datetime', '2026-12-02T15:00:00.000Z');
    expect(screen.getByRole('list', { name: texts.sections.past })).toHaveTextContent('Phone screen');
  });

  it('shows the referrals with their status and apply link', async () => {
    answerAll(fake.server);
    openTab('referrals');
    const list = await screen.findByRole('list', { name: 'Referrals' });
    const card = within(list).getByRole('article', { name: 'Firmware Engineer' });
    expect(card).toHaveTextContent('Referred by Sam Lee');
    expect(card).toHaveTextContent('Status: Not applied yet');
    expect(within(card).getByRole('link', { name: 'Apply' })).toHaveAttribute(
      'href',
      '/careers/apply?domain=acme.example&pid=7',
    );
  });
});
