import { z } from 'zod';
import { PAYMENT_METHODS } from './codes.ts';
import { zWindowDate } from './group-home.ts';
import { zBillDay } from './list-bill.ts';
import { zReminderDays } from './renewals.ts';
import { ADMIN_TEXT, optEmail, optPhone, optState, optText, optWebAddress, optZip, required } from './admin.ts';

/** The console's people: reps, groups (with their landing urls), portals and sign-in accounts. */

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

const display = {
  display_name: optText(120),
  display_phone: optPhone(),
  display_email: optEmail(),
  display_about_name: optText(120),
  tagline: optText(255),
  logo: optText(500),
  image: optText(500),
  image_link: optWebAddress(),
  banner_image: optText(500),
};

export const ZAgentForm = z.object({
  agent_id: z.coerce.number({ error: ADMIN_TEXT.REQUIRED }).int().positive().max(2_147_483_647),
  first_name: required(60),
  middle_name: optText(60),
  last_name: required(60),
  agent_code: required(30).regex(/^[A-Za-z0-9_-]+$/, { error: 'Use letters, digits, hyphens and underscores.' }),
  email: optEmail(),
  phone: optPhone(),
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
  phone: optPhone(),
  address1: optText(120),
  city: optText(60),
  state: optState(),
  zip: optZip(),
  show_quotation: z.enum(['yes', 'no']).default('yes'),
  /** How the group's people pay (enrollment.md 4.10); empty keeps the store's rule (group: list, others: card or EFT). */
  payment_method: z.preprocess((v) => (v === '' ? null : v), z.enum(PAYMENT_METHODS).nullable().optional()),
  /** The open-enrollment window (issue 24, group-home.ts): empty dates do not limit; the end on or after the start. */
  enrollment_opens_on: zWindowDate.optional(),
  enrollment_closes_on: zWindowDate.optional(),
  /** The day of the month its list bill is made (decision 2642); absent keeps it. */
  bill_day: zBillDay,
  /** Open enrollment's reminders go out this many days before it closes (decision 2722); absent keeps the group's. */
  open_enrollment_reminder_days: zReminderDays,
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
