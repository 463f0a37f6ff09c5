import type { LimitRule, RateLimiter } from '../auth/rate-limit';
import { normalizeEmail } from '../candidates/repository';
import { normalizeDomain } from '../employers/repository';
import { HttpError, ServerErrorCodes } from '../http/errors';
import { translator, type Language } from '../i18n';

const MINUTE = 60 * 1000;
const MB = 1024 * 1024;

/** Limits of applying and of drafts (decision 010). */
export interface ApplyLimits {
  /** Applications from one browser (its session, or its `careers_anon` id), signed in or out. */
  browser: LimitRule;
  /** Applications under one email typed signed out; signed in, under the account (never the same counter). */
  email: LimitRule;
  /** Signed-out applications from one client address (as `TRUST_PROXY` gives it); signed in never counts. */
  address: LimitRule;
  /** Bytes of files (distinct files of each application) per applicant (email or account) and per browser. */
  fileBytes: LimitRule;
  /** Drafts one candidate keeps at one employer. */
  draftsHeld: number;
  /** Bytes of answers (files base64 included) of one candidate's drafts at one employer, all together. */
  draftBytesHeld: number;
}

export const DEFAULT_APPLY_LIMITS: ApplyLimits = {
  browser: { name: 'apply:browser', limit: 20, windowMs: 10 * MINUTE },
  email: { name: 'apply:email', limit: 10, windowMs: 10 * MINUTE },
  address: { name: 'apply:address', limit: 30, windowMs: 10 * MINUTE },
  fileBytes: { name: 'apply:file-bytes', limit: 50 * MB, windowMs: 24 * 60 * MINUTE },
  draftsHeld: 20,
  draftBytesHeld: 60 * MB,
};

/** Error codes of the limits. */
const LimitErrorCodes = {
  quotaExceeded: 'upload_quota_exceeded',
  draftLimit: 'draft_limit_reached',
} as const;

/** The quota counts kibibytes (a day of bytes could pass the counter column's 32 bits). */
const KIB = 1024;

const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** Who an application is from, as the limits count it. */
interface Applicant {
  domain: string;
  /** The session's id, else the `careers_anon` id. */
  browser: string;
  /** The signed-in account, else null (signed out). */
  accountId: number | null;
  /** The email the application is made under (the account's, or the one typed). */
  email: string;
  /** The client's address (`request.ip`, which follows `TRUST_PROXY`). */
  address: string;
}

/** `Retry-After` seconds and the minutes said in the message, from the longest wait. */
function wait(retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)), hours: Math.max(1, Math.ceil(seconds / 3600)) };
}

/**
 * Counts an application against the limits (in the database, so every server on one database counts together;
 * decision 007), once its answers are checked and before anything is stored. Over a limit it throws 429 with
 * `Retry-After`: too many applications (per browser, per email or account, per address signed out), or too many
 * bytes of files today (naming `filesField`). Returns a function that takes the bytes back when the application is
 * not stored after all (409 already applied).
 */
export async function countApplication(
  limiter: RateLimiter,
  limits: ApplyLimits,
  applicant: Applicant,
  upload: { bytes: number; filesField: string | null },
  language: Language,
  now: Date,
): Promise<() => Promise<void>> {
  const t = translator(language);
  const domain = normalizeDomain(applicant.domain);
  const person =
    applicant.accountId === null
      ? `email:${domain}\n${normalizeEmail(applicant.email)}`
      : `account:${applicant.accountId}`;
  const browser = `browser:${applicant.browser}`;
  const counted: Array<[LimitRule, string]> = [
    [limits.browser, browser],
    [limits.email, person],
  ];
  if (applicant.accountId === null) counted.push([limits.address, applicant.address]);
  const hits = await Promise.all(counted.map(([rule, subject]) => limiter.hit(rule, subject, now)));
  const blocked = hits.map((hit, index) => ({ hit, rule: counted[index]![0] })).filter(({ hit }) => hit.blocked);
  if (blocked.length > 0) {
    const { seconds, minutes } = wait(Math.max(...blocked.map(({ hit }) => hit.retryAfterMs)));
    const byAddress = blocked.every(({ rule }) => rule === limits.address);
    throw new HttpError(
      429,
      ServerErrorCodes.rateLimited,
      t(byAddress ? 'forms.limits.tooManyFromNetwork' : 'forms.limits.tooMany', { count: minutes }),
      { headers: { 'retry-after': String(seconds) }, localized: true },
    );
  }

  const kib = Math.ceil(upload.bytes / KIB);
  if (kib === 0) return async () => {};
  const quota: LimitRule = { ...limits.fileBytes, limit: Math.floor(limits.fileBytes.limit / KIB) };
  const subjects = [person, browser];
  const counts = await Promise.all(subjects.map((subject) => limiter.hit(quota, subject, now, kib)));
  const takeBack = async () => {
    await Promise.all(subjects.map((subject) => limiter.undo(quota, subject, new Date(), kib)));
  };
  const over = counts.filter((hit) => hit.blocked);
  if (over.length > 0) {
    await takeBack();
    const { seconds, hours } = wait(Math.max(...over.map((hit) => hit.retryAfterMs)));
    const field = upload.filesField ?? 'values';
    throw new HttpError(
      429,
      LimitErrorCodes.quotaExceeded,
      `${field}: ${t('forms.limits.fileQuota', { megabytes: megabytes(limits.fileBytes.limit), count: hours })}`,
      { field, headers: { 'retry-after': String(seconds) }, localized: true },
    );
  }
  return takeBack;
}

/** 409 on saving a draft past the candidate's drafts: how many they keep, or their bytes. */
export function draftLimitError(limits: ApplyLimits, which: 'count' | 'bytes', language: Language): HttpError {
  const t = translator(language);
  return which === 'count'
    ? new HttpError(409, LimitErrorCodes.draftLimit, t('forms.limits.drafts', { count: limits.draftsHeld }), {
        field: 'position_ids',
        localized: true,
      })
    : new HttpError(
        409,
        LimitErrorCodes.draftLimit,
        `values: ${t('forms.limits.draftBytes', { megabytes: megabytes(limits.draftBytesHeld) })}`,
        { field: 'values', localized: true },
      );
}
