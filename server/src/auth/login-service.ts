import { normalizeEmail, type Candidate, type CandidateRepository } from '../candidates/repository';
import { normalizeDomain } from '../employers/repository';
import { FailureLimiter } from './rate-limit';
import { verifyAgainstDecoy, verifyPassword } from './password';

/** Failed sign-ins allowed per email and client address in one window. */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
/** Failed sign-ins allowed per client address (any email) in one window. */
const LOGIN_FAILURES_PER_ADDRESS = 100;
const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type LoginOutcome =
  | { ok: true; candidate: Candidate }
  | { ok: false; reason: 'invalid_credentials' }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number };

export interface LoginAttempt {
  domain: string;
  email: string;
  password: string;
  clientAddress: string;
}

/** Checks credentials, with failed attempts limited per email+address and per address. */
export function createLoginService(candidates: CandidateRepository) {
  const perAccount = new FailureLimiter(LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURE_WINDOW_MS);
  const perAddress = new FailureLimiter(LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURE_WINDOW_MS);

  return {
    async attempt({ domain, email, password, clientAddress }: LoginAttempt): Promise<LoginOutcome> {
      const accountKey = `${normalizeDomain(domain)}\n${normalizeEmail(email)}\n${clientAddress}`;
      const now = Date.now();
      const waitMs = Math.max(perAccount.retryAfterMs(accountKey, now), perAddress.retryAfterMs(clientAddress, now));
      if (waitMs > 0) return { ok: false, reason: 'rate_limited', retryAfterSeconds: Math.ceil(waitMs / 1000) };

      const candidate = await candidates.findForLogin(domain, email);
      const valid = candidate
        ? await verifyPassword(password, candidate.passwordHash)
        : await verifyAgainstDecoy(password);
      if (!candidate || !valid) {
        perAccount.recordFailure(accountKey);
        perAddress.recordFailure(clientAddress);
        return { ok: false, reason: 'invalid_credentials' };
      }
      perAccount.reset(accountKey);
      const { passwordHash: _secret, ...publicCandidate } = candidate;
      return { ok: true, candidate: publicCandidate };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
