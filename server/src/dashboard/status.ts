import { ACTIVE_APPLICATION_STATUSES } from '../contract';

/** Statuses a closed position ends (an offer stands even when the position closes). */
const ENDED_BY_CLOSING: readonly string[] = ['submitted', 'in_review', 'interview'];

/**
 * Whether the application still counts as in progress (see `APPLICATION_STATUSES` in the contract): the one rule
 * the cards show and the withdrawal enforces.
 */
export const isActiveApplication = (status: string, positionClosed: boolean): boolean =>
  (ACTIVE_APPLICATION_STATUSES as readonly string[]).includes(status) &&
  !(positionClosed && ENDED_BY_CLOSING.includes(status));
