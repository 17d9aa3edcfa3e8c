import { z } from 'zod';

/**
 * Issue 39, "coverage confirmed" (decision 2630): a plan's coverage reads "confirmed by the carrier" only when the
 * carrier confirmed the member (an inbound effectuation 834, or the operator recording the carrier's word with its
 * policy number). A 999 accepting the 834 only says the carrier's translator read the file. Premium collected for a
 * plan the carrier has not confirmed within its window is flagged; premium of a plan the carrier rejected is refunded
 * or held by the operator's choice.
 */
export const COVERAGE_CONFIRMATION_TEXT = {
  /** The member home's fixed sentence (issue 39), word for word. */
  MEMBER_WAITING: 'Your payment is received; the carrier has not yet confirmed your coverage; we are following up',
  CONFIRMED: 'Confirmed by the carrier',
  NOT_CONFIRMED: 'Not yet confirmed by the carrier',
  REJECTED: 'Rejected by the carrier',
  CARRIER_POLICY_NUMBER: "Carrier's policy number",
  POLICY_NUMBER: "Give the carrier's policy number: 1 to 50 letters, digits, spaces, dots or dashes",
  REASON: 'Give the reason the carrier gave, in at most 200 characters',
  CHOICE: 'Choose to refund the premium or to hold it',
  NOT_ACTIVE: 'This plan is not in force: there is nothing for the carrier to confirm',
  ALREADY_DECIDED: 'The carrier already rejected this plan',
  NOT_REJECTED: 'Only the premium of a plan the carrier rejected is refunded or held',
  ALREADY_SETTLED: 'The premium of this plan was already refunded or held',
  REFUND_NOT_CARD: 'A bank debit is not refunded here: choose to hold the premium and return it by the bank',
  NOTHING_HELD: 'No premium was collected for this plan',
  DASHBOARD_TITLE: "Payments waiting for the carrier's confirmation",
  DASHBOARD_HELD: 'held',
  REP_TITLE: "Your members' payments waiting for the carrier's confirmation",
  REP_NONE: 'Every paid plan of your members is confirmed by its carrier or still within its window.',
} as const;
const T = COVERAGE_CONFIRMATION_TEXT;

export const CARRIER_STATUSES = ['confirmed', 'rejected'] as const;
export type TCarrierStatus = (typeof CARRIER_STATUSES)[number];

/** The carrier's policy number: what REF*1L carries (letters, digits, spaces, dots or dashes). */
export const ZCarrierPolicyNumber = z
  .string({ error: T.POLICY_NUMBER })
  .trim()
  .min(1, T.POLICY_NUMBER)
  .max(50, T.POLICY_NUMBER)
  .regex(/^[A-Za-z0-9 .-]+$/, T.POLICY_NUMBER);

export const ZConfirmCoverageRequest = z.object({ policy_number: ZCarrierPolicyNumber });
export type TConfirmCoverageRequest = z.input<typeof ZConfirmCoverageRequest>;

export const ZRejectCoverageRequest = z.object({ reason: z.string({ error: T.REASON }).trim().min(1, T.REASON).max(200, T.REASON) });
export type TRejectCoverageRequest = z.input<typeof ZRejectCoverageRequest>;

export const SETTLEMENT_CHOICES = ['refund', 'hold'] as const;
export const ZSettleRejectionRequest = z.object({ choice: z.enum(SETTLEMENT_CHOICES, { error: T.CHOICE }) });
export type TSettleRejectionRequest = z.input<typeof ZSettleRejectionRequest>;

/** One plan of an enrollment as the console shows its carrier's confirmation. */
export const ZPolicyCoverage = z.object({
  policy_id: z.number().int(),
  plan_name: z.string(),
  carrier: z.string().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  carrier_status: z.enum(CARRIER_STATUSES).nullable(),
  carrier_policy_number: z.string().nullable(),
  /** ISO instant of the confirmation or rejection. */
  carrier_status_at: z.string().nullable(),
  carrier_status_source: z.enum(['effectuation', 'operator']).nullable(),
  carrier_rejection_reason: z.string().nullable(),
  rejection_settlement: z.enum(['refunded', 'held']).nullable(),
  /** The plan's premium collected and not refunded or returned, in cents. */
  held_cents: z.number().int(),
  /** Paid, not confirmed, and past the carrier's window. */
  flagged: z.boolean(),
});
export type TPolicyCoverage = z.infer<typeof ZPolicyCoverage>;

/** A paid plan the carrier has not confirmed within its window (the dashboard's and the rep home's list). */
export const ZUnconfirmedPayment = z.object({
  policy_id: z.number().int(),
  enrollment_id: z.string(),
  member: z.string(),
  plan_name: z.string(),
  carrier: z.string(),
  /** ISO instant of the first premium collected for it (the window counts from there). */
  paid_since: z.string(),
  held_cents: z.number().int(),
});
export type TUnconfirmedPayment = z.infer<typeof ZUnconfirmedPayment>;

/** A billing record's line as the premium share needs it (the server's billing_records.lines). */
export interface PremiumLine {
  kind: string;
  plan_id?: number | null;
  monthly_cents: number;
  admin_fee_cents: number;
}

/** A plan's premium of one month as the carrier is owed it: its line's price less the store's administrative fee. */
export const planPremiumCents = (lines: readonly PremiumLine[], planId: number) => {
  const line = lines.find((l) => l.kind === 'plan' && l.plan_id === planId);
  return line ? Math.max(0, line.monthly_cents - line.admin_fee_cents) : 0;
};

/** A ledger row of collected money: a payment, or a return or refund of one (with its payment's amount). */
export interface CollectedRow {
  kind: string;
  amount_cents: number;
  payment_cents: number | null;
}

/**
 * The plan's premium the store holds: each payment's share of it, less the same share of what was returned or
 * refunded of that payment (as the 820 remits it, modules/carriers remittance.ts); never below zero.
 */
export function heldPremiumCents(rows: readonly CollectedRow[], premiumCents: number): number {
  let held = 0;
  for (const r of rows) {
    if (r.kind === 'payment' && r.amount_cents > 0) held += premiumCents;
    else if (r.kind === 'return' || r.kind === 'refund')
      held -= Math.round((premiumCents * r.amount_cents) / (r.payment_cents || r.amount_cents || 1));
  }
  return Math.max(0, held);
}

/** Past the carrier's window: the first premium was collected more than `windowDays` days before `now`. */
export const pastConfirmationWindow = (paidSince: Date | string, windowDays: number, now: Date) =>
  now.getTime() - new Date(paidSince).getTime() > windowDays * 86_400_000;
