import type { Deps } from '../../lib/deps.ts';
import crypto from 'node:crypto';
import { chargeSummaryToWire, recordRecurringCents } from '@store/domain/charges';
import { isoToUs, todayIso } from '@store/domain/dates';
import { TEXT } from '@store/domain/texts';
import type { Enrollment } from '../../db/schema.ts';
import { mailTranslator, storedLanguage, type MailLang } from '../../lib/mail-i18n.ts';
import { cartCharges } from '../cart/index.ts';
import type { cartItemsOf } from '../cart/index.ts';
import type { issueSignedApplication } from './documents/signed-application.ts';
import type { Db } from './context.ts';
import { insertBillingRecord, insertPrivateMedia, receiptPolicies } from './purchase-repository.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { EOI_PENDING_NOTE } from '@store/domain/receipt';
import type { Sealer } from '../../lib/crypto.ts';
import { sealPrivateMedia } from '../../lib/private-media.ts';
import type { ReceiptContent } from './receipt/receipt-pdf.ts';
import { renderPdf } from '../../pdf/pool.ts';
import type { CompletionPdfs } from './documents/completion-pdfs.ts';
import { carrierReviews } from './steps/health-service.ts';
import { coveredPeople } from './receipt/covered.ts';
import { paymentLabel, renderReceiptMail, str, type Obj } from './receipt/receipt-mail.ts';

/**
 * The completion's receipt (complete.ts completeEnrollment): the billing record and the 'Enrollment Receipt' PDF,
 * written in the completing transaction (the PDF rendered before it: documents/completion-pdfs.ts), then the receipt
 * mailed through the outbox.
 */

type CartItems = Awaited<ReturnType<typeof cartItemsOf>>;

/**
 * What will be charged: the one summary of packages/domain (charges.ts) for the PDF, the mail and the billing record.
 * The receipt mail and PDF are in the language of the step that completed the enrollment (context.ts loadForStep).
 */
export async function recordBillingAndReceipt(
  trx: Db,
  e: Enrollment,
  v: {
    items: CartItems;
    payment: Obj;
    methodId: number | null;
    confirmationNumber: string;
    name: string;
    sealer: Sealer;
    /** Where the PDF comes from: rendered outside the transaction (documents/completion-pdfs.ts). */
    pdfs: CompletionPdfs;
  },
) {
  const charges = cartCharges(v.items, e);
  const summary = chargeSummaryToWire(charges);
  const lang = storedLanguage(e.mail_lang);
  const t = mailTranslator(lang);
  const method = str(v.payment.payment_method) || 'list';
  const cardOrBank = method === 'cc' || method === 'eft';
  const paymentText = paymentLabel(v.payment, t);
  const content: { receipt: ReceiptContent; lang: MailLang } = {
    receipt: {
      name: v.name,
      confirmationNumber: v.confirmationNumber,
      completedOn: isoToUs(todayIso()),
      effectiveDate: e.effective_date ? isoToUs(e.effective_date) : null,
      summary,
      payment: paymentText,
      cardOrBank,
      method,
      carrierReview: carrierReviews(v, e),
      covered: coveredPeople(e),
    },
    lang,
  };
  const pdf = await v.pdfs.pdf(content, (c) => renderPdf('receipt', c.receipt, c.lang));
  await insertBillingRecord(trx, {
    enrollment_id: e.id,
    payment_method: method,
    payment_label: paymentLabel(v.payment, mailTranslator('en')),
    lines: JSON.stringify(charges.lines),
    admin_fee_cents: charges.admin_fee_cents,
    initial_cents: charges.initial_cents,
    recurring_cents: recordRecurringCents(charges),
    bill_day: charges.bill_day,
    first_charge_on: charges.first_charge_on,
    starts_on: charges.starts_on,
    recurring_from: charges.recurring_from,
    payment_method_id: v.methodId,
  });
  const mediaId = `receipt-${crypto.randomUUID()}`;
  // Sealed at rest like every private file (issue 34).
  await insertPrivateMedia(trx, mediaId, 'application/pdf', sealPrivateMedia(v.sealer, mediaId, pdf));
  return { mediaId, summary, paymentText, cardOrBank, method, t, charges };
}

type ReceiptMail = Awaited<ReturnType<typeof recordBillingAndReceipt>> & {
  to: string;
  origin: string;
  confirmationNumber: string;
  name: string;
  /** The signed application (modules/consent), mailed as its own attachment. */
  signedApplication: Awaited<ReturnType<typeof issueSignedApplication>>;
};

/** The receipt mail through the outbox (the PDF and the signed application attached); none without an e-mail address. */
export async function mailReceipt(deps: Deps, trx: Db, e: Enrollment, m: ReceiptMail) {
  if (!m.to) return;
  const { t } = m;
  const mail = renderReceiptMail(
    {
      name: m.name,
      confirmationNumber: m.confirmationNumber,
      summary: m.summary,
      payment: m.paymentText,
      link: `${m.origin}/enrollment/receipt?id=${encodeURIComponent(e.id)}`,
      cardOrBank: m.cardOrBank,
      method: m.method,
      carrierReview: carrierReviews(deps, e),
    },
    t,
  );
  // Issue 38: each plan waiting for the carrier's decision on its evidence of insurability says so, and how long it takes.
  const pending = (await receiptPolicies(trx, e.id)).filter((p) => p.eoi_status === 'pending');
  const notes = pending.map((p) => t(EOI_PENDING_NOTE, { plan: p.plan_name }));
  await deps.mailer.enqueue(trx, {
    kind: 'enrollment-receipt',
    to: m.to,
    subject: `${t(TEXT.ENROLLMENT_RECEIPT)} ${m.confirmationNumber}`,
    html: mail.html + notes.map((n) => `<p>${escapeHtml(n)}</p>`).join(''),
    text: [mail.text, ...notes].join('\n\n'),
    enrollmentId: e.id,
    attachments: [
      { filename: `enrollment-receipt-${m.confirmationNumber}.pdf`, contentType: 'application/pdf', mediaId: m.mediaId },
      m.signedApplication,
    ],
  });
}
