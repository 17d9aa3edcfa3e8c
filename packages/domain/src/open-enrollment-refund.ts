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

/** The ledger's `reason` of the refund row, and the idempotency key's part after the payment (one refund per merged policy). */
export const MERGE_REFUND_REASON = 'open_enrollment_merged';
export const mergeRefundKey = (paymentId: number, policyId: number) => `refund:${paymentId}:oe-merged-${policyId}`;

/** The mail to the member, English and Spanish ({name}, {plan}, {amount}, {month}). */
export const MERGE_REFUND_MAIL = {
  en: {
    subject: 'We refunded {amount} to your card',
    hello: 'Dear {name},',
    body: 'You chose {plan} again for the plan year, and you already have it. Your coverage goes on as it is and is billed once, so we refunded the {amount} your first payment included for {month}.',
    help: 'Your card should show the refund within 5 to 10 business days. Your member home lists it under Payments.',
  },
  es: {
    subject: 'Le reembolsamos {amount} a su tarjeta',
    hello: 'Estimado(a) {name}:',
    body: 'Usted eligió de nuevo {plan} para el año del plan, y ya lo tiene. Su cobertura sigue como está y se cobra una sola vez, así que le reembolsamos los {amount} que su primer pago incluía por {month}.',
    help: 'Su tarjeta debería mostrar el reembolso en 5 a 10 días hábiles. Su página de miembro lo muestra en Pagos.',
  },
} as const;

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
} as const;

/** The mail's texts filled in: `period` is the payment's month (YYYY-MM). */
export function mergeRefundMailText(lang: 'en' | 'es', v: { name: string; plan: string; cents: number; period: string }) {
  const t = MERGE_REFUND_MAIL[lang];
  const [y, m] = v.period.split('-');
  const month = lang === 'es' ? `${MONTHS.es[Number(m) - 1]} de ${y}` : `${MONTHS.en[Number(m) - 1]} ${y}`;
  const values: Record<string, string> = { name: v.name, plan: v.plan, amount: `$${centsToDollars(v.cents)}`, month };
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
  return { subject: fill(t.subject), lines: [fill(t.hello), fill(t.body), t.help] };
}
