/** Limits and fixed values of the spec (§9 of both documents). */

/** The product's name, used in page titles ("Home | Palisade"). */
export const PRODUCT_NAME = 'Palisade';

/** Largest upload accepted anywhere: 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Largest JSON (or other non-file) request body: 1 MB (messages.http.bodyTooLarge says so). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/**
 * Storage an organisation's files may take by default (#17): the sum of their sizes. The server's
 * STORAGE_QUOTA_BYTES replaces it.
 */
export const DEFAULT_STORAGE_QUOTA_BYTES = 5 * 1024 * 1024 * 1024;
/**
 * Uploads one user may hold that nothing uses yet (answer attachments not yet on a question) by
 * default (#17); the server's MAX_UNATTACHED_UPLOADS replaces it.
 */
export const DEFAULT_MAX_UNATTACHED_UPLOADS = 20;
/** An upload still unattached this long after it arrived (or was taken off its answer) is deleted. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Length of the random prefix put before every stored file name. */
export const FILE_PREFIX_LENGTH = 5;

export const EMAIL_MAX_LENGTH = 255;
export const PASSWORD_MAX_LENGTH = 255;
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 3;
/** Longest name, contact person, location accepted on accounts. */
export const TEXT_MAX_LENGTH = 255;
/**
 * A long text field shows its count ("n / max") from this share of its limit on (issue 56): near
 * the limit, not all the time.
 */
export const TEXT_COUNTER_FROM_SHARE = 0.8;
export const CODE_MAX_LENGTH = 50;
/** Location of a contractor company: at least 2 characters on add and edit (spec §5). */
export const LOCATION_MIN_LENGTH = 2;
/** Most company rows one bulk upload may carry. */
export const BULK_MAX_ROWS = 1000;
/** Phone numbers are typed as 10 digits and stored in E.164 with this default country code. */
export const PHONE_DIGITS = 10;
export const DEFAULT_COUNTRY_CODE = '+91';

/** A reset link lives one hour; an invitation (first password) a week. */
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;
export const INVITE_CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Failed sign-ins of one account (#17), whatever address they come from: the first
 * SIGN_IN_FREE_FAILURES cost nothing; each further one doubles the wait before the next try
 * (1 s, 2 s, 4 s … at most SIGN_IN_MAX_BACKOFF_MS); SIGN_IN_LOCK_FAILURES in a row lock the account
 * for SIGN_IN_LOCK_MS. The count starts again after a success, a password reset, or
 * SIGN_IN_LOCK_MS without a failure.
 */
export const SIGN_IN_FREE_FAILURES = 3;
export const SIGN_IN_MAX_BACKOFF_MS = 60 * 1000;
export const SIGN_IN_LOCK_FAILURES = 10;
export const SIGN_IN_LOCK_MS = 15 * 60 * 1000;
/** "Remember me" keeps the session 30 days; otherwise it lasts a working day. */
export const REMEMBER_ME_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const DEFAULT_SESSION_MS = 12 * 60 * 60 * 1000;

/** Score bands on the percent scored/total. */
export const GREEN_BAND_MIN = 70;
export const ORANGE_BAND_MIN = 40;

export const SIDE_PANEL_WIDTH = 256;
export const THEME_PRIMARY = '#5664d2';
export const THEME_BACKGROUND = '#F4F6F8';

/** Rows shown before "View all" on dashboard lists (policy, notice, leaderboard, auditor tasks). */
export const DASHBOARD_LIST_ROWS = 5;
/** Engagement Details rows before View All (shown at 5 or more). */
export const ENGAGEMENT_DETAIL_ROWS = 4;
/** Engagement leaderboard page sizes (default 10). */
export const LEADERBOARD_PAGE_SIZES = [10, 20, 30] as const;
/** The leaderboard's pages as the screens ask for them: the homes' top 5, and the Engagement table's sizes. */
export const LEADERBOARD_QUERY_PAGE_SIZES = [DASHBOARD_LIST_ROWS, ...LEADERBOARD_PAGE_SIZES] as const;
/** Pending Tasks: rows asked for at most (View all). */
export const PENDING_TASKS_MAX = 50;
/** The longest range getCapPerformanceData sums over: a little more than two years. */
export const PERFORMANCE_MAX_DAYS = 800;
export const DEFAULT_PAGE_SIZE = 10;
export const USER_TABLE_PAGE_SIZES = [5, 10, 20] as const;
/** The contractor pickers (issue 63): the first 50 matches of what the user types. */
export const CONTRACTOR_PICKER_PAGE_SIZE = 50;
/** searchContractors' page sizes: the users table's, and the pickers'. */
export const CONTRACTOR_SEARCH_PAGE_SIZES = [...USER_TABLE_PAGE_SIZES, CONTRACTOR_PICKER_PAGE_SIZE] as const;
/** The longest search text of the contractor search. */
export const CONTRACTOR_SEARCH_MAX_LENGTH = 100;
/** Ids one contractor search may name (the chosen chips of a picker, or of the Share dialog). */
export const CONTRACTOR_IDS_MAX = 5000;
/** Numbered page buttons the users tables show at most (company-and-auditor §2.7: "up to 6 pages shown"). */
export const USER_TABLE_PAGE_BUTTONS = 6;
export const LEARNING_TABLE_PAGE_SIZES = [10, 20, 30] as const;
export const QUESTION_TABLE_PAGE_SIZES = [5, 10, 20] as const;
/** The longest search text of the question bank table. */
export const QUESTION_SEARCH_MAX_LENGTH = 100;
/**
 * Rows a page of the Assessments modal (the spec gives none: the organisation's other lists
 * offer 10, 20 and 30).
 */
export const NEW_ASSESSMENTS_PAGE_SIZES = [10, 20, 30] as const;
/** The contractor's Assessment list, paged through the server (issue 21): the tables' sizes, 10 first. */
export const CONTRACTOR_LIST_PAGE_SIZES = [10, 20, 30] as const;
/** The highest page number a paged list takes (a bound, not a limit anyone reaches). */
export const PAGE_MAX = 100_000;
export const TIMELINE_ROWS = 5;

/** Compare years run from 2018 to the current year (DECISIONS.md). */
export const COMPARE_FIRST_YEAR = 2018;

export const DATE_FORMAT = 'DD/MM/YYYY';
export const TIME_FORMAT = 'hh:mm A';

/** Assessment sort codes, by lastAccessTime. */
export const SORT_CODES = ['NTO', 'OTN'] as const;
export type SortCode = (typeof SORT_CODES)[number];

// ------------------------------------------------------------------------- assessment authoring
/** A category name: at least 3 characters (spec §9); at most 100. */
export const CATEGORY_NAME_MIN_LENGTH = 3;
export const CATEGORY_NAME_MAX_LENGTH = 100;
/** A question: at least 2 characters when created, 3 when edited (spec §9); at most 500. */
export const QUESTION_MIN_LENGTH = 2;
export const QUESTION_EDIT_MIN_LENGTH = 3;
export const QUESTION_MAX_LENGTH = 500;
/** Most questions one import (createBulkQuestions) may carry. */
export const BULK_QUESTIONS_MAX = 1000;
/** An assessment: sections, questions per section, contractors shared with. */
export const ASSESSMENT_SECTIONS_MAX = 50;
export const SECTION_QUESTIONS_MAX = 200;
export const ASSESSMENT_CONTRACTORS_MAX = 1000;
/** Marks of a section: a whole number from 1. */
export const SECTION_MARKS_MIN = 1;
export const SECTION_MARKS_MAX = 10000;
/** Choices of a multi-choice question. */
export const CHOICES_MAX = 50;
export const CHOICE_MAX_LENGTH = 200;
/** The four factors a section can count towards (E-S-G-O). */
export const ESGO_FACTORS = ['environment', 'social', 'governance', 'others'] as const;
export type EsgoFactor = (typeof ESGO_FACTORS)[number];

// ------------------------------------------------------------------------- contractor answering
/** A text answer (shortAnswer, longAnswer) holds at most this many characters. */
export const ANSWER_TEXT_MAX_LENGTH = 5000;
/** From this many characters a text answer shows how many it holds of the most it may (issue 56). */
export const ANSWER_TEXT_COUNT_FROM = 4500;
/** Files one question's answer may carry. */
export const ANSWER_ATTACHMENTS_MAX = 10;
/** Root folder of answer attachments: assessment/{responseId}/{sectionId}/ (spec §4, §7). */
export const ANSWER_ATTACHMENT_ROOT = 'assessment';
/** Files the auditors may attach to one question of a response (issue 56). */
export const AUDITOR_ATTACHMENTS_MAX = 10;
/** Root folder of the auditors' files: review/{responseId}/{questionId}/ (apart from the contractor's). */
export const AUDITOR_ATTACHMENT_ROOT = 'review';

// ------------------------------------------------------------------------- chat
/** A chat message holds at most this many characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Messages one getMessages call returns: by default, and at most. */
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 100;
/** Root folder of chat attachments: chat_rooms/{room}/messages/{messageId}/attachments/ (spec §4). */
export const CHAT_ATTACHMENT_ROOT = 'chat_rooms';
/**
 * Where a chat file that arrives before the fields naming its room is streamed to
 * (incoming/chat/{messageId}/), until the message is recorded and the file moved to its room.
 */
export const CHAT_INCOMING_ROOT = 'incoming/chat';
/** Messages one resume (subscribe with since) sends at most; the rest come through getMessages. */
export const CHAT_RESUME_MAX = 1000;
/** Responses one realtime connection may follow at once. */
export const REALTIME_SUBSCRIPTIONS_MAX = 50;
/** The realtime channel's path, under the API prefix. */
export const REALTIME_PATH = '/api/realtime';
/** Close codes of the realtime channel a client acts on: the session ended (sign in again), or refused for good. */
export const REALTIME_CLOSE_UNAUTHENTICATED = 4401;
export const REALTIME_CLOSE_FORBIDDEN = 4403;

// ------------------------------------------------------------------------- auditor review
/** Response lists of the organisation and its auditors: a page of 50 by default, at most 200. */
export const RESPONSES_PAGE_DEFAULT = 50;
export const RESPONSES_PAGE_MAX = 200;
/** Organisations one getResponsesByCompanyIds may name. */
export const RESPONSES_COMPANY_IDS_MAX = 50;
/** An auditor's remarks on a question. */
export const REMARKS_MAX_LENGTH = 1000;
/** Excel sheet names are cut to this many characters (spec §9). */
export const SHEET_NAME_MAX_LENGTH = 31;

// ------------------------------------------------------------------------- documents and feedback
/** A policy document's title and description (text) at most. */
export const DOCUMENT_TITLE_MAX_LENGTH = 200;
export const DOCUMENT_DESCRIPTION_MAX_LENGTH = 5000;
/** Files one policy document may carry (at least one). */
export const DOCUMENT_ATTACHMENTS_MAX = 10;
/** Root folder of policy document attachments: policy/{organisationId}/{documentId}/. */
export const DOCUMENT_ATTACHMENT_ROOT = 'policy';
/** A feedback text at most, and the files one feedback may carry. */
export const FEEDBACK_TEXT_MAX_LENGTH = 5000;
export const FEEDBACK_ATTACHMENTS_MAX = 5;
/** Root folder of feedback attachments: feedback/{userId}/{feedbackId}/ (per-user paths, spec §3). */
export const FEEDBACK_ATTACHMENT_ROOT = 'feedback';
/** The Feedback page's table: 5, 10 or 20 rows a page (company-and-auditor §9), 5 by default. */
export const FEEDBACK_PAGE_SIZES = [5, 10, 20] as const;

// ------------------------------------------------------------------------------------ observations
/** The Observation Details table: 5, 10 or 20 rows a page (company-and-auditor §9), 5 by default. */
export const OBSERVATION_TABLE_PAGE_SIZES = [5, 10, 20] as const;
/** A report's description, a form field's value and the root-cause comment, at most. */
export const OBSERVATION_DESCRIPTION_MAX_LENGTH = 2000;
export const OBSERVATION_FIELD_MAX_LENGTH = 2000;
export const OBSERVATION_COMMENT_MAX_LENGTH = 2000;
/** Further form fields one report may carry. */
export const OBSERVATION_FIELDS_MAX = 20;
/** Most rows one CSV export of the observation table holds. */
export const OBSERVATION_EXPORT_MAX_ROWS = 50_000;
/** Root folder of report photos: observations/{organisationId}/{observationId}/. */
export const OBSERVATION_PHOTO_ROOT = 'observations';

// ------------------------------------------------------------------------------ learning, notices
/** Learning documents and notices: title and description at most (at least 2, spec §5). */
export const LEARNING_TITLE_MIN_LENGTH = 2;
export const LEARNING_TITLE_MAX_LENGTH = 200;
export const LEARNING_DESCRIPTION_MAX_LENGTH = 5000;
/** A document's time (totaltime, seconds) and rewards: above 0, at most these. */
export const LEARNING_TOTAL_TIME_MAX = 7 * 24 * 60 * 60;
export const LEARNING_REWARDS_MAX = 100_000;
/** The seconds one employee has spent on one document, at most (recordProgress). */
export const LEARNING_PROGRESS_SECONDS_MAX = 1_000_000;
/** A learning category or sub-category name: at least 3 characters (spec §5), at most 100. */
export const LEARNING_CATEGORY_MIN_LENGTH = 3;
export const LEARNING_CATEGORY_MAX_LENGTH = 100;
/** Default learning categories and sub-categories (company-and-auditor §9). */
export const LEARNING_DEFAULT_CATEGORIES = ['Corona Virus', 'Safety', 'Environment'] as const;
export const LEARNING_DEFAULT_SUBCATEGORIES = ['Tablet', 'Testing', 'Pollution'] as const;
/** The topic under which notices are learning documents (DECISIONS.md). */
export const NOTICES_TOPIC = 'Notices';
/** Root folder of learning files and notices: learning/{organisationId}/{documentId}/. */
export const LEARNING_FILE_ROOT = 'learning';
/** The longest search text of the Employee Learning table. */
export const LEARNING_SEARCH_MAX_LENGTH = 100;

// ------------------------------------------------------------------------------ data export
/** Days an organisation's export (issue 61) can be downloaded after it is ready. */
export const EXPORT_LINK_DAYS = 7;
/** Rows read per page while an export streams a table (keyset pages: memory stays flat). */
export const EXPORT_PAGE_ROWS = 500;
/** Root folder of the export zips in the file store: exports/{organisationId}/{exportId}/. */
export const EXPORT_FILE_ROOT = 'exports';

// ------------------------------------------------------------------------------ two-factor, sessions (issue 59)
/** TOTP (RFC 6238) as every authenticator app reads it: SHA1, 6 digits, a new code every 30 s. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Single-use recovery codes given when two-factor authentication is turned on. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the step between a right password and its code may take before signing in again. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** A session's "last seen" is written at most this often (not a write per request). */
export const SESSION_LAST_SEEN_INTERVAL_MS = 60 * 1000;
