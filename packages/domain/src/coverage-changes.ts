import { z } from 'zod';
import { addMonths, scheduledPayment, type PaymentSchedule } from './billing-schedule.ts';

/**
 * Life after enrollment (issue 38): evidence of insurability and a member's cancellation of a plan. The fixed texts,
 * the schemas of the contract (contract/coverage-changes.ts) and the date rules both apps share.
 */

/** Where a policy's evidence of insurability stands (null on a policy whose plan needs none). */
export const EOI_STATUSES = ['pending', 'more_information', 'approved', 'declined'] as const;
export type TEoiStatus = (typeof EOI_STATUSES)[number];
/** The carrier's decisions the operator records. */
export const EOI_DECISIONS = ['approved', 'declined', 'more_information'] as const;
export type TEoiDecision = (typeof EOI_DECISIONS)[number];

/** Fixed texts (both languages in apps/web/src/locales; the server's in es/server-messages.json). */
export const EOI_TEXT = {
  PENDING: 'Pending evidence of insurability',
  EXPECTED: 'The carrier usually decides within 5 to 10 days.',
  MORE_INFORMATION: 'The carrier needs more information',
  APPROVED: 'Approved by the carrier',
  DECLINED: 'Declined by the carrier',
  DECIDED: 'The decision was recorded.',
  NOT_PENDING: 'This plan is not waiting for a decision.',
  REASON_REQUIRED: 'Please say why the carrier declined.',
  REFERENCE_REQUIRED: "Please enter the carrier's reference.",
  /** What a person declined may do (the decline mail). */
  DECLINED_NEXT:
    'You may ask the carrier to reconsider with new medical information, or choose a plan that needs no evidence, such as Guaranteed Issue Life.',
} as const;

/** The label of an EOI status where a person sees it. */
export const EOI_LABEL: Record<TEoiStatus, string> = {
  pending: EOI_TEXT.PENDING,
  more_information: EOI_TEXT.MORE_INFORMATION,
  approved: EOI_TEXT.APPROVED,
  declined: EOI_TEXT.DECLINED,
};

/** A policy whose evidence is awaited is neither billed nor sent to its carrier. */
export const EOI_WAITING: readonly TEoiStatus[] = ['pending', 'more_information'];

export const ZEoiDecisionRequest = z
  .object({
    decision: z.enum(EOI_DECISIONS),
    reference: z.string().trim().min(1, EOI_TEXT.REFERENCE_REQUIRED).max(60),
    reason: z.string().trim().max(1000).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'declined' && v.reason === '') ctx.addIssue({ code: 'custom', path: ['reason'], message: EOI_TEXT.REASON_REQUIRED });
  });
export type TEoiDecisionRequest = z.input<typeof ZEoiDecisionRequest>;

export const ZEoiCase = z.object({
  policy_id: z.number().int(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  member_name: z.string(),
  enrollment_id: z.string().nullable(),
  confirmation_number: z.string().nullable(),
  eoi_status: z.enum(EOI_STATUSES),
  eoi_reference: z.string().nullable(),
  eoi_reason: z.string().nullable(),
  /** YYYY-MM-DD: the coverage's start (set to the first of the next month on approval). */
  effective_date: z.string().nullable(),
  /** ISO time the enrollment completed. */
  completed_at: z.string().nullable(),
});
export type TEoiCase = z.infer<typeof ZEoiCase>;

export const ZEoiPlanSetting = z.object({
  plan_id: z.number().int(),
  plan_name: z.string(),
  category: z.string(),
  needs_evidence: z.boolean(),
});
export type TEoiPlanSetting = z.infer<typeof ZEoiPlanSetting>;
export const ZEoiOverview = z.object({ cases: z.array(ZEoiCase), plans: z.array(ZEoiPlanSetting) });
export type TEoiOverview = z.infer<typeof ZEoiOverview>;
export const ZEoiPlanSettingRequest = z.object({ needs_evidence: z.boolean() });

/** The first day of the month after `today` (yyyy-mm-dd): an approved plan's coverage starts then. */
export const firstOfNextMonth = (today: string): string => addMonths(`${today.slice(0, 7)}-01`, 1);

/**
 * When a plan the carrier approves starts: the first of the month after the approval, never before the start the
 * member chose (an open enrollment's plan year, an effective date ahead): approved a month early, it would start and
 * be billed beside the coverage it replaces.
 */
export const approvedCoverageStart = (today: string, chosenStart: string | null): string => {
  const next = firstOfNextMonth(today);
  return chosenStart && chosenStart > next ? chosenStart : next;
};

/** The last day of a month (yyyy-mm). */
export const lastDayOf = (month: string): string => {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * When a plan the member cancels ends: the last day of the coverage paid for. Payment 0 (at enrollment) pays the first
 * period; the billing run's payments pay the later ones (`paidIndexes`). Without a schedule (a group's list bill): the
 * end of the current month.
 */
export function coverageEndOnCancel(schedule: PaymentSchedule | null, paidIndexes: readonly number[], today: string): string {
  if (!schedule) return lastDayOf(today.slice(0, 7));
  return scheduledPayment(schedule, Math.max(0, ...paidIndexes)).covers_through;
}

/** Fixed texts of the member's cancellation (the confirmation says all of it). */
export const CANCEL_TEXT = {
  CANCEL_PLAN: 'Cancel this plan',
  CONFIRM: 'Yes, cancel this plan',
  KEEP: 'Keep this plan',
  QUESTION_NO_DATE:
    'Cancel {plan}? Your coverage ends at the end of the month you paid for; we will not charge you for it again, and we will tell the carrier.',
  DONE: 'Your {plan} ends on {date}. We will not charge you for it again, and we told the carrier.',
  ENDS_ON: 'Coverage ends on {date}',
  ALREADY: 'This plan is already cancelled.',
} as const;

export const ZCancelPlanResponse = z.object({
  policy_id: z.number().int(),
  plan_name: z.string(),
  /** YYYY-MM-DD: the last day of coverage. */
  ends_on: z.string(),
  carrier_files: z.number().int(),
});
export type TCancelPlanResponse = z.infer<typeof ZCancelPlanResponse>;
