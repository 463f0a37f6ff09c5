/**
 * What the offer pages' tests share: the offer of `makeOffer()` and its API addresses, answering the offer call,
 * the toast spies, and the decline flow of the pages' header (DeclineAction), which is the same on every page.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { notify } from '@careers/shared';
import type { Offer } from '@careers/shared/contract';
import { deferred, ok, type FakeResponseInit, type FakeServer } from './fakeServer';

/** The enc_id of `makeOffer()`. */
export const ID = 'offerAbc123';
export const OFFER = `/api/offer/${ID}`;
export const DECLINE = `/api/offer/offers/${ID}/decline`;

/** Answers the offer call with `offer`, or with the given response. */
export function answerOffer(server: FakeServer, offer: Offer | FakeResponseInit): void {
  server.on('GET', OFFER, 'enc_id' in offer ? ok({ offer }) : offer);
}

export interface ToastSpies {
  success: jest.SpyInstance;
  error: jest.SpyInstance;
  info: jest.SpyInstance;
}

/** Spies on the success, error and info toasts, which show nothing; `jest.restoreAllMocks()` ends the spies. */
export function spyOnToasts(): ToastSpies {
  return {
    success: jest.spyOn(notify, 'success').mockImplementation(() => 'toast'),
    error: jest.spyOn(notify, 'error').mockImplementation(() => 'toast'),
    info: jest.spyOn(notify, 'info').mockImplementation(() => 'toast'),
  };
}

export const DECLINE_ERROR = 'There was a problem rejecting the offer';

const declineButton = () => screen.getByRole('button', { name: 'Decline' });

/** Decline on the page, then Decline offer in the confirmation. */
export async function declineOffer(user: UserEvent): Promise<void> {
  await user.click(declineButton());
  await user.click(
    within(screen.getByRole('dialog', { name: 'Decline offer?' })).getByRole('button', { name: 'Decline offer' }),
  );
}

/**
 * After a failed decline: the modal has closed and "There was a problem rejecting the offer" stands right after
 * Decline (spaced by its class, not an inline style), describes it and has taken focus; Shift+Tab goes back to
 * Decline.
 */
export async function expectDeclineAlert(user: UserEvent): Promise<void> {
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(DECLINE_ERROR);
  expect(alert).toBeVisible();
  expect(alert).toHaveClass('cw-offers-action-error', 'cw-offers-action-error--header');
  expect(alert).not.toHaveAttribute('style');
  const decline = declineButton();
  expect(alert.previousElementSibling).toBe(decline);
  expect(decline).toHaveAccessibleDescription(DECLINE_ERROR);
  await waitFor(() => expect(alert).toHaveFocus());
  await user.tab({ shift: true });
  expect(decline).toHaveFocus();
}

/**
 * With the decline alert on screen: declining again (its call held) removes the alert at once, and it stays off
 * when that decline succeeds and the page shows `declined`, the offer fetched again.
 */
export async function expectRetryClearsDeclineAlert(
  user: UserEvent,
  server: FakeServer,
  declined: Offer,
  successToast: jest.SpyInstance,
): Promise<void> {
  const held = deferred<FakeResponseInit>();
  server.on('POST', DECLINE, () => held.promise);
  await declineOffer(user);
  expect(screen.queryByText(DECLINE_ERROR)).not.toBeInTheDocument();
  answerOffer(server, declined);
  await act(async () => held.resolve(ok({ ok: true })));
  await waitFor(() => expect(successToast).toHaveBeenCalledWith('Successfully rejected the offer'));
  expect(await screen.findByText('Offer declined')).toBeInTheDocument();
  expect(screen.queryByText(DECLINE_ERROR)).not.toBeInTheDocument();
}
