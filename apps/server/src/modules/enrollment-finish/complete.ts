import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TabName } from '@store/domain/codes';
import { SAVED_TAB_KEY } from '@store/domain/enrollment';
import { isoToUs, todayIso, usToIso } from '@store/domain/dates';
import { TEXT } from '@store/domain/texts';
import type { Enrollment } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { listCartItems } from '../cart/repository.ts';
import { cartCharges } from '../cart/service.ts';
import { chargeSummaryToWire } from '@store/domain/charges';
import { dynamicTabs, isLastStep, openSealed, readTab, tabsOf, tierOf, type Db } from './context.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { paymentLabel, renderReceiptMail } from './receipt-mail.ts';
import { mailTranslator, storedLanguage } from '../../lib/mail-i18n.ts';
import { REMINDER_KIND } from '../reminders/service.ts';
import { inEnrollmentTabs, memberSsnContext, paymentContext } from '../../db/sealed-columns.ts';
import { nextRowId } from '../../lib/next-row-id.ts';
import { queueCarrierFiles } from '../carriers/service.ts';

/** Human-friendly, unambiguous confirmation numbers: BS-XXXX-XXXX (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newConfirmationNumber(): string {
  const pick = () => Array.from(crypto.randomBytes(4), (b) => ALPHABET[b % ALPHABET.length]).join('');
  return `BS-${pick()}-${pick()}`;
}

/**
 * The wizard's last Next: the review (always the last required step) saved with first_enroll=1 completes the
 * enrollment in the same transaction. No other save completes: Save & Continue Later only saves (issue 19).
 */
export async function completeOnLastNext(app: FastifyInstance, trx: Db, e: Enrollment, tab: TabName, origin: string) {
  if (!(await isLastStep(trx, e, tab))) throw new HttpError(422, 'Please complete every step first', [{ target_element: 'form', error_message: 'Please complete every step first' }]);
  await completeEnrollment(app, trx, e.id, origin);
}

type Obj = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * Completes the enrollment: every required step saved; the member (created from personal and contact info
 * for a new member); a policy per cart plan; the payment method kept for the member; status 'completed',
 * the confirmation number; the 'Enrollment Receipt' PDF stored in media and mailed through the outbox.
 */
export async function completeEnrollment(app: FastifyInstance, trx: Db, enrollmentId: string, origin: string) {
  const e = await trx.selectFrom('enrollments').selectAll().where('id', '=', enrollmentId).forUpdate().executeTakeFirstOrThrow();
  if (e.status === 'completed') return e;
  const saved = tabsOf(e);
  const steps = await dynamicTabs(trx, e);
  for (const t of steps) {
    if (t.required && !saved[SAVED_TAB_KEY[t.tab_name]]) throw new HttpError(422, `Please complete ${t.tab_name} first`, [{ target_element: 'form', error_message: 'Please complete every step first' }]);
  }
  const personal = readTab<Obj>(e, 'primary_info') ?? {};
  const contact = readTab<Obj>(e, 'contact_info') ?? {};
  const payment = readTab<Obj>(e, 'payment_info') ?? {};

  let userId = e.user_id;
  if (!userId) {
    const sealedSsn = (personal._sealed as Obj | undefined)?.ssn;
    const ssn = typeof sealedSsn === 'string' && app.sealer.isSealed(sealedSsn) ? app.sealer.open(sealedSsn, inEnrollmentTabs(e.id)) : null;
    const newUserId = await nextRowId(trx, 'members', 'user_id');
    const dob = usToIso(str(personal.birthdate)) ?? str(personal.birthdate) ?? todayIso();
    const m = await trx
      .insertInto('members')
      .values({
        user_id: newUserId,
        first_name: str(personal.first_name),
        middle_name: str(personal.middle_name) || null,
        last_name: str(personal.last_name),
        dob: dob || todayIso(),
        gender: str(personal.gender) || '0',
        email: str(contact.email_address) || null,
        phone: str(contact.phone_number) || null,
        ssn_enc: ssn ? app.sealer.seal(ssn, memberSsnContext(newUserId)) : null,
        ssn_last4: ssn ? ssn.slice(-4) : null,
        address1: str(contact.address1) || null,
        city: str(contact.city) || null,
        state: str(contact.state) || null,
        zip: str(contact.zip) || null,
        agent_id: e.agent_id,
        group_id: e.group_id,
      })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    userId = m.user_id;
  }

  const items = await listCartItems(trx, e.id);
  const tier = tierOf(e);
  for (const item of items) {
    await trx.insertInto('policies').values({ user_id: userId, plan_id: item.plan_id, tier, status: 'ACTIVE', effective_date: e.effective_date, enrollment_id: e.id }).execute();
  }

  // Keep the payment method for the member's next enrollment (sealed bank numbers; card token only).
  if (!payment.existing_id) {
    if (payment.payment_method === 'eft') {
      const bank = openSealed<{ account_number: string; routing_number: string } | null>(app, e.id, payment._sealed, null);
      if (bank) {
        const id = await nextRowId(trx, 'member_payment_methods');
        await trx.insertInto('member_payment_methods').values({
          id, user_id: userId, kind: 'bank', account_name: str(payment.account_name), bank_name: str(payment.bank_name),
          account_number_enc: app.sealer.seal(bank.account_number, paymentContext(id, 'account_number_enc')), account_last4: bank.account_number.slice(-4),
          routing_number_enc: app.sealer.seal(bank.routing_number, paymentContext(id, 'routing_number_enc')), routing_last4: bank.routing_number.slice(-4),
          account_type: str(payment.account_type), account_holder_type: str(payment.account_holder_type),
          card_brand: null, card_last4: null, card_token: null, expiration_month: null, expiration_year: null, name_on_cc: null,
        }).execute();
      }
    } else if (payment.payment_method === 'cc' && payment.card_token) {
      await trx.insertInto('member_payment_methods').values({
        user_id: userId, kind: 'card', account_name: null, bank_name: null, account_number_enc: null, account_last4: null, routing_number_enc: null, routing_last4: null,
        account_type: null, account_holder_type: null, card_brand: str(payment.card_brand), card_last4: str(payment.card_last4), card_token: str(payment.card_token),
        expiration_month: str(payment.expiration_month), expiration_year: str(payment.expiration_year), name_on_cc: `${str(payment.first_name_on_cc)} ${str(payment.last_name_on_cc)}`.trim(),
      }).execute();
    }
  }

  const confirmationNumber = newConfirmationNumber();
  const name = `${str(personal.first_name)} ${str(personal.last_name)}`.trim();
  // What will be charged: the one summary of packages/domain (charges.ts) for the PDF, the mail and the billing record.
  const charges = cartCharges(items, e);
  const summary = chargeSummaryToWire(charges);
  // The receipt mail and PDF in the language of the step that completed the enrollment (context.ts loadForStep).
  const lang = storedLanguage(e.mail_lang);
  const t = mailTranslator(lang);
  const method = str(payment.payment_method) || 'list';
  const paymentEn = paymentLabel(payment, mailTranslator('en'));
  const paymentText = paymentLabel(payment, t);
  const pdf = await renderReceiptPdf({
    name,
    confirmationNumber,
    completedOn: isoToUs(todayIso()),
    effectiveDate: e.effective_date ? isoToUs(e.effective_date) : null,
    summary,
    payment: paymentText,
    cardOrBank: method === 'cc' || method === 'eft',
  }, lang);
  await trx.insertInto('billing_records').values({
    enrollment_id: e.id,
    payment_method: method,
    payment_label: paymentEn,
    lines: JSON.stringify(charges.lines),
    admin_fee_cents: charges.admin_fee_cents,
    initial_cents: charges.initial_cents,
    recurring_cents: charges.recurring_cents,
    bill_day: charges.bill_day,
    first_charge_on: charges.first_charge_on,
    starts_on: charges.starts_on,
    recurring_from: charges.recurring_from,
  }).execute();
  const mediaId = `receipt-${crypto.randomUUID()}`;
  await trx.insertInto('media').values({ id: mediaId, content_type: 'application/pdf', data: pdf , private: true }).execute();

  const tabs = { ...saved, receipt: { media_id: mediaId } };
  delete (tabs as Obj).dependent_temp;
  // With no dependent step (IO tier) dependents saved under an earlier tier are dropped here, in the completing
  // transaction (enrollment.md 4.8's delete-dependent-in-IO, which the wizard no longer needs to call).
  if (!steps.some((t) => t.required && t.tab_name === 'dependent_info')) delete (tabs as Obj).dependent_info;
  await trx
    .updateTable('enrollments')
    .set({ status: 'completed', completed_at: new Date(), confirmation_number: confirmationNumber, user_id: userId, tabs: JSON.stringify(tabs), updated_at: new Date() })
    .where('id', '=', e.id)
    .execute();
  await app.jobs.cancel(trx, e.id, [REMINDER_KIND]);
  await queueCarrierFiles(app, trx, e.id);
  await trx.insertInto('audit_log').values({ account_id: null, action: 'enrollment.complete', target: e.id, detail: JSON.stringify({ confirmation_number: confirmationNumber, policies: items.length }) }).execute();

  const to = str(contact.email_address);
  if (to) {
    const mail = renderReceiptMail({ name, confirmationNumber, summary, payment: paymentText, link: `${origin}/enrollment/receipt?id=${encodeURIComponent(e.id)}`, cardOrBank: method === 'cc' || method === 'eft' }, t);
    await app.mailer.enqueue(trx, {
      kind: 'enrollment-receipt',
      to,
      subject: `${t(TEXT.ENROLLMENT_RECEIPT)} ${confirmationNumber}`,
      ...mail,
      enrollmentId: e.id,
      attachments: [{ filename: `enrollment-receipt-${confirmationNumber}.pdf`, contentType: 'application/pdf', mediaId }],
    });
  }
  return e;
}
