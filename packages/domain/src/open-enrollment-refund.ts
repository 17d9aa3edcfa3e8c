import { centsToDollars } from './format.ts';

/**
 * The first month an open enrollment's choice paid twice (issue 38, decision 2870): a choice's plan the member already
 * holds is merged into the earlier enrollment at the plan year's start (decision 2720), but the choice's first payment,
 * taken at checkout for the plan year's first month, paid that plan's month too. What comes back, and what the member
 * is told. Amounts in cents.
 */

/** A line of a billing record as the domain reads it (charges.ts ChargeLine without `held`). */
export interface RefundableLine {
  kind: 'plan' | 'membership';
  plan_id: number | null;
  monthly_cents: number;
}

/**
 * The part of the choice's first payment that paid for the merged plan: its plan lines' monthly cents (the
 * administrative fee a line includes with it), never more than what is left of the payment to refund, never below zero.
 */
export function duplicatedFirstMonthCents(lines: readonly RefundableLine[], planId: number, refundableCents: number): number {
  const cents = lines.filter((l) => l.kind === 'plan' && l.plan_id === planId).reduce((a, l) => a + l.monthly_cents, 0);
  return Math.max(0, Math.min(cents, refundableCents));
}

/** Which part of the first payment a merge gives back: a merged plan's lines, or the membership fee (every plan merged). */
export type MergeRefundPart = 'plan' | 'membership';

/**
 * What one part refunds now (decision 2871), in cents:
 * - `plan`: the merged plan's lines (duplicatedFirstMonthCents);
 * - `membership`: the membership lines, only when every plan line of the record is of a merged plan (nothing of the
 *   choice goes on, and the earlier enrollment pays the month's fee);
 * less what refunds of the payment already gave back beyond the parts refunded before: the duplicated total so far
 * (every merged plan's lines, and the fee when every plan is merged) minus every refund of the payment, an operator's
 * by hand through the console included (it does not say which plan it was for, so it counts toward the merged months
 * first); never more than is left of the payment, never below zero.
 */
export function mergeRefundPartCents(a: {
  lines: readonly RefundableLine[];
  part: MergeRefundPart;
  planId: number;
  mergedPlanIds: readonly number[];
  refundedCents: number;
  refundableCents: number;
}): number {
  const merged = new Set([...a.mergedPlanIds, ...(a.part === 'plan' ? [a.planId] : [])]);
  const plans = a.lines.filter((l) => l.kind === 'plan');
  const planCents = (id: number) => plans.filter((l) => l.plan_id === id).reduce((n, l) => n + l.monthly_cents, 0);
  const everyMerged = plans.length > 0 && plans.every((l) => l.plan_id !== null && merged.has(l.plan_id));
  const fee = everyMerged ? a.lines.filter((l) => l.kind === 'membership').reduce((n, l) => n + l.monthly_cents, 0) : 0;
  const duplicated = [...merged].reduce((n, id) => n + planCents(id), 0) + fee;
  const due = a.part === 'plan' ? planCents(a.planId) : fee;
  return Math.max(0, Math.min(due, duplicated - a.refundedCents, a.refundableCents));
}

/** The ledger's `reason` of the refund row, and the idempotency key's part after the payment (one refund per merged policy). */
export const MERGE_REFUND_REASON = 'open_enrollment_merged';
export const mergeRefundKey = (paymentId: number, policyId: number) => `refund:${paymentId}:oe-merged-${policyId}`;
/** The membership fee's refund: once per payment, whichever merged plan's job comes last. */
export const mergeMembershipRefundKey = (paymentId: number) => `refund:${paymentId}:oe-merged-membership`;

/** The mail to the member, English and Spanish ({name}, {plan}, {amount}, {month}). */
export const MERGE_REFUND_MAIL = {
  en: {
    subject: 'We refunded {amount} to your card',
    hello: 'Dear {name},',
    body: 'You chose {plan} again for the plan year, and you already have it. Your coverage goes on as it is and is billed once, so we refunded the {amount} your first payment included for {month}.',
    help: 'Your card should show the refund within 5 to 10 business days. Your member home lists it under Payments.',
    membership:
      'Every plan you chose for the plan year is one you already have, and your coverage pays the association membership fee once, so we refunded the {amount} fee your first payment included for {month}.',
  },
  es: {
    subject: 'Le reembolsamos {amount} a su tarjeta',
    hello: 'Estimado(a) {name}:',
    body: 'Usted eligió de nuevo {plan} para el año del plan, y ya lo tiene. Su cobertura sigue como está y se cobra una sola vez, así que le reembolsamos los {amount} que su primer pago incluía por {month}.',
    help: 'Su tarjeta debería mostrar el reembolso en 5 a 10 días hábiles. Su página de miembro lo muestra en Pagos.',
    membership:
      'Todos los planes que eligió para el año del plan ya los tiene, y su cobertura paga la cuota de membresía de la asociación una sola vez, así que le reembolsamos la cuota de {amount} que su primer pago incluía por {month}.',
  },
} as const;

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
} as const;

/** The mail's texts filled in: `period` is the payment's month (YYYY-MM). */
export function mergeRefundMailText(
  lang: 'en' | 'es',
  v: { name: string; plan: string; cents: number; period: string; part?: MergeRefundPart },
) {
  const t = MERGE_REFUND_MAIL[lang];
  const [y, m] = v.period.split('-');
  const month = lang === 'es' ? `${MONTHS.es[Number(m) - 1]} de ${y}` : `${MONTHS.en[Number(m) - 1]} ${y}`;
  const values: Record<string, string> = { name: v.name, plan: v.plan, amount: `$${centsToDollars(v.cents)}`, month };
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
  return { subject: fill(t.subject), lines: [fill(t.hello), fill(v.part === 'membership' ? t.membership : t.body), t.help] };
}
