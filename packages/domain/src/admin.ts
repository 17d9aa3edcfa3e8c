import { z } from 'zod';
import { PATTERNS } from './validation.ts';
import { TEXT } from './texts.ts';

/**
 * The operator console (/admin): the pieces every area shares (limits, messages, field helpers, paging). The
 * request and response schemas of each area, shared by the API (apps/server/src/modules/admin) and the console's
 * forms (apps/web/src/features/admin), are beside it: admin-sites.ts, admin-people.ts, admin-plans.ts,
 * admin-rates.ts and admin-records.ts.
 */

export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** Uploaded images: png, jpeg, webp and (sanitized) svg, at most this many bytes. */
export const MAX_UPLOAD_BYTES = 1024 * 1024;

export const ADMIN_TEXT = {
  REQUIRED: 'Field is required',
  LANDING_FORMAT: 'Use lower-case letters, digits and hyphens only.',
  LANDING_RESERVED: 'This address is used by the store itself. Please choose another.',
  LANDING_TAKEN: 'This landing url is already used by another rep or group.',
  CODE_TAKEN: 'This code is already used.',
  ID_TAKEN: 'This id is already used.',
  EMAIL_TAKEN: 'An account with this e-mail already exists.',
  INVALID_EMAIL: 'Please enter a valid e-mail address.',
  PASSWORD_RULE: 'Use at least 10 characters.',
  /** A password on the list of common or breached passwords, or one guessed too easily (decision 2340). */
  PASSWORD_COMMON: 'This password is too common. Choose a longer or less predictable one.',
  IMAGE_TYPE: 'Upload a PNG, JPEG, WebP or SVG image.',
  IMAGE_SIZE: 'The image must be at most 1 MB.',
  SVG_UNSAFE: 'This SVG contains scripts or external references and was refused.',
  MAIL_SECRET_HIDDEN: 'This mail holds an enrollment code or link: its content is not shown.',
  MAIL_PURGED: 'The content of this mail was removed after it was sent.',
  MAIL_PURGED_RESEND: 'This mail cannot be sent again: its content was removed after it was sent.',
  KEY_FORMAT: 'Use lower-case letters, digits and underscores.',
  HOST_FORMAT: 'Enter a host name such as store.example.com.',
  PLAN_ID: 'Enter a whole number from 1 up.',
  /** A new plan names its carrier (decision 2640: the carrier's appointments decide which reps offer it). */
  PLAN_CARRIER: 'Choose the carrier of this plan.',
  PLAN_CARRIER_UNKNOWN: 'This carrier does not exist. Choose one from the list.',
  PHONE_10: 'Enter a 10-digit phone number.',
  STATE_CODE: 'Enter a two-letter state code.',
  WEB_ADDRESS: 'Enter a web address that starts with https:// or http://.',
} as const;

/** Console text fields: trimmed, at most `max` characters. */
export const trimmed = (max = 255) => z.string().trim().max(max);
/** An optional text field: '' (or blanks) becomes null. */
export const optText = (max = 255) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max).nullable().optional());
/** An optional text field that must match `pattern` when given (after `clean`), with `message` beside it otherwise. */
const optMatching = (pattern: RegExp, message: string, clean: (v: string) => string = (v) => v, max = 500) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : clean(v.trim())) : v),
    z.string().max(max, { error: message }).regex(pattern, { error: message }).nullable().optional(),
  );
/** An optional e-mail address (a rep's or group's contact, shown on their landing page). */
export const optEmail = () => optMatching(PATTERNS.email, ADMIN_TEXT.INVALID_EMAIL, (v) => v, 254);
/** An optional phone number: 10 digits, typed with or without spaces, dashes, dots or parentheses; kept as the digits. */
export const optPhone = () => optMatching(PATTERNS.phone10, ADMIN_TEXT.PHONE_10, phoneDigits);
/** An optional two-letter state code, kept in capitals. */
export const optState = () => optMatching(PATTERNS.state, ADMIN_TEXT.STATE_CODE, (v) => v.toUpperCase());
/** A link to another site: http(s) only (never javascript: or data:), with a host. */
export const WEB_ADDRESS = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
/** An optional link to another site (WEB_ADDRESS), at most 500 characters. */
export const optWebAddress = () => optMatching(WEB_ADDRESS, ADMIN_TEXT.WEB_ADDRESS);
/** Phone numbers are kept as their digits: spaces, dashes, dots and parentheses typed with them are dropped. */
export const phoneDigits = (v: string) => v.replace(/[\s().-]/g, '');
/** An optional 5-digit zip code (ZIP+4 accepted). */
export const optZip = () => optMatching(/^\d{5}(?:-\d{4})?$/, TEXT.ENTER_5_DIGIT_ZIP_DOT);
/** A required text field (ADMIN_TEXT.REQUIRED when missing or blank). */
export const required = (max = 255) => z.string({ error: ADMIN_TEXT.REQUIRED }).trim().min(1, { error: ADMIN_TEXT.REQUIRED }).max(max);

export const ZPageQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), limit: z.number(), offset: z.number() });
export interface TPage<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}
