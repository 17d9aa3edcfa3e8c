import { z } from 'zod';
import { addDaysIso, isoToUs } from './dates.ts';
import { firstOfNextMonth, lastDayOf } from './coverage-changes.ts';

/**
 * Life events (issue 38, decision 2550): a member reports a marriage, a birth or adoption, a divorce, a loss of other
 * coverage, a move to another state or the death of a dependent; the event opens a window in which the member adds or
 * removes dependents, priced from the event's effective date. The rules are pure; money in cents.
 */

export const LIFE_EVENT_TYPES = ['marriage', 'birth_adoption', 'divorce', 'loss_of_coverage', 'move', 'dependent_death'] as const;
export type TLifeEventType = (typeof LIFE_EVENT_TYPES)[number];

export const LIFE_EVENT_LABEL: Record<TLifeEventType, string> = {
  marriage: 'Marriage',
  birth_adoption: 'Birth or adoption',
  divorce: 'Divorce',
  loss_of_coverage: 'Loss of other coverage',
  move: 'Move to another state',
  dependent_death: 'Death of a dependent',
};

/** The proof each event asks for (null: none). */
export const LIFE_EVENT_PROOF: Record<TLifeEventType, string | null> = {
  marriage: 'Marriage certificate',
  birth_adoption: 'Birth certificate or adoption papers',
  divorce: 'Divorce decree',
  loss_of_coverage: "The insurer's letter",
  move: null,
  dependent_death: null,
};

/** The settings of an event type (the operator's, migration 2650): its window in days and whether it needs proof. */
export interface TLifeEventSetting {
  event_type: TLifeEventType;
  window_days: number;
  needs_proof: boolean;
}
export const LIFE_EVENT_DEFAULTS: readonly TLifeEventSetting[] = LIFE_EVENT_TYPES.map((t) => ({
  event_type: t,
  window_days: t === 'birth_adoption' ? 60 : 30,
  needs_proof: LIFE_EVENT_PROOF[t] !== null,
}));

export const LIFE_EVENT_STATUSES = ['awaiting_proof', 'in_review', 'approved', 'rejected'] as const;
export type TLifeEventStatus = (typeof LIFE_EVENT_STATUSES)[number];
export const LIFE_EVENT_STATUS_LABEL: Record<TLifeEventStatus, string> = {
  awaiting_proof: 'Waiting for your document',
  in_review: 'Document under review',
  approved: 'Approved: you may change your coverage',
  rejected: 'Not approved',
};

/** The fixed texts (Spanish in apps/web/src/locales/es/server-messages.json). */
export const LIFE_EVENT_TEXT = {
  REPORTED: 'Your life event was reported.',
  OUTSIDE_WINDOW: 'This event can be reported from {opens} to {closes}.',
  FUTURE: 'The event date cannot be in the future.',
  DATE_FORMAT: 'Enter the date as YYYY-MM-DD.',
  DOCUMENT_TYPE: 'The document must be a PDF, JPEG or PNG file.',
  DOCUMENT_SIZE: 'The document must be 10 MB or smaller.',
  DOCUMENT_NOT_NEEDED: 'This event needs no document.',
  DOCUMENT_RECEIVED: 'Your document was received. We will review it soon.',
  NOT_IN_REVIEW: 'This event is not waiting for a review.',
  REASON_REQUIRED: 'Please give the reason the member will see.',
  DECIDED: 'The decision was recorded.',
  NOT_OPEN: 'This event does not allow changes now.',
  WINDOW_CLOSED: 'The window of this event closed on {closes}.',
  CHANGE_NOT_ALLOWED: 'This event does not allow this change.',
  NO_DEPENDENT: 'This dependent was not found.',
  NO_COVERAGE: 'You have no active coverage to change.',
  CHANGED: 'Your coverage was changed.',
  NAME_REQUIRED: 'Enter the first and last name.',
} as const;

/** Documents: at most 10 MB; PDF, JPEG or PNG by their content. */
export const LIFE_EVENT_MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export type TLifeEventDocumentType = 'application/pdf' | 'image/jpeg' | 'image/png';

/** The type of a document from its first bytes (never from its name): PDF, JPEG or PNG, else null. */
export function documentTypeOf(bytes: Uint8Array): TLifeEventDocumentType | null {
  const starts = (sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return null;
}

/** The event's effective date: the first of the month after the event; a birth or adoption, its own date. */
export const lifeEventEffectiveDate = (type: TLifeEventType, eventDate: string): string =>
  type === 'birth_adoption' ? eventDate : firstOfNextMonth(eventDate);

/** The window: from the event's date to `window_days` days after it, both included. */
export const lifeEventWindow = (eventDate: string, windowDays: number) => ({ opens: eventDate, closes: addDaysIso(eventDate, windowDays) });

/** Why an event of this date cannot be reported today (null: it can), with the window's dates. */
export function lifeEventDateProblem(eventDate: string, windowDays: number, today: string): string | null {
  if (eventDate > today) return LIFE_EVENT_TEXT.FUTURE;
  const w = lifeEventWindow(eventDate, windowDays);
  if (today > w.closes) return LIFE_EVENT_TEXT.OUTSIDE_WINDOW.replace('{opens}', isoToUs(w.opens)).replace('{closes}', isoToUs(w.closes));
  return null;
}

export type TDependentRelationship = 'spouse' | 'child';
/** Which changes an event allows: who may be added or removed. */
export const LIFE_EVENT_CHANGES: Record<TLifeEventType, { add: TDependentRelationship[]; remove: TDependentRelationship[] }> = {
  marriage: { add: ['spouse'], remove: [] },
  birth_adoption: { add: ['child'], remove: [] },
  divorce: { add: [], remove: ['spouse'] },
  loss_of_coverage: { add: ['spouse', 'child'], remove: [] },
  move: { add: [], remove: [] },
  dependent_death: { add: [], remove: ['spouse', 'child'] },
};

/** The tier of a household: Member Only, + Spouse, + Children, Family. */
export function tierForHousehold(relationships: readonly TDependentRelationship[]): 'IO' | 'IS' | 'IC' | 'IF' {
  const spouse = relationships.includes('spouse');
  const child = relationships.includes('child');
  return spouse && child ? 'IF' : spouse ? 'IS' : child ? 'IC' : 'IO';
}

/**
 * The prorated adjustment of a change of the monthly amount that starts mid-month: the difference times the days
 * left in the month (the start included) over the month's days, rounded to the cent. A start on the 1st: 0 (the full
 * month is on the next bill).
 */
export function proratedAdjustmentCents(deltaMonthlyCents: number, startsOn: string): number {
  const day = Number(startsOn.slice(8, 10));
  if (day === 1) return 0;
  const days = Number(lastDayOf(startsOn.slice(0, 7)).slice(8, 10));
  return Math.round((deltaMonthlyCents * (days - day + 1)) / days);
}

// ---------- requests and responses ----------

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, LIFE_EVENT_TEXT.DATE_FORMAT)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
    message: LIFE_EVENT_TEXT.DATE_FORMAT,
  });

export const ZReportLifeEventRequest = z.object({
  event_type: z.enum(LIFE_EVENT_TYPES),
  event_date: isoDate,
});
export type TReportLifeEventRequest = z.infer<typeof ZReportLifeEventRequest>;

/** The rep reports on the member's behalf: the same, for one of their clients. */
export const ZRepReportLifeEventRequest = ZReportLifeEventRequest.extend({ user_id: z.number().int().positive() });

/** A document as a data URL (the page reads the file); the bytes decide its type. */
export const ZLifeEventDocumentRequest = z.object({
  file_name: z.string().trim().max(200).default(''),
  data_url: z.string().max(Math.ceil((LIFE_EVENT_MAX_DOCUMENT_BYTES * 4) / 3) + 200, LIFE_EVENT_TEXT.DOCUMENT_SIZE),
});

export const ZLifeEventDecisionRequest = z
  .object({ decision: z.enum(['approved', 'rejected']), reason: z.string().trim().max(1000).default('') })
  .superRefine((v, ctx) => {
    if (v.decision === 'rejected' && v.reason === '')
      ctx.addIssue({ code: 'custom', path: ['reason'], message: LIFE_EVENT_TEXT.REASON_REQUIRED });
  });
export type TLifeEventDecisionRequest = z.input<typeof ZLifeEventDecisionRequest>;

export const ZLifeEventChangeRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add_dependent'),
    relationship: z.enum(['spouse', 'child']),
    first_name: z.string().trim().min(1, LIFE_EVENT_TEXT.NAME_REQUIRED).max(60),
    last_name: z.string().trim().min(1, LIFE_EVENT_TEXT.NAME_REQUIRED).max(60),
    birthdate: isoDate,
    gender: z.enum(['0', '1']),
  }),
  z.object({ action: z.literal('remove_dependent'), dependent_id: z.string().trim().min(1).max(80) }),
]);
export type TLifeEventChangeRequest = z.infer<typeof ZLifeEventChangeRequest>;

export const ZLifeEvent = z.object({
  id: z.number().int(),
  event_type: z.enum(LIFE_EVENT_TYPES),
  event_label: z.string(),
  event_date: z.string(),
  effective_date: z.string(),
  window_closes: z.string(),
  status: z.enum(LIFE_EVENT_STATUSES),
  status_label: z.string(),
  /** What proof is asked for (null: none). */
  proof: z.string().nullable(),
  has_document: z.boolean(),
  /** The operator's reason (the member sees it). */
  reason: z.string().nullable(),
  member_name: z.string(),
  reported_by_rep: z.boolean(),
  created_at: z.string(),
});
export type TLifeEvent = z.infer<typeof ZLifeEvent>;

/** The member's household as a change may alter it, and what they pay a month now. */
export const ZLifeEventsView = z.object({
  events: z.array(ZLifeEvent),
  dependents: z.array(z.object({ dependent_id: z.string(), relationship: z.enum(['spouse', 'child']), name: z.string() })),
  tier: z.string().nullable(),
  monthly_cents: z.number().int().nullable(),
});
export type TLifeEventsView = z.infer<typeof ZLifeEventsView>;

export const ZLifeEventChangeResponse = z.object({
  tier: z.string(),
  monthly_cents: z.number().int(),
  previous_monthly_cents: z.number().int(),
  adjustment_cents: z.number().int(),
  effective_date: z.string(),
  carrier_files: z.number().int(),
});
export type TLifeEventChangeResponse = z.infer<typeof ZLifeEventChangeResponse>;
