import { z } from 'zod';
import { SITE_KINDS, TIER_CODES, CATEGORY_KEYS, PAYMENT_METHODS } from './codes.ts';
import { ZPlanRules } from './plan-rules.ts';
import { ZPlanBenefits } from './compare.ts';

/**
 * The operator console (/admin): request and response schemas shared by the API (apps/server/src/modules/admin)
 * and the console's forms (apps/web/src/features/admin).
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
  IMAGE_TYPE: 'Upload a PNG, JPEG, WebP or SVG image.',
  IMAGE_SIZE: 'The image must be at most 1 MB.',
  SVG_UNSAFE: 'This SVG contains scripts or external references and was refused.',
  MAIL_SECRET_HIDDEN: 'This mail holds an enrollment code or link: its content is not shown.',
  MAIL_PURGED: 'The content of this mail was removed after it was sent.',
  MAIL_PURGED_RESEND: 'This mail cannot be sent again: its content was removed after it was sent.',
  KEY_FORMAT: 'Use lower-case letters, digits and underscores.',
  HOST_FORMAT: 'Enter a host name such as store.example.com.',
  PLAN_ID: 'Enter a whole number from 1 up.',
} as const;

/** App paths a landing url may not take (the store's own routes). */
export const RESERVED_LANDING_URLS = [
  '404',
  'about',
  'admin',
  'agent-home',
  'agent-select-member',
  'api',
  'assets',
  'benadvancehome',
  'cart',
  'checkout',
  'compare',
  'confirmation',
  'continue-enrollment',
  'direct-continue',
  'enrollment',
  'external',
  'get-dynamic-tabs',
  'group-home',
  'group-select-member',
  'healthz',
  'home',
  'landing-config-error',
  'media',
  'member-benefit-store',
  'member-home',
  'plan',
  'planquestionview',
  'plans',
  'provider-list',
  'quote',
  'receipt',
  'referrals',
  'reminders',
  'sign-in',
  'sign-out',
  'sign-up',
  'website',
] as const;

export const LANDING_URL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const trimmed = (max = 255) => z.string().trim().max(max);
const optText = (max = 255) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max).nullable().optional());
const required = (max = 255) => z.string({ error: ADMIN_TEXT.REQUIRED }).trim().min(1, { error: ADMIN_TEXT.REQUIRED }).max(max);

export const zLandingUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .trim()
    .max(60)
    .regex(LANDING_URL_PATTERN, { error: ADMIN_TEXT.LANDING_FORMAT })
    .refine((v) => !(RESERVED_LANDING_URLS as readonly string[]).includes(v), { error: ADMIN_TEXT.LANDING_RESERVED })
    .nullable()
    .optional(),
);

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

/* ---------- sites ---------- */
export const ZSiteSummary = z.object({
  id: z.number(),
  host: z.string(),
  kind: z.enum(SITE_KINDS),
  name: z.string(),
  site_flag: z.string(),
  group_id: z.number().nullable(),
  portal_id: z.number().nullable(),
  active: z.boolean(),
});
export type TSiteSummary = z.infer<typeof ZSiteSummary>;
export const ZSiteDetail = ZSiteSummary.extend({ settings: z.array(z.object({ key: z.string(), value: z.string() })) });
export type TSiteDetail = z.infer<typeof ZSiteDetail>;

export const ZSiteSettingKey = z
  .string()
  .trim()
  .min(1, { error: ADMIN_TEXT.REQUIRED })
  .max(60)
  .regex(/^[a-z0-9_]+$/, { error: ADMIN_TEXT.KEY_FORMAT });

export const ZSiteForm = z.object({
  host: z
    .string({ error: ADMIN_TEXT.REQUIRED })
    .trim()
    .toLowerCase()
    .min(1, { error: ADMIN_TEXT.REQUIRED })
    .max(253)
    .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, { error: ADMIN_TEXT.HOST_FORMAT }),
  kind: z.enum(SITE_KINDS),
  name: required(120),
  site_flag: z.enum(['true', 'false']),
  group_id: z.coerce.number().int().positive().nullable().optional(),
  portal_id: z.coerce.number().int().positive().nullable().optional(),
  active: z.boolean().default(true),
});
export type TSiteForm = z.infer<typeof ZSiteForm>;

export const ZSiteSettingsUpdate = z.object({
  settings: z.array(z.object({ key: ZSiteSettingKey, value: trimmed(2000) })).max(200),
});
export type TSiteSettingsUpdate = z.infer<typeof ZSiteSettingsUpdate>;

/** An upload as a data URL (the type is decided by the server from the bytes, not from the name). */
export const ZUploadRequest = z.object({
  data_url: z
    .string()
    .min(10)
    .max(Math.ceil(MAX_UPLOAD_BYTES * 1.4) + 100),
});
export const ZUploadResponse = z.object({ id: z.string(), url: z.string(), content_type: z.string() });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

/* ---------- reps, groups, portals ---------- */
const display = {
  display_name: optText(120),
  display_phone: optText(20),
  display_email: optText(254),
  display_about_name: optText(120),
  tagline: optText(255),
  logo: optText(500),
  image: optText(500),
  image_link: optText(500),
  banner_image: optText(500),
};

export const ZAgentForm = z.object({
  agent_id: z.coerce.number({ error: ADMIN_TEXT.REQUIRED }).int().positive().max(2_147_483_647),
  first_name: required(60),
  middle_name: optText(60),
  last_name: required(60),
  agent_code: required(30).regex(/^[A-Za-z0-9_-]+$/, { error: 'Use letters, digits, hyphens and underscores.' }),
  email: optText(254),
  phone: optText(20),
  landing_url: zLandingUrl,
  ...display,
  agent_bio: optText(5000),
  active: z.boolean().default(true),
  portals: z.array(z.number().int().positive()).max(100).default([]),
});
export type TAgentForm = z.infer<typeof ZAgentForm>;
export const ZAgent = ZAgentForm.extend({
  middle_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  landing_url: z.string().nullable(),
  display_name: z.string().nullable(),
  display_phone: z.string().nullable(),
  display_email: z.string().nullable(),
  display_about_name: z.string().nullable(),
  tagline: z.string().nullable(),
  logo: z.string().nullable(),
  image: z.string().nullable(),
  image_link: z.string().nullable(),
  banner_image: z.string().nullable(),
  agent_bio: z.string().nullable(),
  groups: z.array(z.object({ group_id: z.number(), gname: z.string() })),
  accounts: z.array(z.object({ id: z.number(), email: z.string(), role: z.string(), active: z.boolean() })),
});
export type TAgent = z.infer<typeof ZAgent>;

export const ZGroupForm = z.object({
  group_id: z.coerce.number({ error: ADMIN_TEXT.REQUIRED }).int().positive().max(2_147_483_647),
  gname: required(120),
  gcode: required(30).regex(/^[A-Za-z0-9_-]+$/, { error: 'Use letters, digits, hyphens and underscores.' }),
  agent_id: z.coerce.number().int().positive().nullable().optional(),
  landing_url: zLandingUrl,
  ...display,
  gweb_aboutus: optText(5000),
  phone: optText(20),
  address1: optText(120),
  city: optText(60),
  state: optText(2),
  zip: optText(10),
  show_quotation: z.enum(['yes', 'no']).default('yes'),
  /** How the group's people pay (enrollment.md 4.10); empty keeps the store's rule (group: list, others: card or EFT). */
  payment_method: z.preprocess((v) => (v === '' ? null : v), z.enum(PAYMENT_METHODS).nullable().optional()),
  active: z.boolean().default(true),
  portals: z.array(z.number().int().positive()).max(100).default([]),
});
export type TGroupForm = z.infer<typeof ZGroupForm>;

export const ZPortalForm = z.object({
  platform_group_id: z.coerce.number({ error: ADMIN_TEXT.REQUIRED }).int().positive().max(2_147_483_647),
  platform_name: required(120),
  platform_code: required(30).regex(/^[A-Za-z0-9_-]+$/, { error: 'Use letters, digits, hyphens and underscores.' }),
  active: z.boolean().default(true),
});
export type TPortalForm = z.infer<typeof ZPortalForm>;

export const ZAccountForm = z.object({
  email: z
    .string({ error: ADMIN_TEXT.REQUIRED })
    .trim()
    .toLowerCase()
    .min(1, { error: ADMIN_TEXT.REQUIRED })
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { error: ADMIN_TEXT.INVALID_EMAIL }),
  password: z.string({ error: ADMIN_TEXT.REQUIRED }).min(10, { error: ADMIN_TEXT.PASSWORD_RULE }).max(200),
  role: z.enum(['rep', 'group', 'member', 'operator']),
  agent_id: z.number().int().positive().nullable().optional(),
  group_id: z.number().int().positive().nullable().optional(),
});
export type TAccountForm = z.infer<typeof ZAccountForm>;
export const ZPasswordReset = z.object({ password: ZAccountForm.shape.password });
export const ZAccountSummary = z.object({
  id: z.number(),
  email: z.string(),
  role: z.string(),
  agent_id: z.number().nullable(),
  group_id: z.number().nullable(),
  active: z.boolean(),
});

/* ---------- plans ---------- */
export const ZPlanSummary = z.object({
  plan_id: z.number(),
  plan_name: z.string(),
  category: z.string(),
  carrier: z.string().nullable(),
  active: z.boolean(),
  featured: z.boolean(),
  plan_logo: z.string().nullable(),
  rate_count: z.number(),
});
export type TPlanSummary = z.infer<typeof ZPlanSummary>;

export const PLAN_TEXT_FIELDS = [
  'plan_short_text',
  'header_text',
  'body_text',
  'blue_bar_text',
  'association_text',
  'exclusions_text',
  'example_text',
  'faq_text',
] as const;

export const ZPlanForm = z.object({
  plan_name: required(120),
  category: z.enum(CATEGORY_KEYS),
  carrier: optText(120),
  plan_logo: optText(500),
  plan_group: optText(60),
  featured: z.boolean().default(false),
  active: z.boolean().default(true),
  sort_order: z.coerce.number().int().min(0).max(100000).default(0),
  plan_short_text: z.string().max(20000).default(''),
  header_text: optText(20000),
  body_text: optText(20000),
  blue_bar_text: optText(20000),
  association_text: optText(20000),
  exclusions_text_name: optText(120),
  exclusions_text: optText(20000),
  example_text_name: optText(120),
  example_text: optText(20000),
  faq_text_name: optText(120),
  faq_text: optText(20000),
  rules: ZPlanRules.strict(),
  /** Structured benefits (compare, estimate, plan finder); null clears them, absent keeps them. */
  benefits: ZPlanBenefits.strict().nullable().optional(),
});
export type TPlanForm = z.infer<typeof ZPlanForm>;
export const ZPlanCreate = ZPlanForm.extend({
  plan_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: ADMIN_TEXT.PLAN_ID })
      .int({ error: ADMIN_TEXT.PLAN_ID })
      .positive({ error: ADMIN_TEXT.PLAN_ID })
      .max(2_147_483_647, { error: ADMIN_TEXT.PLAN_ID }),
  ),
});
export const ZPlanDetail = ZPlanCreate.extend({
  carrier: z.string().nullable(),
  plan_logo: z.string().nullable(),
  plan_group: z.string().nullable(),
  header_text: z.string().nullable(),
  body_text: z.string().nullable(),
  blue_bar_text: z.string().nullable(),
  association_text: z.string().nullable(),
  exclusions_text_name: z.string().nullable(),
  exclusions_text: z.string().nullable(),
  example_text_name: z.string().nullable(),
  example_text: z.string().nullable(),
  faq_text_name: z.string().nullable(),
  faq_text: z.string().nullable(),
  rules: z.record(z.string(), z.unknown()),
  benefits: z.unknown().nullable(),
});
export type TPlanDetail = z.infer<typeof ZPlanDetail>;

/** One row of a rate table; price in dollars with cents as typed in the grid or CSV. */
export const ZRateRow = z
  .object({
    tier: z.enum(TIER_CODES, { error: 'Tier must be IO, IS, IC or IF.' }),
    age_min: z.coerce.number({ error: 'Enter a whole age.' }).int({ error: 'Enter a whole age.' }).min(0).max(120),
    age_max: z.coerce.number({ error: 'Enter a whole age.' }).int({ error: 'Enter a whole age.' }).min(0).max(120),
    state: z.preprocess(
      (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim().toUpperCase() : v),
      z
        .string()
        .regex(/^[A-Z]{2}$/, { error: 'State must be two letters or empty.' })
        .nullable(),
    ),
    smoker: z.preprocess(
      (v) =>
        v === '' || v === undefined || v === null || v === 'any'
          ? null
          : v === true || v === 'true' || v === 'yes' || v === '1'
            ? true
            : v === false || v === 'false' || v === 'no' || v === '0'
              ? false
              : v,
      z.boolean({ error: 'Smoker must be yes, no or empty.' }).nullable(),
    ),
    price: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().replace(/^\$/, '') : v),
      z
        .union([z.number(), z.string().regex(/^\d+(\.\d{1,2})?$/, { error: 'Enter a price such as 12.50.' })])
        .transform((v) => Number(v))
        .pipe(z.number().min(0, { error: 'Price cannot be negative.' }).max(100000)),
    ),
  })
  .refine((r) => r.age_min <= r.age_max, { error: 'Minimum age must not be above maximum age.', path: ['age_max'] });
export type TRateRow = z.infer<typeof ZRateRow>;
export const ZRateTable = z.object({ rows: z.array(z.unknown()).max(5000) });
export const ZRateCsv = z.object({ csv: z.string().max(500_000) });
export const ZRateOut = z.object({
  plan_pricing_id: z.number(),
  tier: z.string(),
  age_min: z.number(),
  age_max: z.number(),
  state: z.string().nullable(),
  smoker: z.boolean().nullable(),
  price: z.number(),
});
export type TRateOut = z.infer<typeof ZRateOut>;

export const ZSampleQuote = z.object({
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: 'Enter a 5-digit zip code.' }),
  dob: z
    .string()
    .trim()
    .regex(/^\d{2}\/\d{2}\/\d{4}$/, { error: 'Enter the date as mm/dd/yyyy.' }),
  tier: z.enum(TIER_CODES),
  smoker: z.enum(['', 'yes', 'no']).default(''),
});
export type TSampleQuote = z.infer<typeof ZSampleQuote>;
export const ZSampleQuoteResult = z.object({
  state: z.string().nullable(),
  age: z.number(),
  price: z.number().nullable(),
  plan_pricing_id: z.number().nullable(),
  message: z.string().nullable(),
});
export type TSampleQuoteResult = z.infer<typeof ZSampleQuoteResult>;

export const ZQuestionForm = z.object({
  kind: z.enum(['questions', 'aflac']),
  question_text: required(2000),
  question_sub_type: z.enum(['text_field', 'checkbox', 'detail']).default('text_field'),
  require_detail: z.boolean().default(false),
  true_condition: z.boolean().nullable().default(null),
  decline_message: optText(2000),
  options: z
    .array(z.object({ option_id: z.number().int(), option_text: required(500), option_group: z.string().max(200).default('') }))
    .max(100)
    .default([]),
  sort_order: z.coerce.number().int().min(0).max(100000).default(0),
});
export type TQuestionForm = z.infer<typeof ZQuestionForm>;

/* ---------- leads: the help chat and rep sign-up requests ---------- */
export const ZChatLead = z.object({
  device_id: z.string(),
  agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  web_url: z.string().nullable(),
  updated_at: z.string(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type TChatLead = z.infer<typeof ZChatLead>;
export const ZSignupRequest = z.object({
  id: z.number(),
  name: z.string(),
  state: z.string(),
  phone: z.string(),
  email: z.string(),
  created_at: z.string(),
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

/* ---------- enrollments ---------- */
export const ENROLLMENT_STATUSES = ['quote', 'checked_out', 'completed'] as const;
export const ZEnrollmentSearch = ZPageQuery.extend({
  status: z
    .enum(ENROLLMENT_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  from: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  to: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type TEnrollmentSearch = z.infer<typeof ZEnrollmentSearch>;
export const ZEnrollmentRow = z.object({
  id: z.string(),
  confirmation_number: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  status: z.string(),
  eprocess: z.string(),
  agent_id: z.number().nullable(),
  group_id: z.number().nullable(),
  created_at: z.string(),
});
export type TEnrollmentRow = z.infer<typeof ZEnrollmentRow>;
export const ZEnrollmentDetail = ZEnrollmentRow.extend({
  type: z.string(),
  filter_info: z.record(z.string(), z.unknown()),
  effective_date: z.string().nullable(),
  saved_tab: z.string().nullable(),
  completed_at: z.string().nullable(),
  tabs: z.record(z.string(), z.unknown()),
  cart: z.array(z.object({ plan_id: z.number(), plan_name: z.string(), price: z.number() })),
  screenshots: z.array(z.object({ id: z.number(), name: z.string(), created_at: z.string() })),
  documents: z.array(z.object({ label: z.string(), url: z.string(), content_type: z.string() })),
  mails: z.array(z.object({ id: z.number(), subject: z.string(), status: z.string() })),
});
export type TEnrollmentDetail = z.infer<typeof ZEnrollmentDetail>;

/* ---------- outbox ---------- */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'kept', 'failed'] as const;
export const ZOutboxSearch = ZPageQuery.extend({
  status: z
    .enum(OUTBOX_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export const ZOutboxRow = z.object({
  id: z.number(),
  kind: z.string(),
  to_address: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  enrollment_id: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type TOutboxRow = z.infer<typeof ZOutboxRow>;
export const ZOutboxDetail = ZOutboxRow.extend({
  html: z.string(),
  text: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), mediaId: z.string() })),
});
export type TOutboxDetail = z.infer<typeof ZOutboxDetail>;

/* ---------- rate tables: CSV and validation (pure) ---------- */
export const RATE_CSV_COLUMNS = ['tier', 'age_min', 'age_max', 'state', 'smoker', 'price'] as const;

/** Splits CSV text into rows of cells (quotes, doubled quotes and CRLF handled). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

/** CSV text (header row tier,age_min,age_max,state,smoker,price) to raw row objects; header errors as field errors. */
export function rateRowsFromCsv(text: string): {
  rows: Record<string, string>[];
  errors: { target_element: string; error_message: string }[];
} {
  const cells = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!cells.length) return { rows: [], errors: [{ target_element: 'csv', error_message: 'The file is empty.' }] };
  const header = cells[0].map((h) => h.trim().toLowerCase());
  const missing = RATE_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    return {
      rows: [],
      errors: [
        {
          target_element: 'csv',
          error_message: `The header row must name the columns ${RATE_CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
        },
      ],
    };
  const rows = cells.slice(1).map((r) => Object.fromEntries(RATE_CSV_COLUMNS.map((c) => [c, (r[header.indexOf(c)] ?? '').trim()])));
  return { rows, errors: [] };
}

/**
 * Validates a rate table: every row (numbered from 1) against ZRateRow, and no two rows for the same tier,
 * state and tobacco use with overlapping ages. Errors name `rows.<n>.<field>` and say 'Row n: …'.
 */
export function validateRateRows(raw: unknown[]): { rows: TRateRow[]; errors: { target_element: string; error_message: string }[] } {
  const rows: TRateRow[] = [];
  const errors: { target_element: string; error_message: string }[] = [];
  raw.forEach((r, i) => {
    const n = i + 1;
    const parsed = ZRateRow.safeParse(r);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        errors.push({ target_element: `rows.${n}.${field}`, error_message: `Row ${n}: ${issue.message}` });
      }
      return;
    }
    const row = parsed.data;
    const clash = rows.findIndex(
      (o) =>
        o.tier === row.tier && o.state === row.state && o.smoker === row.smoker && o.age_min <= row.age_max && row.age_min <= o.age_max,
    );
    if (clash >= 0)
      errors.push({
        target_element: `rows.${n}.age_min`,
        error_message: `Row ${n}: ages overlap row ${clash + 1} for the same tier, state and smoker.`,
      });
    rows.push(row);
  });
  return { rows, errors };
}

/** The rate of a sample quote: the most specific matching row (a state beats any state, a smoker answer beats any). */
export function pickRate<T extends { tier: string; age_min: number; age_max: number; state: string | null; smoker: boolean | null }>(
  rates: T[],
  q: { tier: string; age: number; state: string | null; smoker: boolean | null },
): T | null {
  const fits = rates.filter(
    (r) =>
      r.tier === q.tier &&
      r.age_min <= q.age &&
      q.age <= r.age_max &&
      (r.state === null || r.state === q.state) &&
      (r.smoker === null || (q.smoker !== null && r.smoker === q.smoker)),
  );
  fits.sort((a, b) => Number(b.state !== null) - Number(a.state !== null) || Number(b.smoker !== null) - Number(a.smoker !== null));
  return fits[0] ?? null;
}
