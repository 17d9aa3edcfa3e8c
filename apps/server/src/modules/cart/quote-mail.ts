import { TEXT } from '@store/domain/texts';
import type { TPlanCart } from '@store/domain/cart';
import { CHARGE_TEXT } from '@store/domain/charges';
import type { TPlanFacts } from '@store/domain/compare';
import { renderComparisonHtml, renderComparisonText } from './quote-compare-mail.ts';
import { mailTranslator, type MailLang } from '../../lib/mail-i18n.ts';

/**
 * The personalised quote: ONE function renders it, for the preview and for the mail, so the preview is
 * exactly what is sent. Every value that comes from people (names, message, plan names) is escaped.
 */
export interface QuoteContent {
  siteName: string;
  recipientName: string;
  senderName: string | null;
  message: string | null;
  cart: TPlanCart;
  effectiveDate: string | null;
  prudential: boolean;
  prudential100k: boolean;
  /** The plans the visitor compared (issue 10), shown below the cart. */
  comparison?: readonly TPlanFacts[];
}

import { escapeHtml } from '../../lib/escape-html.ts';

export { escapeHtml };
const money = (dollars: string) => `$${dollars}`;

/** The quote in the reader's language (English word for word as the specification's mail). */
export function renderQuote(q: QuoteContent, lang: MailLang = 'en'): { subject: string; html: string; text: string } {
  const t = mailTranslator(lang);
  const subject = t('Your personalized quote from {{site}}', { site: q.siteName });
  const e = escapeHtml;
  // Every line of what will be charged (the membership fee too), as the cart shows them (packages/domain charges.ts).
  const lines = q.cart.summary.lines.map((l) => ({
    name: l.kind === 'membership' && l.plan_id === null ? t(CHARGE_TEXT.MEMBERSHIP_LINE) : l.label,
    price: money(l.monthly),
  }));
  const rows = lines
    .map(
      (r) =>
        `<tr><td style="padding:6px 8px;border-bottom:1px solid #e5e7eb">${e(r.name)}</td><td style="padding:6px 8px;border-bottom:1px solid #e5e7eb;text-align:right">${e(r.price)}</td></tr>`,
    )
    .join('');
  const message = q.message ? `<p style="white-space:pre-wrap;margin:0 0 16px">${e(q.message)}</p>` : '';
  const notices = (
    [q.prudential ? TEXT.PRUDENTIAL_FEE : null, q.prudential100k ? TEXT.PRUDENTIAL_100K : null].filter(Boolean) as string[]
  ).map((n) => t(n));
  const html = [
    `<div style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:640px">`,
    `<h1 style="font-size:20px;margin:0 0 16px">${e(subject)}</h1>`,
    `<p style="margin:0 0 12px">${e(t('Dear {{name}},', { name: q.recipientName }))}</p>`,
    message,
    `<p style="margin:0 0 12px">${e(t('Here are the plans selected for you:'))}</p>`,
    `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px"><thead><tr><th style="text-align:left;padding:6px 8px;border-bottom:2px solid #1f2937">${e(t('Plan'))}</th><th style="text-align:right;padding:6px 8px;border-bottom:2px solid #1f2937">${e(t('Monthly price'))}</th></tr></thead><tbody>${rows}</tbody></table>`,
    `<p style="margin:0 0 4px">${e(t(TEXT.FIRST_MONTH_TOTAL_COST))}: <strong>${e(money(q.cart.initial_month_cost))}</strong></p>`,
    `<p style="margin:0 0 12px">${e(t(TEXT.RECURRING_MONTHLY_COST))}: <strong>${e(money(q.cart.recurring_month_cost))}</strong></p>`,
    q.effectiveDate ? `<p style="margin:0 0 12px">${e(t('Effective date: {{date}}', { date: q.effectiveDate }))}</p>` : '',
    renderComparisonHtml(q.comparison ?? [], t),
    ...notices.map((n) => `<p style="margin:0 0 12px;font-size:13px">${e(n)}</p>`),
    q.senderName ? `<p style="margin:16px 0 0">${e(t('Sent by {{name}}', { name: q.senderName }))}</p>` : '',
    `</div>`,
  ].join('');
  const text = [
    subject,
    '',
    t('Dear {{name}},', { name: q.recipientName }),
    ...(q.message ? ['', q.message] : []),
    '',
    t('Here are the plans selected for you:'),
    ...lines.map((r) => `- ${r.name}: ${r.price}`),
    '',
    `${t(TEXT.FIRST_MONTH_TOTAL_COST)}: ${money(q.cart.initial_month_cost)}`,
    `${t(TEXT.RECURRING_MONTHLY_COST)}: ${money(q.cart.recurring_month_cost)}`,
    ...(q.effectiveDate ? [t('Effective date: {{date}}', { date: q.effectiveDate })] : []),
    ...renderComparisonText(q.comparison ?? [], t),
    ...notices,
    ...(q.senderName ? ['', t('Sent by {{name}}', { name: q.senderName })] : []),
  ].join('\n');
  return { subject, html, text };
}
