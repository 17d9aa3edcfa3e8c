import { z } from 'zod';
import { zJsonValue } from './json-value.ts';
import { ZPageQuery } from './admin.ts';

/** What the console reads back: leads (the help chat, rep sign-up requests), enrollments and the mail outbox. */

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
  /** The quote's filter and the saved steps as operators see them (modules/admin/mask.ts): JSON, sealed values never. */
  filter_info: z.record(z.string(), zJsonValue(3)),
  effective_date: z.string().nullable(),
  saved_tab: z.string().nullable(),
  completed_at: z.string().nullable(),
  tabs: z.record(z.string(), zJsonValue(6)),
  /** The saved steps as the review shows them (issue 37): section titles, labels, words for codes, numbers masked. */
  answers: z.array(z.object({ title: z.string(), rows: z.array(z.tuple([z.string(), z.string()])) })),
  /** The quote's filter in words (zip, birth date, gender, coverage, tobacco). */
  quote: z.array(z.tuple([z.string(), z.string()])),
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
