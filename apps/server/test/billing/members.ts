import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { chargeSummary } from '@store/domain/charges';
import type { Database } from '../../src/db/schema.ts';
import { paymentContext } from '../../src/db/sealed-columns.ts';
import type { Sealer } from '../../src/lib/crypto.ts';
import { expect } from 'vitest';
import type { TestClient } from '../helpers/client.ts';
import type { TestStore } from '../helpers/store.ts';
import { agree, enrollmentAtStepFive, enrollWith, PLAN_IDS, withAuthorization } from '../enrollment/finish/helpers.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';

const offline = new LocalOfflineProvider();

/** How a test member pays: a card number (tokenized by the offline provider) or a bank account (sealed). */
export type PaidWith = { card: string } | { bank: { routing: string; account: string; type?: 'checking' | 'savings' } };

/**
 * A completed enrollment of a member paying $31.99 a month (a $26.99 plan and the $5 membership), enrolled on
 * `today` (11/28/2026) with coverage from `effective` (12/01/2026), on `billDay`: the member's saved method, the
 * enrollment and its billing record (the schedule of the domain's chargeSummary), as completion leaves them.
 */
export async function payingMember(
  store: { db: Kysely<Database>; sealer: Sealer },
  paid: PaidWith,
  o: { billDay: number; today?: string; effective?: string; userId?: number },
) {
  const userId = o.userId ?? 100_000 + crypto.randomInt(800_000);
  // From the table's sequence, as the store numbers them: a method the member gives later has a higher id (newer).
  const methodId = (
    await sql<{ id: number }>`select nextval(pg_get_serial_sequence('member_payment_methods', 'id'))::int as id`.execute(store.db)
  ).rows[0].id;
  if ('card' in paid) {
    const t = await offline.tokenizeCard({ number: paid.card, securityCode: '123', expMonth: '12', expYear: '2031', name: 'Jane Doe' });
    if (!t.ok) throw new Error('not tokenized');
    await store.db
      .insertInto('member_payment_methods')
      .values({ id: methodId, user_id: userId, kind: 'card', card_brand: t.brand, card_last4: t.last4, card_token: t.token } as never)
      .execute();
  } else
    await store.db
      .insertInto('member_payment_methods')
      .values({
        id: methodId,
        user_id: userId,
        kind: 'bank',
        account_name: 'Jane Doe',
        bank_name: 'Test Bank',
        account_number_enc: store.sealer.seal(paid.bank.account, paymentContext(methodId, 'account_number_enc')),
        account_last4: paid.bank.account.slice(-4),
        routing_number_enc: store.sealer.seal(paid.bank.routing, paymentContext(methodId, 'routing_number_enc')),
        routing_last4: paid.bank.routing.slice(-4),
        account_type: paid.bank.type ?? 'checking',
        account_holder_type: 'individual',
      } as never)
      .execute();
  const id = crypto.randomUUID();
  await store.db
    .insertInto('enrollments')
    .values({ id, user_id: userId, type: 'new-member', eprocess: 'member', status: 'completed', filter_info: '{}', tabs: '{}' })
    .execute();
  const s = chargeSummary([{ plan_id: 1, plan_name: 'Dental', price_cents: 2699 }], {
    billDay: o.billDay,
    today: o.today ?? '2026-11-28',
    effectiveDate: o.effective ?? '2026-12-01',
  });
  await store.db
    .insertInto('billing_records')
    .values({
      enrollment_id: id,
      payment_method: 'card' in paid ? 'cc' : 'eft',
      payment_label: 'card' in paid ? 'Visa card' : 'EFT, Test Bank',
      lines: JSON.stringify(s.lines),
      admin_fee_cents: s.admin_fee_cents,
      initial_cents: s.initial_cents,
      recurring_cents: s.recurring_cents,
      bill_day: s.bill_day,
      first_charge_on: s.first_charge_on,
      starts_on: s.starts_on,
      recurring_from: s.recurring_from,
      payment_method_id: methodId,
    })
    .execute();
  return { id, userId, methodId };
}

/**
 * Saves every step of an enrollment with this billing, in the server's order (review, agreement, billing last); the
 * billing is saved with its authorization but without completing (no first_enroll), as Save & Continue Later saves it.
 * `billingPath`: the Stripe mode's save of a PaymentMethod (decision 2510) instead of the card fields'.
 */
const billingOf = new Map<string, { billing: Record<string, unknown>; path: string }>();
export async function everyStepSaved(
  ts: TestStore,
  c: TestClient,
  billing: Record<string, unknown>,
  billingPath = '/api/v1/save-billing-info',
) {
  const id = await enrollmentAtStepFive(ts, c, { plans: [PLAN_IDS.dentalEssentials] });
  const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
    .filter((t: any) => t.required)
    .map((t: any) => t.tab_name);
  for (const tab of tabs.slice(tabs.indexOf('contact_info') + 1)) {
    let r: { status: number; body: any } | undefined;
    if (tab === 'billing_info') r = await c.post(billingPath, { enrollment_id: id, ...(await authorized(c, id, billing, billingPath)) });
    if (tab === 'agreement_info') r = await agree(c, id, { user_name: 'Dana Whitfield' });
    if (tab === 'review_info') r = await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
    expect(r?.status, `${tab}: ${JSON.stringify(r?.body)}`).toBe(200);
  }
  billingOf.set(id, { billing, path: billingPath });
  return id;
}
/** The wizard's last Next: the billing step sent again with first_enroll=1 (decision 2530). */
export async function complete(c: TestClient, id: string) {
  const { billing, path } = billingOf.get(id)!;
  if (path === '/api/v1/save-billing-info') return enrollWith(c, id, billing);
  return c.post(path, { enrollment_id: id, ...(await authorized(c, id, billing, path)), first_enroll: 1 });
}

/**
 * The billing with the authorization the page shows. A card Stripe's Payment Element took (pm_card_visa, Stripe's
 * test Visa 4242) is named by its brand and last four, which the page learns from Stripe, not from a card number sent.
 */
async function authorized(c: TestClient, id: string, billing: Record<string, unknown>, path: string) {
  if (path === '/api/v1/save-billing-info') return withAuthorization(c, id, billing);
  const { card_number: _shown, ...sent } = await withAuthorization(c, id, { ...billing, card_number: '4242424242424242' });
  return sent;
}
