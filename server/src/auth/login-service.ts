import { normalizeEmail, type Candidate, type CandidateRepository } from '../candidates/repository';
import { normalizeDomain } from '../employers/repository';
import type { LimitRule, RateLimiter } from './rate-limit';
import { verifyAgainstDecoy, verifyPassword } from './password';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Sign-in attempts counted in the database (every server process counts together), in 15-minute windows. A
 * blocked attempt checks no password, so a right password is refused too until the window ends.
 */
export const LOGIN_LIMITS = {
  /** One account from one client address: stops one client guessing one password. */
  accountAndAddress: { name: 'login:account+address', limit: 10, windowMs: LOGIN_WINDOW_MS },
  /** One account from any address: stops guessing one password from many addresses. Other accounts never count. */
  account: { name: 'login:account', limit: 50, windowMs: LOGIN_WINDOW_MS },
  /**
   * One client address, any account (password spraying). Counted only when `TRUST_PROXY` gives real client
   * addresses: with `TRUST_PROXY=false` every candidate behind a proxy has the proxy's address.
   */
  address: { name: 'login:address', limit: 100, windowMs: LOGIN_WINDOW_MS },
} as const satisfies Record<string, LimitRule>;

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

export interface LoginServiceOptions {
  /** Whether the client address is a real client's (`TRUST_PROXY` set), so the per-address limit applies. */
  limitPerAddress: boolean;
}

/**
 * Checks credentials. Every attempt is counted first (one atomic upsert per limit, so concurrent attempts on two
 * processes cannot slip past a limit together); a successful one is then taken back: the account's counters are
 * cleared and the address's count is lowered again.
 */
export function createLoginService(
  candidates: CandidateRepository,
  limiter: RateLimiter,
  { limitPerAddress }: LoginServiceOptions,
) {
  return {
    async attempt({ domain, email, password, clientAddress }: LoginAttempt): Promise<LoginOutcome> {
      const account = `${normalizeDomain(domain)}\n${normalizeEmail(email)}`;
      const counted: Array<[LimitRule, string]> = [
        [LOGIN_LIMITS.accountAndAddress, `${account}\n${clientAddress}`],
        [LOGIN_LIMITS.account, account],
      ];
      if (limitPerAddress) counted.push([LOGIN_LIMITS.address, clientAddress]);
      const now = new Date();
      const hits = await Promise.all(counted.map(([rule, subject]) => limiter.hit(rule, subject, now)));
      const waitMs = Math.max(0, ...hits.filter((hit) => hit.blocked).map((hit) => hit.retryAfterMs));
      if (hits.some((hit) => hit.blocked)) {
        return { ok: false, reason: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      }

      const candidate = await candidates.findForLogin(domain, email);
      const valid = candidate
        ? await verifyPassword(password, candidate.passwordHash)
        : await verifyAgainstDecoy(password);
      if (!candidate || !valid) return { ok: false, reason: 'invalid_credentials' };

      await limiter.reset(LOGIN_LIMITS.accountAndAddress, `${account}\n${clientAddress}`);
      await limiter.reset(LOGIN_LIMITS.account, account);
      if (limitPerAddress) await limiter.undo(LOGIN_LIMITS.address, clientAddress, new Date());
      const { passwordHash: _secret, ...publicCandidate } = candidate;
      return { ok: true, candidate: publicCandidate };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
