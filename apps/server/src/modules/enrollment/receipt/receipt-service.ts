import { chargeSummaryOfRecord, chargeSummaryToWire } from '@store/domain/charges';
import { isoToUs } from '@store/domain/dates';
import type { TReceipt } from '@store/domain/receipt';
import type { Enrollment } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import { openPrivateMedia } from '../../../lib/private-media.ts';
import { readTab } from '../context.ts';
import { carrierReviews } from '../steps/health-service.ts';
import { findBillingRecord, mediaData, receiptPolicies } from '../purchase-repository.ts';
import type { Deps } from '../../../lib/deps.ts';
import { coveredPeople } from './covered.ts';

/**
 * The receipt of a completed enrollment: its policies, the billing record's charges and the masked payment method
 * (without `paymentDetails`, only the method: brand, bank and last four left out).
 */
export async function receiptOf(deps: Deps, e: Enrollment, o: { paymentDetails?: boolean } = {}): Promise<TReceipt> {
  if (e.status !== 'completed' || !e.confirmation_number) throw notFound('Receipt not found');
  const personal = readTab<Record<string, unknown>>(e, 'primary_info') ?? {};
  const contact = readTab<Record<string, unknown>>(e, 'contact_info') ?? {};
  const policies = await receiptPolicies(deps.db, e.id);
  const billing = await findBillingRecord(deps.db, e.id);
  const payment = readTab<Record<string, unknown>>(e, 'payment_info') ?? {};
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const method = text(payment.payment_method) ?? 'list';
  return {
    policy_id: policies[0]?.policy_id ?? null,
    name: `${personal.first_name ?? ''} ${personal.last_name ?? ''}`.trim(),
    confirmation_number: e.confirmation_number,
    email: contact.email_address ? String(contact.email_address) : null,
    eprocess: e.eprocess,
    policies,
    // What follows a health answer is the member's own (decision 2320): a rep or group sees no review note.
    carrier_review: o.paymentDetails !== false && carrierReviews(deps, e),
    covered: coveredPeople(e),
    effective_date: e.effective_date ? isoToUs(e.effective_date) : null,
    summary: billing
      ? chargeSummaryToWire(
          chargeSummaryOfRecord({
            lines: typeof billing.lines === 'string' ? JSON.parse(billing.lines) : billing.lines,
            admin_fee_cents: billing.admin_fee_cents,
            initial_cents: billing.initial_cents,
            recurring_cents: billing.recurring_cents,
            bill_day: billing.bill_day,
            first_charge_on: billing.first_charge_on,
            starts_on: billing.starts_on,
            recurring_from: billing.recurring_from,
          }),
        )
      : null,
    payment:
      o.paymentDetails === false
        ? { method, brand: null, bank_name: null, last4: null }
        : {
            method,
            brand: method === 'cc' ? text(payment.card_brand) : null,
            bank_name: method === 'eft' ? text(payment.bank_name) : null,
            last4: method === 'cc' ? text(payment.card_last4) : method === 'eft' ? (text(payment.account_number)?.slice(-4) ?? null) : null,
          },
  };
}

/** The stored PDF of a completed enrollment's receipt. */
export async function receiptPdfOf(deps: Pick<Deps, 'db' | 'sealer'>, e: Enrollment): Promise<Buffer> {
  const mediaId = readTab<{ media_id?: string }>(e, 'receipt')?.media_id;
  const media = mediaId ? await mediaData(deps.db, mediaId) : undefined;
  if (e.status !== 'completed' || !media) throw notFound('Receipt not found');
  return openPrivateMedia(deps.sealer, mediaId!, media.data);
}
