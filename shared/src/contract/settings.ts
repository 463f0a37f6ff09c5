/**
 * The candidate's settings and own data (docs/product/settings-and-data.md#calls):
 * GET/POST /api/pcsx/settings, GET /api/pcsx/my_data, POST /api/pcsx/delete_account and GET /api/pcsx/export_resume.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CandidateDomain, Envelope } from './common';

/** A language tag as sent; it must be one of the employer's supported languages (else 400 naming `language`). */
const SettingsLanguage = Type.String({ minLength: 1, maxLength: 35, pattern: '^[A-Za-z0-9_-]+$' });

/** A saved search as the settings page lists it, with its own alerts switch. */
export const SettingsSavedSearch = Type.Object({
  id: Type.Integer(),
  query: Type.String(),
  location: Type.String(),
  /** The search page address that runs it. */
  url: Type.String(),
  alerts: Type.Boolean(),
});
export type SettingsSavedSearch = Static<typeof SettingsSavedSearch>;

export const CandidateSettings = Type.Object({
  /** The language chosen, else the page's language. */
  language: Type.String(),
  /** Whether the candidate chose it (false: `language` is the default). */
  languageChosen: Type.Boolean(),
  supportedLanguages: Type.Array(Type.String()),
  /** Saved-search alerts on for every saved search (each may still be switched off on its own). */
  savedSearchAlerts: Type.Boolean(),
  /** The employer offers saved searches and their alerts. */
  savedSearchAlertsOffered: Type.Boolean(),
  savedSearches: Type.Array(SettingsSavedSearch),
  /** The account's email: the delete confirmation must repeat it. */
  email: Type.String(),
});
export type CandidateSettings = Static<typeof CandidateSettings>;

export const SettingsQuery = Type.Object(
  {
    domain: CandidateDomain,
    /** The page's language, answered as `language` while the candidate has not chosen one. */
    hl: Type.Optional(SettingsLanguage),
  },
  { additionalProperties: false },
);
export type SettingsQuery = Static<typeof SettingsQuery>;

export const SettingsResponse = Envelope(CandidateSettings);
export type SettingsResponse = Static<typeof SettingsResponse>;

/** Body of POST /api/pcsx/settings: only what changes. */
export const UpdateSettingsBody = Type.Object(
  {
    domain: CandidateDomain,
    language: Type.Optional(SettingsLanguage),
    savedSearchAlerts: Type.Optional(Type.Boolean()),
    /** Per saved search: its id and whether its alerts are on (400 naming `savedSearches` for an id not theirs). */
    savedSearches: Type.Optional(
      Type.Array(
        Type.Object({ id: Type.Integer({ minimum: 1 }), alerts: Type.Boolean() }, { additionalProperties: false }),
        {
          maxItems: 100,
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type UpdateSettingsBody = Static<typeof UpdateSettingsBody>;

export const MyDataQuery = Type.Object({ domain: CandidateDomain }, { additionalProperties: false });
export type MyDataQuery = Static<typeof MyDataQuery>;

/** Body of POST /api/pcsx/delete_account: `confirm` must be the account's email (any case). */
export const DeleteAccountBody = Type.Object(
  { domain: CandidateDomain, confirm: Type.String({ maxLength: 254 }) },
  { additionalProperties: false },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

export const DeleteAccountResponse = Envelope(Type.Object({ ok: Type.Literal(true), next: Type.String() }));
export type DeleteAccountResponse = Static<typeof DeleteAccountResponse>;

export const ExportResumeQuery = Type.Object(
  {
    domain: CandidateDomain,
    /** `inline` shows it in the browser's viewer; else it downloads. */
    disposition: Type.Optional(Type.Union([Type.Literal('inline'), Type.Literal('attachment')])),
    /** Language of the section headings. */
    hl: Type.Optional(SettingsLanguage),
  },
  { additionalProperties: false },
);
export type ExportResumeQuery = Static<typeof ExportResumeQuery>;
