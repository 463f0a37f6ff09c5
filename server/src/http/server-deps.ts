import type { AccountService } from '../auth/accounts';
import type { AlertMailer } from '../saved-searches/job-alerts';
import type { Kysely } from 'kysely';
import type { LoginService } from '../auth/login-service';
import type { RateLimiter } from '../auth/rate-limit';
import type { SessionManager } from '../auth/sessions';
import type { CandidateRepository } from '../candidates/repository';
import type { Config } from '../config';
import type { Database } from '../db/types';
import type { EmployerRepository } from '../employers/repository';
import type { FormAssignmentRepository } from '../forms/forms-centre';
import type { FormEsign } from '../forms/esign';
import type { FormRepository } from '../forms/repository';
import type { NotificationRepository } from '../notifications/repository';
import type { OfferService } from '../offers/service';
import type { StoredFileRepository } from '../offers/stored-files';
import type { PositionRepository } from '../positions/repository';
import type { Search } from '../positions/search';
import type { PositionService } from '../positions/service';
import type { SavedSearchRepository } from '../saved-searches/repository';
import type { PageViewRepository } from '../vslog/repository';
import type { JobPageSource } from '../web/job-page';

/**
 * The server's repositories and services, each built once by `buildApp` (app.ts) and handed to every route module
 * in this one object (decision 025): a module names what it uses (`Pick<ServerDeps, …>`) and never builds its own,
 * so caches (the search's facet indexes, the job pages' countries, the employers' warn-once) and limits are shared.
 * Per-request state (session, visitor, language) is on the request instead, set by the plugins.
 */
export interface ServerDeps {
  /** For the modules that query the database directly (settings, profile, the sitemap). */
  db: Kysely<Database>;
  config: Config;
  employers: EmployerRepository;
  candidates: CandidateRepository;
  sessions: SessionManager;
  /** Limits counted in the database, so every process on one database counts together (decision 007). */
  limiter: RateLimiter;
  logins: LoginService;
  notifications: NotificationRepository;
  pageViews: PageViewRepository;
  offers: OfferService;
  storedFiles: StoredFileRepository;
  forms: FormRepository;
  formAssignments: FormAssignmentRepository;
  formEsign: FormEsign;
  savedSearches: SavedSearchRepository;
  positions: PositionRepository;
  /** The one search (its caches: facet indexes, text matches, open places). */
  search: Search;
  positionService: PositionService;
  jobPages: JobPageSource;
  /** Sign-up, links and codes, claims, and the receipts of applications (docs/product/accounts-and-mail.md). */
  accounts: AccountService;
  /** Alert mail with its one-click unsubscribe (docs/product/accounts-and-mail.md#job-alerts). */
  alertMailer: AlertMailer;
}
