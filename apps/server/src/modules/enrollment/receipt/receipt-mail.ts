import { CHARGE_TEXT, scheduleSentence, type TChargeSummary } from '@store/domain/charges';
import { isoToUs } from '@store/domain/dates';
import { TEXT } from '@store/domain/texts';
import { CARRIER_REVIEW_TEXT } from '@store/domain/health';
import { escapeHtml } from '../../../lib/escape-html.ts';

type T = (english: string, vars?: Record<string, string | number>) => string;
export type Obj = Record<string, unknown>;
export const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The payment method as the receipt shows it: masked (the tab keeps only masked numbers and the card's last four). */
export function paymentLabel(payment: Obj, t: T): string {
  if (payment.payment_method === 'eft')
    return t('EFT, {{bank}} account {{account}}', { bank: str(payment.bank_name), account: str(payment.account_number) });
  if (payment.payment_method === 'cc')
    return t('{{brand}} card ending {{last4}}', { brand: str(payment.card_brand), last4: str(payment.card_last4) });
  return t('Billed by list');
}

/**
 * The lines of what will be charged as text, one per line, in the reader's language: what the receipt mail, the PDF
 * and (through the same CHARGE_TEXT) every screen show.
 */
export function chargeTextLines(
  s: TChargeSummary,
  t: T,
  cardOrBank: boolean,
  /** 'eft': the first debit is said with the day it reaches the account (decision 2520). */
  method?: string | null,
): { lines: { label: string; amount: string; note: string | null }[]; schedule: string[] } {
  const lines = s.lines.map((l) => ({
    label: l.kind === 'membership' && l.plan_id === null ? t(CHARGE_TEXT.MEMBERSHIP_LINE) : l.label,
    amount: t(CHARGE_TEXT.PER_MONTH, { amount: l.monthly }),
    note: l.admin_fee !== '0.00' ? t(CHARGE_TEXT.ADMIN_FEE_INCLUDED, { amount: l.admin_fee }) : null,
  }));
  const sentence = scheduleSentence(s, method);
  const schedule = cardOrBank
    ? [
        t(sentence.text, { ...sentence.values, day: t(sentence.values.day) }),
        t(CHARGE_TEXT.SCHEDULE_FROM, { date: isoToUs(s.recurring_from) }),
      ]
    : [t(CHARGE_TEXT.LIST_BILL)];
  return { lines, schedule };
}

export interface ReceiptMail {
  name: string;
  confirmationNumber: string;
  summary: TChargeSummary;
  payment: string;
  /** The receipt page (opens in the browser that enrolled). */
  link: string;
  cardOrBank: boolean;
  method?: string | null;
  /** A Yes to a health question: the carrier reviews the application first (decision 2440). */
  carrierReview?: boolean;
}

/** The 'Enrollment Receipt' mail: the same lines and totals as the receipt page and the PDF. */
export function renderReceiptMail(r: ReceiptMail, t: T): { html: string; text: string } {
  const e = escapeHtml;
  const { lines, schedule } = chargeTextLines(r.summary, t, r.cardOrBank, r.method);
  const totals = [
    t('First Month Total Cost: ${{amount}}', { amount: r.summary.initial }),
    t('Recurring Monthly Cost: ${{amount}}', { amount: r.summary.recurring }),
  ];
  const html = [
    `<p>${e(t('Dear {{name}}, Thank you for your enrollment.', { name: r.name }))}</p>`,
    `<p>${t('Your confirmation number is {{number}}.', { number: `<strong>${e(r.confirmationNumber)}</strong>` })}</p>`,
    `<ul>${lines.map((l) => `<li>${e(l.label)}: ${e(l.amount)}${l.note ? ` (${e(l.note)})` : ''}</li>`).join('')}</ul>`,
    ...totals.map((x) => `<p><strong>${e(x)}</strong></p>`),
    ...schedule.map((x) => `<p>${e(x)}</p>`),
    `<p>${e(t('Payment: {{payment}}', { payment: r.payment }))}</p>`,
    ...(r.carrierReview ? [`<p><strong>${e(t(CARRIER_REVIEW_TEXT))}</strong></p>`] : []),
    `<p><a href="${e(r.link)}">${e(t('View your receipt'))}</a></p>`,
    `<p>${e(t('Your {{receipt}} is attached.', { receipt: t(TEXT.ENROLLMENT_RECEIPT) }))}</p>`,
  ].join('');
  const text = [
    t('Dear {{name}}, Thank you for your enrollment.', { name: r.name }),
    t('Your confirmation number is {{number}}.', { number: r.confirmationNumber }),
    ...lines.map((l) => `${l.label}: ${l.amount}${l.note ? ` (${l.note})` : ''}`),
    ...totals,
    ...schedule,
    t('Payment: {{payment}}', { payment: r.payment }),
    ...(r.carrierReview ? [t(CARRIER_REVIEW_TEXT)] : []),
    `${t('View your receipt')}: ${r.link}`,
    t('Your {{receipt}} is attached.', { receipt: t(TEXT.ENROLLMENT_RECEIPT) }),
  ].join('\n');
  return { html, text };
}
