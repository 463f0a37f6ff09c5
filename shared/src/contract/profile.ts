/**
 * Profile and resume (docs/product/profile-and-resume.md#calls: `profile_details`, `profile_analysis`,
 * `profile_edit`, `upload_resume`).
 *
 * - `GET /api/pcsx/profile_details`: the signed-in candidate's profile in sections.
 * - `GET /api/pcsx/profile_analysis`: how complete it is and what is missing (labels in the `hl` language).
 * - `POST /api/pcsx/profile_edit` `{ op_section, operation, op_data: { value, index } }`: one change; the answer's
 *   `data` is the new profile. A section, operation, index or value that does not fit answers 422 naming the field
 *   (`op_section`, `operation`, `op_data.index`, `op_data.value` or `op_data.value.<property>`); the widget shows
 *   "Invalid request received. Please try again".
 * - `POST /api/pcsx/upload_resume`: multipart/form-data with the text fields `resume_file_name`, `resume_content`
 *   (a `data:` URL of a PDF or DOCX) and optional `domain`; the answer is the candidate.
 *
 * Avatars: a relative avatar path in an answer carries the static host prefix (the server's first public origin),
 * so `basic_info.avatar` is always an absolute address or null.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CandidateDomain, Envelope } from './common';
import {
  PROFILE_CONFIG_SECTIONS,
  PROFILE_OPTIONAL_FIELDS,
  RESUME_FILE_TYPES,
  type ProfileFieldSection,
} from './profile-rules';

/** The largest avatar picture accepted (decoded bytes): PNG, JPEG or WebP, checked by content. */
export const PROFILE_AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The largest resume accepted (decoded bytes): PDF or DOCX, checked by content. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
/** Entries a list section may hold. */
export const PROFILE_LIST_MAX_ITEMS = 50;
/** Skills a profile may hold. */
export const PROFILE_MAX_SKILLS = 100;

/** Sections edited one item at a time (`add`, `update` and `delete` with `op_data.index`). */
export const PROFILE_LIST_SECTIONS = ['experience', 'education', 'skills', 'languages', 'links', 'resumes'] as const;
/** Sections edited as a whole (`update`; the avatar also `delete`). */
export const PROFILE_SINGLE_SECTIONS = ['basic_info', 'contact', 'summary', 'avatar'] as const;
export const PROFILE_SECTIONS = [...PROFILE_SINGLE_SECTIONS, ...PROFILE_LIST_SECTIONS] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];
export const PROFILE_OPERATIONS = ['add', 'update', 'delete'] as const;
export type ProfileOperation = (typeof PROFILE_OPERATIONS)[number];

const Text = (maxLength: number) => Type.String({ maxLength });
const Required = (maxLength: number) => Type.String({ minLength: 1, maxLength });
/** A month, `YYYY-MM`. */
const Month = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' });
const Year = Type.Integer({ minimum: 1900, maximum: 2100 });

/* ---------------------------------------------------------------- section values (op_data.value) */

/** `basic_info` update. */
export const BasicInfoValue = Type.Object(
  {
    firstname: Required(100),
    lastname: Required(100),
    headline: Type.Optional(Text(200)),
    location: Type.Optional(Text(200)),
  },
  { additionalProperties: false },
);
export type BasicInfoValue = Static<typeof BasicInfoValue>;

/** `contact` update: the phone (the e-mail is the sign-in address, shown but not edited here). */
export const ContactValue = Type.Object({ phone: Text(40) }, { additionalProperties: false });
export type ContactValue = Static<typeof ContactValue>;

/** `summary` update: plain text. */
export const SummaryValue = Text(4000);

/** `avatar` update: a `data:image/png|jpeg|webp;base64,...` URL (checked by content, at most 2 MB). */
export const AvatarValue = Type.String({ minLength: 1 });

export const ExperienceItem = Type.Object(
  {
    title: Required(200),
    company: Required(200),
    location: Type.Optional(Text(200)),
    startDate: Month,
    /** Null or absent: current position. */
    endDate: Type.Optional(Type.Union([Month, Type.Null()])),
    description: Type.Optional(Text(4000)),
  },
  { additionalProperties: false },
);
export type ExperienceItem = Static<typeof ExperienceItem>;

export const EducationItem = Type.Object(
  {
    school: Required(200),
    degree: Type.Optional(Text(200)),
    field: Type.Optional(Text(200)),
    startYear: Type.Optional(Year),
    endYear: Type.Optional(Year),
  },
  { additionalProperties: false },
);
export type EducationItem = Static<typeof EducationItem>;

/** A skill: its name. */
export const SkillItem = Required(100);

export const LanguageProficiency = Type.Union([
  Type.Literal('basic'),
  Type.Literal('conversational'),
  Type.Literal('professional'),
  Type.Literal('native'),
]);
export const LanguageItem = Type.Object(
  { language: Required(100), proficiency: LanguageProficiency },
  { additionalProperties: false },
);
export type LanguageItem = Static<typeof LanguageItem>;

/** A link: an http(s) address. */
export const LinkItem = Type.Object(
  { label: Required(100), url: Type.String({ minLength: 1, maxLength: 2000, pattern: '^https?://[^\\s]+$' }) },
  { additionalProperties: false },
);
export type LinkItem = Static<typeof LinkItem>;

/* ---------------------------------------------------------------- answers */

export const ResumeEntry = Type.Object({
  id: Type.Integer(),
  /** The file name as the candidate gave it. */
  fileName: Type.String(),
  contentType: Type.String(),
  byteSize: Type.Integer(),
  uploadedAt: Type.String({ format: 'date-time' }),
  /** Download address (the candidate's own session only). */
  url: Type.String(),
});
export type ResumeEntry = Static<typeof ResumeEntry>;

export const ProfileDetails = Type.Object({
  basic_info: Type.Object({
    firstname: Type.String(),
    lastname: Type.String(),
    fullname: Type.String(),
    headline: Type.String(),
    location: Type.String(),
    /** Absolute address (a relative path got the static host prefix), or null. */
    avatar: Type.Union([Type.String(), Type.Null()]),
  }),
  contact: Type.Object({ email: Type.String(), phone: Type.String() }),
  summary: Type.String(),
  experience: Type.Array(ExperienceItem),
  education: Type.Array(EducationItem),
  skills: Type.Array(Type.String()),
  languages: Type.Array(LanguageItem),
  links: Type.Array(LinkItem),
  /** Newest first. */
  resumes: Type.Array(ResumeEntry),
});
export type ProfileDetails = Static<typeof ProfileDetails>;

export const ProfileDetailsResponse = Envelope(ProfileDetails);
export type ProfileDetailsResponse = Static<typeof ProfileDetailsResponse>;

export const ProfileSectionName = Type.Union(PROFILE_SECTIONS.map((section) => Type.Literal(section)));

export const ProfileMissingItem = Type.Object({
  /** Stable key, for example `avatar`, `phone`, `education`. */
  key: Type.String(),
  /** What to add, in the candidate's language. */
  label: Type.String(),
  /** The `op_section` that fills it (`resumes` is filled by upload_resume). */
  section: ProfileSectionName,
});
export type ProfileMissingItem = Static<typeof ProfileMissingItem>;

export const ProfileAnalysisResponse = Envelope(
  Type.Object({
    /** 0 to 100. */
    completion: Type.Integer({ minimum: 0, maximum: 100 }),
    /** Keys of the items done. */
    completed: Type.Array(Type.String()),
    missing: Type.Array(ProfileMissingItem),
  }),
);
export type ProfileAnalysisResponse = Static<typeof ProfileAnalysisResponse>;

/* ---------------------------------------------------------------- requests */

export const ProfileQuery = Type.Object(
  {
    domain: CandidateDomain,
    /** Language of the labels (`en`, `fr-CA`); English when absent or unsupported. */
    hl: Type.Optional(Type.String({ minLength: 1, maxLength: 35, pattern: '^[A-Za-z0-9_-]+$' })),
  },
  { additionalProperties: false },
);
export type ProfileQuery = Static<typeof ProfileQuery>;

/**
 * Body of profile_edit. Only the types are checked here (400 naming the field); which section, operation, index
 * and value fit is checked by the call (422 naming the field).
 */
export const ProfileEditBody = Type.Object(
  {
    domain: CandidateDomain,
    op_section: Type.String({ maxLength: 50 }),
    operation: Type.String({ maxLength: 20 }),
    op_data: Type.Object(
      {
        /** The section's value, or the list item (see the `*Value` and `*Item` schemas). */
        value: Type.Optional(Type.Unknown()),
        /** The list item's position (update, delete; add inserts there, else at the end). */
        index: Type.Optional(Type.Integer()),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ProfileEditBody = Static<typeof ProfileEditBody>;

/** Query of the avatar picture and of a resume download (the candidate's own). */
export const ProfileAvatarQuery = Type.Object(
  { domain: CandidateDomain, v: Type.Optional(Type.String({ maxLength: 40, pattern: '^[0-9]+$' })) },
  { additionalProperties: false },
);
export type ProfileAvatarQuery = Static<typeof ProfileAvatarQuery>;

export const ResumeFileQuery = Type.Object(
  { domain: CandidateDomain, resume_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);
export type ResumeFileQuery = Static<typeof ResumeFileQuery>;

/** The candidate (user profile), with the avatar (docs/product/profile-and-resume.md#profile-page). */
export const ProfileCandidate = Type.Object({
  encId: Type.String(),
  email: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  fullname: Type.String(),
  hasResume: Type.Boolean(),
  location: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
});

/** Answer of upload_resume: the candidate, the new profile, the stored resume and what the resume filled. */
export const UploadResumeResponse = Envelope(
  Type.Object({
    candidate: ProfileCandidate,
    profile: ProfileDetails,
    resume: ResumeEntry,
    /** Profile fields that were empty and were filled from the resume (`firstname`, `phone`, `location`...). */
    filled: Type.Array(Type.String()),
    /** Skills of the employer's vocabulary found in the resume and added to the profile. */
    skillsAdded: Type.Array(Type.String()),
  }),
);
export type UploadResumeResponse = Static<typeof UploadResumeResponse>;

/* ------------------------------------------------- employer configuration */

// The rules themselves (types, sections, optional fields, what shows) are schema-free, so the widgets use them too.
export * from './profile-rules';

/**
 * `pcsxConfig.fileUploadConfig` (docs/product/profile-and-resume.md#resume-types): which resume types the profile's
 * upload accepts (`resume.allowedFileTypes`, for example `["pdf"]`). Absent: every type of RESUME_FILE_TYPES. The
 * upload's file chooser, its hint and its message follow it, and `upload_resume` refuses another type (400 naming
 * `resume_file_name`).
 */
export const FileUploadConfig = Type.Object(
  {
    resume: Type.Optional(
      Type.Object(
        {
          allowedFileTypes: Type.Optional(
            Type.Array(Type.Union(RESUME_FILE_TYPES.map((type) => Type.Literal(type))), {
              minItems: 1,
              uniqueItems: true,
            }),
          ),
        },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true },
);
export type FileUploadConfig = Static<typeof FileUploadConfig>;

const SectionList = Type.Array(Type.Union(PROFILE_CONFIG_SECTIONS.map((section) => Type.Literal(section))), {
  uniqueItems: true,
});
const FieldList = (section: ProfileFieldSection) =>
  Type.Optional(
    Type.Array(Type.Union(PROFILE_OPTIONAL_FIELDS[section].map((field) => Type.Literal(field))), { uniqueItems: true }),
  );

/**
 * `pcsxConfig.profileConfig.own` (docs/product/profile-and-resume.md#sections-and-configuration), the candidate's own
 * profile page:
 * - `sections`: the sections shown (absent: all of PROFILE_CONFIG_SECTIONS);
 * - `fields`: per section, the optional fields shown (a section absent here shows all of its fields; `[]` shows
 *   only the required ones);
 * - `orderOfSections`: the order of the sections; sections it does not name follow in the default order.
 * Profile completion (`profile_analysis`) counts only what is shown.
 */
export const ProfileOwnConfig = Type.Object(
  {
    sections: Type.Optional(SectionList),
    fields: Type.Optional(
      Type.Object(
        {
          basic_info: FieldList('basic_info'),
          contact: FieldList('contact'),
          experience: FieldList('experience'),
          education: FieldList('education'),
        },
        { additionalProperties: false },
      ),
    ),
    orderOfSections: Type.Optional(SectionList),
  },
  { additionalProperties: false },
);
export type ProfileOwnConfig = Static<typeof ProfileOwnConfig>;

export const ProfileConfig = Type.Object({ own: Type.Optional(ProfileOwnConfig) }, { additionalProperties: true });
export type ProfileConfig = Static<typeof ProfileConfig>;
