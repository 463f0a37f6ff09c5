import type { Generated } from 'kysely';

/**
 * Table shapes as stored. Portable across SQLite and PostgreSQL:
 * - timestamps are ISO 8601 UTC strings (`Date#toISOString()`), which sort and compare as text;
 * - booleans are integers 0/1 (the repositories convert them);
 * - ids are auto-incremented integers.
 */
export interface EmployersTable {
  domain: string;
  company_name: string;
  notifications_enabled: number;
  action_required_configured: number;
  created_at: string;
  /** Terms-of-service modal (0002): switched on, and its texts (null: the widget's default). */
  tos_enabled: Generated<number>;
  tos_heading_text: string | null;
  tos_helper_text: string | null;
  tos_info_text: string | null;
  /** HTML as the employer wrote it; sanitised by the widget when it renders it. */
  tos_disclaimer_text: string | null;
  tos_submit_button_text: string | null;
  /** Saved searches (0006): `notificationsConfig.notificationKeys.savedSearchNotification.enabled`. */
  saved_search_notification_enabled: Generated<number>;
  /** `loginSignupConfig.candidateLoginEnabled` (0006). */
  candidate_login_enabled: Generated<number>;
  /** `loginSignupConfig.candidateSignupEnabled` (0019): candidates may create accounts. */
  candidate_signup_enabled: Generated<number>;
  /** `loginSignupConfig.consentText` (0019): the employer's words beside the sign-up form; null: the product's. */
  signup_consent_text: string | null;
  /**
   * The employer's `searchConfig`, `jobCartConfig` and `positionDetailsConfig` as one JSON object (0007), or null
   * (the widgets' defaults). Read through `parseEmployerPcsxConfig`: a broken value is logged and ignored.
   */
  pcsx_config_json: string | null;
}

export interface CandidatesTable {
  id: Generated<number>;
  domain: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  enc_id: string;
  location: string;
  has_resume: number;
  tos_attested_at: string | null;
  is_onboarded: number;
  is_bootstrapped: number;
  created_at: string;
  /** The language the candidate chose in their settings (0014); null: not chosen. */
  language: string | null;
  /** Saved-search alerts on (1) or off (0) for every saved search (0014). */
  saved_search_alerts: Generated<number>;
  /** An administrator of the employer's careers site (1): the 500 page also shows the error and its stack (0015). */
  is_admin: Generated<number>;
  /** When the candidate proved the address by a mailed link or code (0019); null: not yet. */
  email_verified_at: string | null;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie token; the raw token is never stored. */
  id: string;
  candidate_id: number | null;
  domain: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  domain: string;
  candidate_id: number;
  category_title: string;
  message: string;
  notification_type: 'read_only' | 'action_required';
  redirect_url: string | null;
  created_at: string;
  viewed_at: string | null;
  clicked_at: string | null;
}

interface PageViewsTable {
  id: Generated<number>;
  domain: string;
  candidate_id: number | null;
  pid: string | null;
  namespace: string;
  event: string;
  data_json: string;
  created_at: string;
}

export type StoredOfferStatus =
  'Extended' | 'Declined' | 'Accepted' | 'Canceled' | 'Rejected' | 'Contract Accepted' | 'Contract Extended';
export type OfferAcceptance = 'documents' | 'upload';
export type StoredDocumentStatus = 'Pending' | 'Signed' | 'Unsigned' | 'Read Only';
/** How a document is signed: typed name in the page, through the e-sign server, or not at all (read only). */
export type DocumentSigning = 'embedded' | 'esign' | 'none';
export type EsignSessionStatus = 'pending' | 'signed' | 'rejected';

export interface OffersTable {
  id: Generated<number>;
  /** Unguessable public id used in every path. */
  enc_id: string;
  domain: string;
  candidate_id: number;
  position_name: string;
  status: StoredOfferStatus;
  acceptance: OfferAcceptance;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OfferDocumentsTable {
  id: Generated<number>;
  offer_id: number;
  name: string;
  document_type: string;
  status: StoredDocumentStatus;
  signing: DocumentSigning;
  /** Null only while the document is Pending (still being prepared). */
  original_file_id: number | null;
  signed_file_id: number | null;
  signed_at: string | null;
  updated_at: string;
}

/** File bytes kept in the database, so every server process (and machine) sees the same files. */
interface StoredFilesTable {
  id: Generated<number>;
  /** Server-made name (`doc_<random>.pdf`); a client's file name is never used. */
  name: string;
  content: Buffer;
  byte_size: number;
  sha256: string;
  content_type: string;
  created_at: string;
}

export interface EsignSessionsTable {
  id: Generated<number>;
  /** Random, URL-safe; the signing link's only secret. */
  token: string;
  document_id: number;
  status: EsignSessionStatus;
  signer_name: string | null;
  completed_at: string | null;
  created_at: string;
  /** Second secret of the session (0004): only the offer's candidate gets it; recording an outcome needs it. */
  signer_key: string | null;
}

/** Fixed-window counter of one limit (0003); `key` is the SHA-256 of the limit's name and subject. */
interface RateLimitsTable {
  key: string;
  count: number;
  window_ends_at: string;
}

/** A secret generated once for every server process on this database (0003), such as the CSRF signing key. */
interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** A position of an employer (0005); open while not archived, posted and not past valid_through. */
export interface PositionsTable {
  id: Generated<number>;
  domain: string;
  title: string;
  /** HTML as the employer wrote it; the widget sanitises it. */
  description: string;
  department: string;
  employment_type: string;
  remote: number;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  /** JSON array of skill names. */
  skills: string;
  posted_at: string;
  valid_through: string | null;
  archived_at: string | null;
  created_at: string;
  /** The position's own application form (0009): a `forms.form_key` of its employer; null: the default form. */
  application_form_key: string | null;
}

interface PositionLocationsTable {
  id: Generated<number>;
  position_id: number;
  name: string;
  name_key: string;
  lat: number;
  lng: number;
}

interface PositionSkillsTable {
  position_id: number;
  skill: string;
}

/** Word-start keys of titles and skills for search suggestions (0005). */
interface SearchTermsTable {
  domain: string;
  term_key: string;
  term: string;
  kind: 'title' | 'skill';
}

/** A candidate's saved positions and job cart (0005): one row per candidate and position. */
interface CandidatePositionsTable {
  candidate_id: number;
  position_id: number;
  created_at: string;
}

interface PositionOverridesTable {
  position_id: number;
  config_json: string;
}

interface CandidateSkillsTable {
  candidate_id: number;
  skill: string;
  skill_key: string;
}

/** A candidate's saved search (0006): search parameters in canonical form; `filters` is JSON. */
interface SavedSearchesTable {
  id: Generated<number>;
  candidate_id: number;
  domain: string;
  params_key: string;
  query: string;
  location: string;
  filters: string;
  sort_by: 'relevance' | 'date' | 'distance';
  language: string | null;
  created_at: string;
  /** This saved search's alerts on (1) or off (0) (0014). */
  alerts_enabled: Generated<number>;
}

/** An employer's form definition (0009): the contract's FormDefinition as JSON, found by `form_key`. */
interface FormsTable {
  id: Generated<number>;
  domain: string;
  form_key: string;
  title: string;
  definition_json: string;
  created_at: string;
  updated_at: string;
}

/** An application to one position (0009); `email` in lower case, `answers_json` the form's answers. */
interface ApplicationsTable {
  id: Generated<number>;
  domain: string;
  position_id: number;
  candidate_id: number | null;
  email: string;
  answers_json: string;
  /** The current status (`submitted` first); its history is in `application_events`. */
  status: string;
  created_at: string;
  updated_at: string;
  /** 1: made by the signed-in account holder; 0: made signed out, under the email typed in the form (0016). */
  signed_in: Generated<number>;
}

/** The bytes of a file uploaded with applications, once per SHA-256 (0016); answers name it by `sha256`. */
interface ApplicationFilesTable {
  sha256: string;
  content: Buffer;
  byte_size: number;
  created_at: string;
}

/** Which application uses which file (0016), so a file nothing uses any more can be deleted. */
interface ApplicationFileUsesTable {
  application_id: number;
  sha256: string;
}

/** One status of an application, when it was reached (0009). */
interface ApplicationEventsTable {
  id: Generated<number>;
  application_id: number;
  status: string;
  at: string;
}

/** A signed-in candidate's unfinished application (0009); `position_ids` sorted and comma-joined. */
export interface DraftApplicationsTable {
  id: Generated<number>;
  domain: string;
  candidate_id: number;
  position_ids: string;
  values_json: string;
  created_at: string;
  updated_at: string;
}

/** A form the employer assigned to a candidate (0010): its answers so far and where it stands. */
export interface FormAssignmentsTable {
  id: Generated<number>;
  domain: string;
  candidate_id: number;
  form_key: string;
  status: 'open' | 'in_progress' | 'completed';
  values_json: string;
  assigned_at: string;
  updated_at: string;
  completed_at: string | null;
}

/**
 * An e-sign session of a form question (0011): one signing link for (assignment, item name); at most one pending
 * per question, a new one after a rejection.
 */
export interface FormEsignSessionsTable {
  id: Generated<number>;
  /** Random, URL-safe; the signing link's path. */
  token: string;
  /** Second secret: only the assignment's candidate gets it (the link's fragment); recording an outcome needs it. */
  signer_key: string;
  assignment_id: number;
  item_name: string;
  status: EsignSessionStatus;
  signer_name: string | null;
  completed_at: string | null;
  created_at: string;
}

/** How an interview is held (0012). */
export type InterviewMode = 'onsite' | 'video' | 'phone';

/** A candidate's interview (0012): when (UTC, shown in `time_zone`), how, with whom (`interviewers_json`). */
interface InterviewsTable {
  id: Generated<number>;
  domain: string;
  candidate_id: number;
  application_id: number | null;
  position_id: number;
  /** What the interview is, for example "Technical interview". */
  title: string;
  starts_at: string;
  ends_at: string;
  /** IANA time zone the interview is held in, for example America/Toronto. */
  time_zone: string;
  mode: InterviewMode;
  /** The address (on site) or the phone number (phone); null for video. */
  location: string | null;
  video_url: string | null;
  /** JSON array of `{ name, title }`. */
  interviewers_json: string;
  status: 'scheduled' | 'cancelled';
  created_at: string;
}

/** An employer's career event (0012); `candidate_id` null: open to every candidate, else one candidate's invitation. */
interface CareerEventsTable {
  id: Generated<number>;
  domain: string;
  candidate_id: number | null;
  name: string;
  description: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  mode: 'onsite' | 'online';
  location: string | null;
  registration_url: string;
  created_at: string;
}

/** Who referred a candidate to a position (0012); its status follows the candidate's application. */
interface ReferralsTable {
  id: Generated<number>;
  domain: string;
  candidate_id: number;
  position_id: number;
  referrer_name: string;
  referrer_email: string | null;
  created_at: string;
}

/** A candidate's profile beyond the account (0013): single sections as columns, list sections as JSON arrays. */
export interface CandidateProfilesTable {
  candidate_id: number;
  headline: Generated<string>;
  phone: Generated<string>;
  summary: Generated<string>;
  /** Relative (`/api/pcsx/profile_avatar?v=<file id>`) or absolute; null: no picture. */
  avatar_path: string | null;
  avatar_file_id: number | null;
  experience_json: Generated<string>;
  education_json: Generated<string>;
  languages_json: Generated<string>;
  links_json: Generated<string>;
  updated_at: string;
}

/** A resume the candidate uploaded (0013); the bytes are a `stored_files` row, `file_name` the name as given. */
export interface CandidateResumesTable {
  id: Generated<number>;
  candidate_id: number;
  file_id: number;
  file_name: string;
  content_type: string;
  byte_size: number;
  created_at: string;
}

/** An origin allowed to call the API for the employer with credentials (0017); normalised as `Origin` is sent. */
interface EmployerAllowedOriginsTable {
  domain: string;
  origin: string;
  created_at: string;
}

export interface Database {
  employers: EmployersTable;
  employer_allowed_origins: EmployerAllowedOriginsTable;
  candidates: CandidatesTable;
  sessions: SessionsTable;
  notifications: NotificationsTable;
  page_views: PageViewsTable;
  offers: OffersTable;
  offer_documents: OfferDocumentsTable;
  stored_files: StoredFilesTable;
  application_files: ApplicationFilesTable;
  application_file_uses: ApplicationFileUsesTable;
  esign_sessions: EsignSessionsTable;
  rate_limits: RateLimitsTable;
  server_secrets: ServerSecretsTable;
  positions: PositionsTable;
  position_locations: PositionLocationsTable;
  position_skills: PositionSkillsTable;
  search_terms: SearchTermsTable;
  saved_positions: CandidatePositionsTable;
  job_cart_items: CandidatePositionsTable;
  position_overrides: PositionOverridesTable;
  candidate_skills: CandidateSkillsTable;
  saved_searches: SavedSearchesTable;
  forms: FormsTable;
  applications: ApplicationsTable;
  application_events: ApplicationEventsTable;
  draft_applications: DraftApplicationsTable;
  form_assignments: FormAssignmentsTable;
  form_esign_sessions: FormEsignSessionsTable;
  candidate_profiles: CandidateProfilesTable;
  candidate_resumes: CandidateResumesTable;
  interviews: InterviewsTable;
  career_events: CareerEventsTable;
  referrals: ReferralsTable;
  account_tokens: AccountTokensTable;
  mail_outbox: MailOutboxTable;
  job_alerts: JobAlertsTable;
}

/** A mailed link or code (0019): stored as a keyed hash, single use. */
export interface AccountTokensTable {
  id: Generated<number>;
  purpose: string;
  token_hash: string;
  domain: string;
  email: string;
  candidate_id: number | null;
  data_json: Generated<string>;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A mail to send (0019), written with what caused it; `status`: pending, sent, failed, or kept (no SMTP). */
export interface MailOutboxTable {
  id: Generated<number>;
  message_id: string;
  domain: string;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers_json: Generated<string>;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A signed-out visitor's job alert (0020): a search subscribed to an email, sent once confirmed. */
export interface JobAlertsTable {
  id: Generated<number>;
  domain: string;
  email: string;
  params_key: string;
  query: string;
  location: string;
  filters: string;
  sort_by: 'relevance' | 'date' | 'distance';
  language: string;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

/** Stored form of a boolean. */
export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | boolean): boolean => value === true || value === 1;
