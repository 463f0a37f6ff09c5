import type { Kysely } from 'kysely';
import {
  createCandidateRepository,
  normalizeEmail,
  type Candidate,
  type CandidateRepository,
} from '../candidates/repository';
import {
  AccountErrorCodes,
  JOB_CART_LIMIT,
  SAVED_POSITIONS_LIMIT,
  type PendingAction,
  type SavedSearchParameters,
} from '../contract';
import type { Database } from '../db/types';
import type { Employer } from '../employers/repository';
import { normalizeDomain } from '../employers/repository';
import { HttpError, ServerErrorCodes } from '../http/errors';
import { translator, type Language } from '../i18n';
import type { Outbox } from '../mail/outbox';
import { renderMail } from '../mail/templates';
import type { PositionRepository } from '../positions/repository';
import { createJobAlertRepository } from '../saved-searches/job-alerts';
import type { AccountTokens, TokenPurpose } from './account-tokens';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password';
import { passwordProblem } from './password-policy';
import type { LimitRule, RateLimiter } from './rate-limit';
import { DEFAULT_NEXT, safeRedirectPath } from './safe-next';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Limits of the calls that send mail or check a code, counted in the database (every server process together;
 * docs/product/accounts-and-mail.md#limits). Per address: one inbox cannot be flooded. Per client: one client
 * cannot mail many inboxes (counted only when `TRUST_PROXY` gives real client addresses).
 */
const ACCOUNT_LIMITS = {
  mailPerEmail: { name: 'account-mail:email', limit: 5, windowMs: HOUR_MS },
  mailPerAddress: { name: 'account-mail:address', limit: 30, windowMs: HOUR_MS },
  codePerEmail: { name: 'account-code:email', limit: 10, windowMs: 15 * 60 * 1000 },
  linkPerAddress: { name: 'account-link:address', limit: 60, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, LimitRule>;

/** Everything a call that mails needs to know about the request. */
export interface MailRequest {
  employer: Employer;
  lang: Language;
  clientAddress: string;
  now: Date;
}

/** The result of a followed link or code: the account signed in, where to go, applications claimed. */
export interface AccountLinkOutcome {
  candidate: Candidate;
  next: string;
  claimed: number;
}

interface SignupData {
  firstName: string;
  lastName: string;
  passwordHash: string;
  next: string;
  lang: Language;
  pendingAction?: PendingAction;
}

export interface AccountServiceDeps {
  db: Kysely<Database>;
  candidates: CandidateRepository;
  positions: PositionRepository;
  tokens: AccountTokens;
  outbox: Outbox;
  limiter: RateLimiter;
  /** The careers server's origin, the start of every mailed link. */
  siteOrigin: string;
  limitPerAddress: boolean;
  /** Ends every session of a candidate (a password reset). */
  endSessions(candidateId: number): Promise<void>;
}

const invalidToken = (lang: Language) =>
  new HttpError(400, AccountErrorCodes.invalidToken, translator(lang)('account.errors.invalidToken'), {
    field: 'token',
    localized: true,
  });

/**
 * Sign-up, email verification, sign-in by code, password reset, email change and claiming signed-out applications
 * (docs/product/accounts-and-mail.md). The calls that take an email do the same work whether an account has it or
 * not (a password hash, one mail) and answer alike; only the mail differs.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, candidates, positions, tokens, outbox, limiter } = deps;

  const link = (path: string, params: Record<string, string>) => {
    const url = new URL(path, deps.siteOrigin);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  };

  async function countMail(request: MailRequest, email: string) {
    const subject = `${normalizeDomain(request.employer.domain)}\n${normalizeEmail(email)}`;
    const counted: Array<[LimitRule, string]> = [[ACCOUNT_LIMITS.mailPerEmail, subject]];
    if (deps.limitPerAddress) counted.push([ACCOUNT_LIMITS.mailPerAddress, request.clientAddress]);
    await enforce(counted, request);
  }

  async function enforce(counted: Array<[LimitRule, string]>, request: { lang: Language; now: Date }) {
    const hits = await Promise.all(counted.map(([rule, subject]) => limiter.hit(rule, subject, request.now)));
    const blocked = hits.filter((hit) => hit.blocked);
    if (blocked.length === 0) return;
    const seconds = Math.max(1, Math.ceil(Math.max(...blocked.map((hit) => hit.retryAfterMs)) / 1000));
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw new HttpError(
      429,
      ServerErrorCodes.rateLimited,
      translator(request.lang)('account.errors.rateLimited', { count: minutes }),
      { headers: { 'retry-after': String(seconds) }, localized: true },
    );
  }

  /** Mails "you have no account here" with a link to create one (a code or a reset asked for an unknown address). */
  async function mailNoAccount(trx: Kysely<Database>, request: MailRequest, email: string) {
    const signup = link('/careers/signup', { domain: request.employer.domain, hl: request.lang });
    await outbox.enqueue(
      trx,
      renderMail('no_account', { lang: request.lang, employer: request.employer, to: email, actionUrl: signup }),
      request.now,
    );
  }

  /**
   * Attaches the employer's signed-out applications made with `email` to the account; returns how many. One
   * application per position and person: a position the account has applied to already (not withdrawn) keeps its
   * signed-out application unattached.
   */
  async function claimApplications(trx: Kysely<Database>, candidate: Candidate, domain: string, email: string) {
    const result = await trx
      .updateTable('applications')
      .set({ candidate_id: candidate.id, signed_in: 1 })
      .where('domain', '=', normalizeDomain(domain))
      .where('email', '=', normalizeEmail(email))
      .where('candidate_id', 'is', null)
      .where((eb) =>
        eb(
          'position_id',
          'not in',
          eb
            .selectFrom('applications as own')
            .select('own.position_id')
            .where('own.candidate_id', '=', candidate.id)
            .where('own.status', '<>', 'withdrawn'),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async function runPendingAction(candidate: Candidate, action: PendingAction | undefined, now: Date) {
    if (!action) return;
    const open = await positions.openIds(candidate.domain, [action.positionId], now.toISOString());
    if (!open.has(action.positionId)) return;
    // Past the limits the action is not done: the candidate sees the job unsaved and can save it by hand.
    if (action.type === 'save_job')
      await positions.save(candidate.id, action.positionId, now.toISOString(), SAVED_POSITIONS_LIMIT);
    else await positions.addToCart(candidate.id, [action.positionId], now.toISOString(), JOB_CART_LIMIT);
  }

  const consumed = async (trx: Kysely<Database>, purpose: TokenPurpose, token: string, lang: Language, now: Date) => {
    const found = await tokens.consume(trx, purpose, token, now);
    if (!found) throw invalidToken(lang);
    return found;
  };

  return {
    /**
     * Sign-up: a link to finish when no account has the address (the name and password hash wait in the link's
     * row, so nothing is made before the address is proved), else a mail saying there is one.
     */
    async signUp(
      request: MailRequest,
      input: {
        email: string;
        firstName: string;
        lastName: string;
        password: string;
        next?: string;
        pendingAction?: PendingAction;
      },
    ): Promise<void> {
      const t = translator(request.lang);
      const problem = passwordProblem(input.password, { email: input.email });
      if (problem) {
        throw new HttpError(400, AccountErrorCodes.weakPassword, t(`account.password.${problem}`), {
          field: 'password',
          localized: true,
        });
      }
      await countMail(request, input.email);
      // Hashed either way, so the answer takes as long whether the address has an account or not.
      const passwordHash = await hashPassword(input.password);
      const existing = await candidates.findByEmail(request.employer.domain, input.email);
      const email = normalizeEmail(input.email);
      await db.transaction().execute(async (trx) => {
        if (existing) {
          const signIn = link('/careers/login', { domain: request.employer.domain, hl: request.lang });
          await outbox.enqueue(
            trx,
            renderMail('account_exists', {
              lang: request.lang,
              employer: request.employer,
              to: email,
              actionUrl: signIn,
            }),
            request.now,
          );
          return;
        }
        const data: SignupData = {
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash,
          next: safeRedirectPath(input.next),
          lang: request.lang,
          ...(input.pendingAction ? { pendingAction: input.pendingAction } : {}),
        };
        const token = await tokens.issue(
          trx,
          { purpose: 'verify_email', domain: request.employer.domain, email, data },
          request.now,
        );
        const url = link('/careers/account/verify', { token, hl: request.lang });
        await outbox.enqueue(
          trx,
          renderMail('verify_email', {
            lang: request.lang,
            employer: request.employer,
            to: email,
            actionUrl: url,
            values: { name: data.firstName },
          }),
          request.now,
        );
      });
      outbox.wake();
    },

    /**
     * Finishes a sign-up: makes the verified account (or, when one was made meanwhile, signs in to it without
     * changing its password), attaches the signed-out applications made with the address, and does the pending
     * action.
     */
    async verifyEmail(token: string, lang: Language, now: Date): Promise<AccountLinkOutcome> {
      const outcome = await db.transaction().execute(async (trx) => {
        const found = await consumed(trx, 'verify_email', token, lang, now);
        const data = found.data as unknown as SignupData;
        const repository = createCandidateRepository(trx);
        const candidate =
          (await repository.findByEmail(found.domain, found.email)) ??
          (await repository.create(
            {
              domain: found.domain,
              email: found.email,
              passwordHash: data.passwordHash,
              firstName: data.firstName,
              lastName: data.lastName,
              emailVerifiedAt: now.toISOString(),
            },
            now,
          ));
        const claimed = await claimApplications(trx, candidate, found.domain, found.email);
        return { candidate, next: safeRedirectPath(data.next), claimed, pendingAction: data.pendingAction };
      });
      await runPendingAction(outcome.candidate, outcome.pendingAction, now);
      return { candidate: outcome.candidate, next: outcome.next, claimed: outcome.claimed };
    },

    /** "Email me a code": a six-digit code for 15 minutes when the address has an account, else a "no account" mail. */
    async requestCode(request: MailRequest, email: string): Promise<void> {
      await countMail(request, email);
      const existing = await candidates.findByEmail(request.employer.domain, email);
      const to = normalizeEmail(email);
      await db.transaction().execute(async (trx) => {
        // A code is stored either way (one of no account signs nobody in, and is never mailed), so both answers
        // do the same writes and take as long.
        const code = await tokens.issue(
          trx,
          { purpose: 'sign_in_code', domain: request.employer.domain, email: to, candidateId: existing?.id ?? null },
          request.now,
        );
        if (!existing) return mailNoAccount(trx, request, to);
        await outbox.enqueue(
          trx,
          renderMail('sign_in_code', { lang: request.lang, employer: request.employer, to, code }),
          request.now,
        );
      });
      outbox.wake();
    },

    /** Signs in with a mailed code; null when it is wrong, used, expired or tried too often. */
    async signInWithCode(
      request: { employer: Employer; lang: Language; clientAddress: string; now: Date },
      input: { email: string; code: string },
    ): Promise<Candidate | null> {
      const subject = `${normalizeDomain(request.employer.domain)}\n${normalizeEmail(input.email)}`;
      const counted: Array<[LimitRule, string]> = [[ACCOUNT_LIMITS.codePerEmail, subject]];
      if (deps.limitPerAddress) counted.push([ACCOUNT_LIMITS.linkPerAddress, request.clientAddress]);
      await enforce(counted, request);
      const code = input.code.replace(/[\s-]/g, '');
      if (!/^\d+$/.test(code)) return null;
      const found = await tokens.consumeCode(request.employer.domain, input.email, code, request.now);
      if (!found?.candidateId) return null;
      return candidates.findById(found.candidateId);
    },

    /** "Forgot your password?": a reset link for 30 minutes when the address has an account, else a "no account" mail. */
    async forgotPassword(request: MailRequest, email: string, next?: string): Promise<void> {
      await countMail(request, email);
      const existing = await candidates.findByEmail(request.employer.domain, email);
      const to = normalizeEmail(email);
      await db.transaction().execute(async (trx) => {
        // As for codes: a link is stored either way (one of no account resets nothing, and is never mailed).
        const token = await tokens.issue(
          trx,
          {
            purpose: 'reset_password',
            domain: request.employer.domain,
            email: to,
            candidateId: existing?.id ?? null,
            data: { next: safeRedirectPath(next) },
          },
          request.now,
        );
        if (!existing) return mailNoAccount(trx, request, to);
        const url = link('/careers/account/reset', { token, hl: request.lang });
        await outbox.enqueue(
          trx,
          renderMail('reset_password', { lang: request.lang, employer: request.employer, to, actionUrl: url }),
          request.now,
        );
      });
      outbox.wake();
    },

    /**
     * A signed-out visitor's job alert (docs/product/accounts-and-mail.md#job-alerts): kept unconfirmed, and a link
     * to confirm it goes to the address. Nothing else is ever sent to it before that link is followed.
     */
    async subscribeJobAlert(
      request: MailRequest,
      input: { email: string; parameters: SavedSearchParameters },
    ): Promise<void> {
      await countMail(request, input.email);
      const to = normalizeEmail(input.email);
      await db.transaction().execute(async (trx) => {
        const alertId = await createJobAlertRepository(trx).subscribe(
          { domain: request.employer.domain, email: to, parameters: input.parameters, language: request.lang },
          request.now,
        );
        const token = await tokens.issue(
          trx,
          { purpose: 'alert_confirm', domain: request.employer.domain, email: to, data: { alertId } },
          request.now,
        );
        const url = link('/careers/alerts/confirm', { token, hl: request.lang });
        await outbox.enqueue(
          trx,
          renderMail('job_alert_confirm', { lang: request.lang, employer: request.employer, to, actionUrl: url }),
          request.now,
        );
      });
      outbox.wake();
    },

    /** Confirms a job alert from its link (single use); its search's page address, to go to. */
    async confirmJobAlert(token: string, lang: Language, now: Date): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const found = await consumed(trx, 'alert_confirm', token, lang, now);
        const alerts = createJobAlertRepository(trx);
        const alertId = Number(found.data.alertId);
        if (!(await alerts.confirm(alertId, now))) throw invalidToken(lang);
        return (await alerts.find(alertId))?.url ?? DEFAULT_NEXT;
      });
    },

    /** Tells the mail sender that a mail was written (after the transaction that wrote it). */
    wakeMail() {
      outbox.wake();
    },

    /** The unused, unexpired token of a link, without using it (the link's page says what following it does). */
    async peekToken(purpose: TokenPurpose, token: string) {
      return tokens.peek(purpose, token, new Date());
    },

    /** Sets a new password from a reset link: single use, and every session of the account ends. */
    async resetPassword(token: string, password: string, lang: Language, now: Date): Promise<AccountLinkOutcome> {
      const target = await tokens.peek('reset_password', token, now);
      if (!target?.candidateId) throw invalidToken(lang);
      const problem = passwordProblem(password, { email: target.email });
      if (problem) {
        throw new HttpError(400, AccountErrorCodes.weakPassword, translator(lang)(`account.password.${problem}`), {
          field: 'password',
          localized: true,
        });
      }
      const passwordHash = await hashPassword(password);
      const found = await db.transaction().execute(async (trx) => {
        const used = await consumed(trx, 'reset_password', token, lang, now);
        await trx
          .updateTable('candidates')
          .set({ password_hash: passwordHash })
          .where('id', '=', used.candidateId!)
          .execute();
        return used;
      });
      await deps.endSessions(found.candidateId!);
      const candidate = await candidates.findById(found.candidateId!);
      if (!candidate) throw invalidToken(lang);
      return { candidate, next: safeRedirectPath(found.data.next as string | undefined), claimed: 0 };
    },

    /**
     * Email change, signed in: the current password is checked; the new address gets a link (or, when another
     * account has it, a mail saying so: the answer is the same), the current one a notice.
     */
    async requestEmailChange(
      request: MailRequest,
      candidate: Candidate,
      input: { email: string; password: string },
    ): Promise<boolean> {
      const withSecret = await candidates.findForLogin(candidate.domain, candidate.email);
      if (!withSecret || !(await verifyPassword(input.password, withSecret.passwordHash))) {
        if (!withSecret) await verifyAgainstDecoy(input.password);
        return false;
      }
      await countMail(request, input.email);
      const to = normalizeEmail(input.email);
      const taken = await candidates.findByEmail(candidate.domain, to);
      await db.transaction().execute(async (trx) => {
        if (taken) {
          const signIn = link('/careers/login', { domain: request.employer.domain, hl: request.lang });
          await outbox.enqueue(
            trx,
            renderMail('account_exists', { lang: request.lang, employer: request.employer, to, actionUrl: signIn }),
            request.now,
          );
          return;
        }
        const token = await tokens.issue(
          trx,
          { purpose: 'email_change', domain: candidate.domain, email: to, candidateId: candidate.id },
          request.now,
        );
        const url = link('/careers/account/email', { token, hl: request.lang });
        await outbox.enqueue(
          trx,
          renderMail('email_change', { lang: request.lang, employer: request.employer, to, actionUrl: url }),
          request.now,
        );
      });
      outbox.wake();
      return true;
    },

    /** Confirms a new address from its link; the old address is told. */
    async confirmEmailChange(
      token: string,
      request: { employer: Employer; lang: Language; now: Date },
    ): Promise<AccountLinkOutcome> {
      const { lang, now } = request;
      const found = await db.transaction().execute((trx) => consumed(trx, 'email_change', token, lang, now));
      const before = found.candidateId ? await candidates.findById(found.candidateId) : null;
      if (!before) throw invalidToken(lang);
      if (!(await candidates.changeEmail(before.id, found.email, now))) {
        throw new HttpError(409, 'email_taken', translator(lang)('account.errors.emailTaken'), {
          field: 'email',
          localized: true,
        });
      }
      await outbox.enqueue(
        db,
        renderMail('email_changed', {
          lang,
          employer: request.employer,
          to: before.email,
          values: { newEmail: found.email },
        }),
        now,
      );
      outbox.wake();
      const candidate = (await candidates.findById(before.id)) ?? before;
      return { candidate, next: DEFAULT_NEXT, claimed: 0 };
    },

    /** The address a claim link is for, without using it (the claim page offers to sign in or create the account). */
    async claimTarget(token: string, now: Date) {
      const found = await tokens.peek('claim', token, now);
      if (!found) return null;
      const account = await candidates.findByEmail(found.domain, found.email);
      return { email: found.email, domain: found.domain, hasAccount: account !== null };
    },

    /**
     * Follows a claim link: the link proves the address, so its signed-out applications go to the signed-in
     * account, else to the account with that address (signed in by the link), else to a new verified account made
     * with `signup`.
     */
    async claim(
      token: string,
      signedIn: Candidate | null,
      signup: { firstName: string; lastName: string; password: string } | null,
      lang: Language,
      now: Date,
    ): Promise<AccountLinkOutcome> {
      const target = await tokens.peek('claim', token, now);
      if (!target) throw invalidToken(lang);
      const existing = signedIn ?? (await candidates.findByEmail(target.domain, target.email));
      let passwordHash: string | null = null;
      if (!existing) {
        const t = translator(lang);
        if (!signup)
          throw new HttpError(400, ServerErrorCodes.badRequest, t('account.errors.passwordRequired'), {
            field: 'password',
            localized: true,
          });
        const problem = passwordProblem(signup.password, { email: target.email });
        if (problem) {
          throw new HttpError(400, AccountErrorCodes.weakPassword, t(`account.password.${problem}`), {
            field: 'password',
            localized: true,
          });
        }
        passwordHash = await hashPassword(signup.password);
      }
      return db.transaction().execute(async (trx) => {
        const found = await consumed(trx, 'claim', token, lang, now);
        const repository = createCandidateRepository(trx);
        const candidate =
          existing ??
          (await repository.create(
            {
              domain: found.domain,
              email: found.email,
              passwordHash: passwordHash!,
              firstName: signup!.firstName.trim(),
              lastName: signup!.lastName.trim(),
              emailVerifiedAt: now.toISOString(),
            },
            now,
          ));
        const claimed = await claimApplications(trx, candidate, found.domain, found.email);
        return { candidate, next: safeRedirectPath(found.data.next as string | undefined), claimed };
      });
    },

    /**
     * The receipt of an application (written in the application's transaction). Signed out, it carries the link
     * that claims the applications made with the address (30 days).
     */
    async mailApplicationReceived(
      trx: Kysely<Database>,
      input: { employer: Employer; lang: Language; email: string; positions: string[]; signedIn: boolean; now: Date },
    ): Promise<void> {
      const to = normalizeEmail(input.email);
      const values = { positions: input.positions.join(', '), count: input.positions.length };
      if (input.signedIn) {
        const url = link('/careers/applications', { domain: input.employer.domain, hl: input.lang });
        await outbox.enqueue(
          trx,
          renderMail('application_received', {
            lang: input.lang,
            employer: input.employer,
            to,
            values,
            actionUrl: url,
          }),
          input.now,
        );
        return;
      }
      const token = await tokens.issue(
        trx,
        {
          purpose: 'claim',
          domain: input.employer.domain,
          email: to,
          data: { next: `/careers/applications?domain=${encodeURIComponent(input.employer.domain)}` },
        },
        input.now,
      );
      const url = link('/careers/account/claim', { token, hl: input.lang });
      await outbox.enqueue(
        trx,
        renderMail('application_claim', { lang: input.lang, employer: input.employer, to, values, actionUrl: url }),
        input.now,
      );
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
