import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import crypto from 'node:crypto';
import type { z } from 'zod';
import type { ZSaveReviewRequest } from '@store/domain/contract/enrollment-finish';
import type { TabName } from '@store/domain/codes';
import { SAVED_TAB_KEY } from '@store/domain/enrollment';
import { todayIso, usToIso } from '@store/domain/dates';
import type { Enrollment } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { cartItemsOf } from '../cart/index.ts';
import type { TDynamicTab } from '@store/domain/enrollment';
import { dynamicTabs, isLastStep, loadForStep, openSealed, readTab, tabsOf, tierOf, writeTab, type Db } from './context.ts';
import { filterOf } from './service.ts';
import {
  audit,
  insertMember,
  insertPaymentMethod,
  insertPolicy,
  lockEnrollment,
  markCompleted,
  plansNeedingEvidence,
} from './purchase-repository.ts';
import { mailReceipt, recordBillingAndReceipt } from './complete-receipt.ts';
import { REMINDER_KIND } from '../reminders/index.ts';
import { inEnrollmentTabs, memberSsnContext, paymentContext } from '../../db/sealed-columns.ts';
import { nextRowId } from '../../lib/row-id-repository.ts';
import { recordEvent } from '../trail/index.ts';
import { issueSignedApplication } from './documents/signed-application.ts';
import { queueCarrierFiles } from '../carriers/index.ts';
import { assertRepMayComplete } from '../rep-licensing/index.ts';
import { FirstChargeNeedsAuthentication, rememberPendingAuthentication, takeFirstPayment } from './payment/first-payment.ts';
import { CompletionPdfs, PdfsToRender } from './documents/completion-pdfs.ts';
import { assertPaymentAuthorized } from './payment/authorization.ts';

/** Human-friendly, unambiguous confirmation numbers: BS-XXXX-XXXX (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newConfirmationNumber(): string {
  const pick = () => Array.from(crypto.randomBytes(4), (b) => ALPHABET[b % ALPHABET.length]).join('');
  return `BS-${pick()}-${pick()}`;
}

/**
 * The wizard's last Next: the billing step (always the last required step, decision 2530) saved with first_enroll=1
 * completes the enrollment in the same transaction. No other save completes: Save & Continue Later only saves
 * (issue 19).
 */
export async function completeOnLastNext(deps: Deps, trx: Db, e: Enrollment, tab: TabName, completion: Completion) {
  if (!(await isLastStep(trx, e, tab)))
    throw new HttpError(422, 'Please complete every step first', [
      { target_element: 'form', error_message: 'Please complete every step first' },
    ]);
  await completeEnrollment(deps, trx, e.id, completion);
}

/**
 * What a completion keeps from one run of its transaction to the next (documents/completion-pdfs.ts): its time (the
 * trail's events, the authorization's acceptance), its confirmation number and its PDFs, rendered between the runs.
 */
export interface Completion {
  origin: string;
  at: Date;
  confirmationNumber: string;
  pdfs: CompletionPdfs;
}

/**
 * The transaction of a step's save, and of the completion that comes with it when `origin` is given (the wizard's last
 * Next): run, rolled back when its PDFs are still to be rendered, and run again once they are, with no transaction open
 * while they render (decision 2610). `run` gets the completion (null without one) and must do the same each time.
 */
export async function completingTransaction<T>(
  deps: Deps,
  origin: string | null,
  run: (trx: Db, completion: Completion | null) => Promise<T>,
): Promise<T> {
  if (origin === null) return deps.db.transaction().execute((trx) => run(trx, null));
  const completion: Completion = { origin, at: new Date(), confirmationNumber: newConfirmationNumber(), pdfs: new CompletionPdfs() };
  for (let runs = 1; ; runs++) {
    try {
      return await deps.db.transaction().execute((trx) => run(trx, completion));
    } catch (err) {
      if (err instanceof FirstChargeNeedsAuthentication) await rememberPendingAuthentication(deps.db, err);
      if (!(err instanceof PdfsToRender)) throw err;
      await completion.pdfs.renderPending();
      // A third run renders in its transaction whatever changed again: the completion does not fail for it.
      if (runs >= 2) completion.pdfs.inline = true;
    }
  }
}

/**
 * The review step's save: the additional notes. The review comes before the agreement and the billing step now
 * (decision 2530), so it never completes: first_enroll (the specification's field) is taken and ignored.
 */
export async function saveReviewStep(deps: Deps, actor: Actor, body: z.output<typeof ZSaveReviewRequest>) {
  await deps.db.transaction().execute(async (trx) => {
    const e = await loadForStep(actor, trx, body.enrollment_id, 'review_info');
    await writeTab(
      trx,
      e.id,
      'review_info',
      { additional_notes: body.additional_notes, reviewed_at: new Date().toISOString() },
      { savedTab: true },
    );
    await recordEvent(trx, e.id, 'step_saved', { step: 'review_info' }, actor);
  });
}

type Obj = Record<string, unknown>;
type CartItems = Awaited<ReturnType<typeof cartItemsOf>>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * Completes the enrollment, in the caller's transaction, one named step after another: every required step saved;
 * the member (created from personal and contact info for a new member); a policy per cart plan; the payment method
 * kept for the member; the billing record and the 'Enrollment Receipt' PDF (rendered outside the transaction:
 * completingTransaction); status 'completed' with the
 * confirmation number; the pending reminders cancelled; the carriers' 834 files queued (modules/carriers); the audit row; the receipt mailed through the outbox
 * (complete-receipt.ts).
 */
export async function completeEnrollment(deps: Deps, trx: Db, enrollmentId: string, completion: Completion) {
  const e = await lockEnrollment(trx, enrollmentId);
  if (e.status === 'completed') return e;
  const steps = await assertEveryStepSaved(trx, e);
  await assertPaymentAuthorized(trx, e);
  const personal = readTab<Obj>(e, 'primary_info') ?? {};
  const contact = readTab<Obj>(e, 'contact_info') ?? {};
  const payment = readTab<Obj>(e, 'payment_info') ?? {};

  const userId = e.user_id ?? (await createMember(deps, trx, e, personal, contact));
  const items = await cartItemsOf(trx, e.id);
  // The rep is checked again (decision 2640, amended): an appointment withdrawn or a license expired since the cart.
  const state = filterOf(e).state;
  await assertRepMayComplete(
    trx,
    { agent_id: e.agent_id, group_id: e.group_id, state: state || null },
    items.map((i) => i.plan_id),
    completion.at,
  );
  await createPolicies(trx, e, userId, items);
  const methodId = await keepPaymentMethod(deps, trx, e, userId, payment);
  const { origin, confirmationNumber } = completion;
  const receipt = await recordBillingAndReceipt(trx, e, {
    items,
    payment,
    methodId,
    confirmationNumber,
    name: fullName(personal),
    sealer: deps.sealer,
    pdfs: completion.pdfs,
  });
  await markCompleted(trx, e.id, { confirmationNumber, userId, tabs: completedTabs(e, steps, receipt.mediaId) });
  await deps.jobs.cancel(trx, e.id, [REMINDER_KIND]);
  await queueCarrierFiles(deps, trx, e.id);
  await audit(trx, 'enrollment.complete', e.id, { confirmation_number: confirmationNumber, policies: items.length });
  const signedApplication = await issueSignedApplication(deps, trx, e.id, completion);
  await mailReceipt(deps, trx, e, {
    to: str(contact.email_address),
    origin,
    confirmationNumber,
    name: fullName(personal),
    signedApplication,
    ...receipt,
  });
  // Nothing leaves the store from a run whose PDFs are still to be rendered (it is rolled back and run again).
  completion.pdfs.assertRendered();
  // Last, so that nothing of the completion can fail after the card is charged but the commit (first-payment.ts).
  await takeFirstPayment(trx, e.id, deps.payments, {
    method: str(payment.payment_method) || 'list',
    cardToken: str(payment.card_token) || null,
    methodId,
    // Issue 38: the charges leave out the plans pending evidence of insurability (and the membership added with them)
    // until the carrier approves: the amount the billing step's button named.
    cents: receipt.charges.initial_cents,
    schedule: receipt.charges,
  });
  return e;
}

const fullName = (personal: Obj) => `${str(personal.first_name)} ${str(personal.last_name)}`.trim();

async function assertEveryStepSaved(trx: Db, e: Enrollment): Promise<TDynamicTab[]> {
  const saved = tabsOf(e);
  const steps = await dynamicTabs(trx, e);
  for (const t of steps) {
    if (t.required && !saved[SAVED_TAB_KEY[t.tab_name]])
      throw new HttpError(422, `Please complete ${t.tab_name} first`, [
        { target_element: 'form', error_message: 'Please complete every step first' },
      ]);
  }
  return steps;
}

/** A new member from the personal and contact steps (the SSN sealed for the member's row). */
async function createMember(deps: Deps, trx: Db, e: Enrollment, personal: Obj, contact: Obj): Promise<number> {
  const sealedSsn = (personal._sealed as Obj | undefined)?.ssn;
  const ssn = typeof sealedSsn === 'string' && deps.sealer.isSealed(sealedSsn) ? deps.sealer.open(sealedSsn, inEnrollmentTabs(e.id)) : null;
  const newUserId = await nextRowId(trx, 'members', 'user_id');
  const dob = usToIso(str(personal.birthdate)) ?? str(personal.birthdate) ?? todayIso();
  const m = await insertMember(trx, {
    user_id: newUserId,
    first_name: str(personal.first_name),
    middle_name: str(personal.middle_name) || null,
    last_name: str(personal.last_name),
    dob: dob || todayIso(),
    gender: str(personal.gender) || '0',
    email: str(contact.email_address) || null,
    phone: str(contact.phone_number) || null,
    ssn_enc: ssn ? deps.sealer.seal(ssn, memberSsnContext(newUserId)) : null,
    ssn_last4: ssn ? ssn.slice(-4) : null,
    address1: str(contact.address1) || null,
    address2: str(contact.address2) || null,
    city: str(contact.city) || null,
    state: str(contact.state) || null,
    zip: str(contact.zip) || null,
    agent_id: e.agent_id,
    group_id: e.group_id,
  });
  return m.user_id;
}

/**
 * A policy per cart plan. A plan that needs evidence of insurability (and the membership added with it) starts
 * 'Pending evidence of insurability' (issue 38): not billed, not sent to its carrier until the carrier approves.
 */
async function createPolicies(trx: Db, e: Enrollment, userId: number, items: CartItems): Promise<void> {
  const tier = tierOf(e);
  const evidence = await plansNeedingEvidence(
    trx,
    items.map((i) => i.plan_id),
  );
  const pending = (i: CartItems[number]) => evidence.has(i.plan_id) || (i.parent_plan_id !== null && evidence.has(i.parent_plan_id));
  for (const item of items)
    await insertPolicy(trx, {
      user_id: userId,
      plan_id: item.plan_id,
      tier,
      status: 'ACTIVE',
      effective_date: e.effective_date,
      enrollment_id: e.id,
      eoi_status: pending(item) ? 'pending' : null,
    });
}

/**
 * Keeps the payment method for the member's next enrollment (sealed bank numbers; card token only); answers the saved
 * method's id (a saved one chosen again, or the new row), which the billing record keeps and the billing run collects.
 */
async function keepPaymentMethod(deps: Deps, trx: Db, e: Enrollment, userId: number, payment: Obj): Promise<number | null> {
  if (payment.existing_id) return Number(payment.existing_id);
  if (payment.payment_method === 'eft') {
    const bank = openSealed<{ account_number: string; routing_number: string } | null>(deps, e.id, payment._sealed, null);
    if (!bank) return null;
    const id = await nextRowId(trx, 'member_payment_methods');
    await insertPaymentMethod(trx, {
      id,
      user_id: userId,
      kind: 'bank',
      account_name: str(payment.account_name),
      bank_name: str(payment.bank_name),
      account_number_enc: deps.sealer.seal(bank.account_number, paymentContext(id, 'account_number_enc')),
      account_last4: bank.account_number.slice(-4),
      routing_number_enc: deps.sealer.seal(bank.routing_number, paymentContext(id, 'routing_number_enc')),
      routing_last4: bank.routing_number.slice(-4),
      account_type: str(payment.account_type),
      account_holder_type: str(payment.account_holder_type),
      card_brand: null,
      card_last4: null,
      card_token: null,
      expiration_month: null,
      expiration_year: null,
      name_on_cc: null,
    });
    return id;
  } else if (payment.payment_method === 'cc' && payment.card_token) {
    const id = await nextRowId(trx, 'member_payment_methods');
    await insertPaymentMethod(trx, {
      id,
      user_id: userId,
      kind: 'card',
      account_name: null,
      bank_name: null,
      account_number_enc: null,
      account_last4: null,
      routing_number_enc: null,
      routing_last4: null,
      account_type: null,
      account_holder_type: null,
      card_brand: str(payment.card_brand),
      card_last4: str(payment.card_last4),
      card_token: str(payment.card_token),
      expiration_month: str(payment.expiration_month),
      expiration_year: str(payment.expiration_year),
      name_on_cc: `${str(payment.first_name_on_cc)} ${str(payment.last_name_on_cc)}`.trim(),
    });
    return id;
  }
  return null;
}

/**
 * The saved steps once completed: the receipt's media id added, the temporary dependents dropped; with no dependent
 * step (IO tier) dependents saved under an earlier tier are dropped too (enrollment.md 4.8's delete-dependent-in-IO,
 * which the wizard no longer needs to call).
 */
function completedTabs(e: Enrollment, steps: TDynamicTab[], mediaId: string): Obj {
  const tabs: Obj = { ...tabsOf(e), receipt: { media_id: mediaId } };
  delete tabs.dependent_temp;
  if (!steps.some((t) => t.required && t.tab_name === 'dependent_info')) delete tabs.dependent_info;
  return tabs;
}
