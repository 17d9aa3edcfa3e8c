import { z } from 'zod';
import { TABS, type TabName } from './codes.ts';

/**
 * The rep's home (book of business, issue 24): four lists of the signed-in rep's own people, each searchable and
 * paged on the server, each exported as CSV. Schemas of requests and answers, the step an enrollment has reached,
 * the CSV cell rules (masked SSN as in the current-member table, formula-safe cells).
 */
export const REP_HOME_LISTS = ['members', 'in-progress', 'completed', 'quotes'] as const;
export type TRepHomeList = (typeof REP_HOME_LISTS)[number];

export const REP_HOME_PAGE_SIZES = [10, 25, 50] as const;
export const REP_HOME_DEFAULT_LIMIT = 10;
export const REP_HOME_MAX_PAGE = 10_000;
/** Counts stop here: a page says "more than 1,000" instead of counting a whole book of 100,000 on every request. */
export const REP_HOME_COUNT_CAP = 1000;
export const REP_HOME_RESEND_LIMIT = { perEnrollment: 3, windowMs: 24 * 3600_000 };

export const RESEND_SENT = 'A new enrollment code has been sent.';
export const RESEND_NO_EMAIL = 'This enrollment has no e-mail address to send a code to.';
export const REP_HOME_NOT_FOUND = 'Enrollment not found';

/** Search text and page of a list: a few words, a page from 1, a page size of REP_HOME_PAGE_SIZES. */
export const ZRepHomeQuery = z.object({
  q: z.string().trim().max(80).optional().default(''),
  page: z.coerce.number().int().min(1).max(REP_HOME_MAX_PAGE).optional().default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (REP_HOME_PAGE_SIZES as readonly number[]).includes(n), 'Page size is 10, 25 or 50')
    .optional()
    .default(REP_HOME_DEFAULT_LIMIT),
});
export type TRepHomeQuery = z.infer<typeof ZRepHomeQuery>;
export type TRepHomeQueryInput = z.input<typeof ZRepHomeQuery>;
export const ZRepHomeExportQuery = z.object({ q: z.string().trim().max(80).optional().default('') });

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Rows found, counted up to REP_HOME_COUNT_CAP; `more` when there are more than that. */
    total: z.number().int(),
    more: z.boolean(),
    page: z.number().int(),
    limit: z.number().int(),
  });

/** A member of the rep (the current-member table's columns; SSN masked, last four only). */
export const ZRepMember = z.object({
  user_id: z.number(),
  name: z.string(),
  dob: z.string(),
  email: z.string().nullable(),
  ssn: z.string(),
  group_name: z.string().nullable(),
  plans: z.array(
    z.object({
      plan_name: z.string(),
      plan_status: z.string(),
      /** Issue 38: where the plan's evidence of insurability stands (null: none needed). Never the answers. */
      eoi_status: z.enum(['pending', 'more_information', 'approved', 'declined']).nullable().default(null),
    }),
  ),
});
export type TRepMember = z.infer<typeof ZRepMember>;
export const ZRepMembersPage = page(ZRepMember);
export type TRepMembersPage = z.infer<typeof ZRepMembersPage>;

/** An enrollment started by the rep and not completed: who, the step reached, last save, the reminders. */
export const ZRepInProgress = z.object({
  enrollment_id: z.string(),
  name: z.string(),
  step: z.enum(TABS),
  last_saved_at: z.string(),
  /** When the latest reminder e-mail went out (sent), or null. */
  reminder_sent_at: z.string().nullable(),
  /** A code can be mailed again: the enrollment was saved for later with an e-mail address. */
  can_resend: z.boolean(),
});
export type TRepInProgress = z.infer<typeof ZRepInProgress>;
export const ZRepInProgressPage = page(ZRepInProgress);
export type TRepInProgressPage = z.infer<typeof ZRepInProgressPage>;

/** An enrollment completed this month (New York time) and its monthly premium in cents. */
export const ZRepCompleted = z.object({
  enrollment_id: z.string(),
  name: z.string(),
  confirmation_number: z.string().nullable(),
  completed_at: z.string(),
  premium_cents: z.number().int(),
});
export type TRepCompleted = z.infer<typeof ZRepCompleted>;
export const ZRepCompletedPage = page(ZRepCompleted).extend({
  month: z.string(),
  month_count: z.number().int(),
  month_premium_cents: z.number().int(),
});
export type TRepCompletedPage = z.infer<typeof ZRepCompletedPage>;

/** A personalised quote the rep sent from a cart. */
export const ZRepQuote = z.object({
  id: z.number(),
  to_name: z.string(),
  to_email: z.string(),
  sent_at: z.string(),
  enrollment_id: z.string(),
});
export type TRepQuote = z.infer<typeof ZRepQuote>;
export const ZRepQuotesPage = page(ZRepQuote);
export type TRepQuotesPage = z.infer<typeof ZRepQuotesPage>;

export const ZRepEnrollmentParams = z.object({ id: z.string().uuid() });
export const ZRepHomeMessage = z.object({ message: z.string() });

/**
 * Saved-step keys of the enrollment row (enrollment.md 2.2, spelled as the wire spells them) in wizard order, with the
 * wizard's step each stands for.
 */
const SAVED_KEY_STEPS: readonly (readonly [string, TabName])[] = [
  ['primary_info', 'primary_info'],
  ['contact_info', 'contact_info'],
  ['employer_info', 'employer_info'],
  ['benificiary_info', 'beneficiary_info'],
  ['health_info', 'primary_health_info'],
  ['dependent_info', 'dependent_info'],
  ['review_info', 'review_info'],
  ['aggrement_info', 'agreement_info'],
  ['payment_info', 'billing_info'],
];

/** The furthest step saved, from the saved keys and the Save & Continue Later tab; the first step when none. */
export function stepReached(savedKeys: readonly string[], savedTab: string | null): TabName {
  let best = -1;
  for (const key of [...savedKeys, ...(savedTab ? [savedTab] : [])]) {
    const i = SAVED_KEY_STEPS.findIndex(([k, tab]) => k === key || tab === key);
    if (i > best) best = i;
  }
  return best < 0 ? 'primary_info' : SAVED_KEY_STEPS[best][1];
}

/** A person's name from saved first and last names ('—' when none was saved yet). */
export const personName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ') || '—';

/** Masked SSN of a list (the current-member table's form): only the last four digits. */
export const maskedSsnOf = (last4: string | null | undefined) => (last4 ? `XXX-XX-${last4}` : '');

/** A CSV cell: quoted when needed; a text starting with = + - @ (or tab, CR) is prefixed with ' so no sheet runs it. */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
export const csvRow = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Dollars of cents for CSV (no currency sign: sheets read it as a number). */
export const centsToPlainDollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** Header rows of each list's CSV (English, as the fixed texts). */
export const REP_HOME_CSV_HEADERS: Record<TRepHomeList, readonly string[]> = {
  members: ['Name', 'Date of birth', 'E-mail', 'SSN', 'Group', 'Plans'],
  'in-progress': ['Name', 'Step', 'Last saved', 'Reminder sent'],
  completed: ['Name', 'Confirmation number', 'Completed', 'Monthly premium'],
  quotes: ['Recipient', 'E-mail', 'Sent'],
};
