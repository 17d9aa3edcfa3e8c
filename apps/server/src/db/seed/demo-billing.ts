import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { addMonths, premiumKey, scheduledPayment } from '@store/domain/billing-schedule';
import { chargeSummary } from '@store/domain/charges';
import { ageOn, todayIso } from '@store/domain/dates';
import { findRate } from '@store/domain/pricing';
import type { Database } from '../schema.ts';
import type { Sealer } from '../../lib/crypto.ts';
import { paymentContext } from '../sealed-columns.ts';
import { DEMO_MEMBERS } from './demo-people.ts';
import { seedDemoListBills, seedListBillRecord } from './demo-list-bills.ts';

/**
 * The demo members' premiums (issue 36): so that a fresh install's billing day collects something, each demo member
 * with active plans but Riley Chen (the demo member account, who has no payment method on file: demo-data.md's member
 * home shows that) has a completed enrollment enrolled a month before the install, paid by card or bank, its billing
 * record (the domain's chargeSummary of the member's active plans, bill day the install's day, 28 at most), its first
 * payment made and in the ledger. The next payment is due on the install's day: the first billing day collects it.
 * Quinn Foster's card (4000 0000 0000 0341, the offline provider's card cancelled after enrolling) is declined then,
 * so the demo shows the retries, the mail of a failed payment and the grace period.
 */
const PAID_WITH: Record<number, { card: string } | { bank: { routing: string; account: string } } | 'list'> = {
  // Issue 39: Acme Manufacturing's employees (Morgan Patel, Drew Williams) are billed to their group's invoice.
  1002: 'list',
  1003: { card: '4242424242424242' },
  1004: { bank: { routing: '021000021', account: '000123456789' } },
  1005: { card: '5555555555554444' },
  1006: 'list',
  1007: { bank: { routing: '011000015', account: '000987654321' } },
  1008: { card: '4000000000000341' },
};

/** A token as the offline provider makes it (payment-provider.ts): the last four of a declining test card kept in it. */
const offlineToken = (card: string) =>
  `tok_local_${['4000000000000341', '4000000000009995'].includes(card) ? `${card.slice(-4)}_` : ''}${crypto.randomBytes(12).toString('hex')}`;

export async function seedDemoBilling(trx: Transaction<Database>, sealer: Sealer, today = todayIso()): Promise<void> {
  const enrolledOn = addMonths(today, -1);
  const billDay = Math.min(Number(today.slice(8, 10)), 28);
  for (const m of DEMO_MEMBERS) {
    const paid = PAID_WITH[m.user_id];
    const plans = m.plans.filter((p) => p.status === 'ACTIVE');
    if (!paid || plans.length === 0) continue;
    const items = [];
    for (const p of plans) {
      const rate = await demoRate(trx, m, p, enrolledOn);
      if (rate) items.push({ plan_id: p.plan_id, plan_name: rate.plan_name, price_cents: rate.price_cents });
    }
    if (items.length === 0) continue;
    const s = chargeSummary(items, { billDay, today: enrolledOn, effectiveDate: enrolledOn });
    if (paid === 'list') {
      await seedListBillRecord(trx, await demoEnrollment(trx, m, enrolledOn, s.starts_on), s);
      continue;
    }
    const { id: methodId } = await trx
      .insertInto('member_payment_methods')
      .values(
        'card' in paid
          ? {
              user_id: m.user_id,
              kind: 'card',
              card_brand: paid.card.startsWith('5') ? 'Mastercard' : 'Visa',
              card_last4: paid.card.slice(-4),
              card_token: offlineToken(paid.card),
              expiration_month: '12',
              expiration_year: String(Number(today.slice(0, 4)) + 3),
              name_on_cc: `${m.first_name} ${m.last_name}`,
            }
          : {
              user_id: m.user_id,
              kind: 'bank',
              account_name: `${m.first_name} ${m.last_name}`,
              bank_name: paid.bank.routing === '021000021' ? 'JPMORGAN CHASE BANK' : 'FEDERAL RESERVE BANK',
              account_last4: paid.bank.account.slice(-4),
              routing_last4: paid.bank.routing.slice(-4),
              account_type: 'checking',
              account_holder_type: 'individual',
            },
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    if ('bank' in paid)
      await trx
        .updateTable('member_payment_methods')
        .set({
          account_number_enc: sealer.seal(paid.bank.account, paymentContext(methodId, 'account_number_enc')),
          routing_number_enc: sealer.seal(paid.bank.routing, paymentContext(methodId, 'routing_number_enc')),
        })
        .where('id', '=', methodId)
        .execute();
    const enrollmentId = await demoEnrollment(trx, m, enrolledOn, s.starts_on);
    const method = 'card' in paid ? 'cc' : 'eft';
    await trx
      .insertInto('billing_records')
      .values({
        enrollment_id: enrollmentId,
        payment_method: method,
        payment_label: 'card' in paid ? `Card ending ${paid.card.slice(-4)}` : `EFT account ending ${paid.bank.account.slice(-4)}`,
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
    // The first payment, made at enrollment a month ago, as the completion records it (first-payment.ts).
    const first = scheduledPayment(s, 0);
    const key = premiumKey(enrollmentId, first.period, 0);
    const { id: paymentId } = await trx
      .insertInto('premium_payments')
      .values({
        enrollment_id: enrollmentId,
        period: first.period,
        payment_index: 0,
        due_on: first.due_on,
        amount_cents: s.initial_cents,
        method,
        idempotency_key: key,
        status: 'succeeded',
        attempts: 1,
        method_id: methodId,
        provider_charge_id: method === 'cc' ? `ch_local_${crypto.createHash('sha256').update(key).digest('hex').slice(0, 24)}` : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('ledger_entries')
      .values(
        (['charge', 'payment'] as const).map((kind) => ({
          enrollment_id: enrollmentId,
          period: first.period,
          kind,
          amount_cents: s.initial_cents,
          payment_id: paymentId,
          reason: null,
          idempotency_key: `${key}:${kind}`,
          // Made at enrollment, a month ago (the rep's commission statement of last month counts it: issue 39).
          created_at: new Date(`${enrolledOn}T17:00:00Z`),
        })),
      )
      .execute();
  }
  // Issue 39: Acme's list bills, last month's paid and this month's open.
  await seedDemoListBills(trx, sealer, enrolledOn, today, billDay);
  await linkDemoPolicies(trx, enrolledOn);
}

/**
 * Issue 39: every demo policy belongs to a completed demo enrollment of its member, so list bills, commissions, the
 * 834 and 820 and the member home follow it. A member's active plans join the enrollment made above (its billing
 * record's), or a new one enrolled a month ago (Riley Chen, who has no payment method on file); the plans that ended
 * join an earlier enrollment of their own, made on their effective date (never the one billed now).
 */
async function linkDemoPolicies(trx: Transaction<Database>, enrolledOn: string) {
  for (const m of DEMO_MEMBERS) {
    for (const status of ['ACTIVE', 'INACTIVE'] as const) {
      const plans = m.plans.filter((p) => p.status === status);
      if (!plans.length) continue;
      const startsOn = plans.map((p) => p.effective_date).sort()[0];
      const current =
        status === 'ACTIVE'
          ? await trx.selectFrom('enrollments').select('id').where('confirmation_number', '=', `BS-DEMO-${m.user_id}`).executeTakeFirst()
          : undefined;
      const id =
        current?.id ??
        (status === 'ACTIVE'
          ? await demoEnrollment(trx, m, enrolledOn, startsOn)
          : await demoEnrollment(trx, m, startsOn, startsOn, `BS-DEMO-${m.user_id}-E`));
      await trx
        .updateTable('policies')
        .set({ enrollment_id: id })
        .where('user_id', '=', m.user_id)
        .where('status', '=', status)
        .where('enrollment_id', 'is', null)
        .execute();
      if (status !== 'ACTIVE') continue;
      // Its cart, as an enrollment the store completed holds it: what its plans cost, the price its billing record
      // charges. The member home's life events and the life-event changes read the plans' amount from here.
      for (const p of plans) {
        const rate = await demoRate(trx, m, p, enrolledOn);
        if (!rate) continue;
        await trx
          .insertInto('cart_items')
          .values({
            enrollment_id: id,
            plan_id: p.plan_id,
            plan_pricing_id: rate.plan_pricing_id,
            price_cents: rate.price_cents,
            parent_plan_id: null,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
  }
}

/**
 * The rate a demo member's plan is priced at, in its billing record and its cart alike: the domain's findRate for the
 * member's age on the day they enrolled and their state, as the store prices a quote (and as the member home prices a
 * plan without a cart).
 */
async function demoRate(
  trx: Transaction<Database>,
  m: (typeof DEMO_MEMBERS)[number],
  p: { plan_id: number; tier: string },
  enrolledOn: string,
) {
  const [rates, plan] = await Promise.all([
    trx.selectFrom('plan_rates').selectAll().where('plan_id', '=', p.plan_id).execute(),
    trx.selectFrom('plans').select('plan_name').where('plan_id', '=', p.plan_id).executeTakeFirst(),
  ]);
  const rate = findRate(rates, { tier: p.tier, age: ageOn(m.dob, enrolledOn), state: m.state, smoker: null });
  return rate && plan ? { plan_pricing_id: rate.plan_pricing_id, price_cents: rate.price_cents, plan_name: plan.plan_name } : null;
}

/** A demo member's completed enrollment, made a month before the install. */
async function demoEnrollment(
  trx: Transaction<Database>,
  m: (typeof DEMO_MEMBERS)[number],
  enrolledOn: string,
  startsOn: string,
  confirmationNumber = `BS-DEMO-${m.user_id}`,
) {
  const enrollmentId = crypto.randomUUID();
  await trx
    .insertInto('enrollments')
    .values({
      id: enrollmentId,
      user_id: m.user_id,
      agent_id: m.agent_id,
      group_id: m.group_id,
      type: 'new-member',
      eprocess: 'member',
      status: 'completed',
      filter_info: '{}',
      // Who it is for, as the personal and contact steps saved it (the console lists and finds an enrollment by this
      // name); the SSN stays in the member's sealed record only.
      tabs: JSON.stringify({
        primary_info: {
          first_name: m.first_name,
          middle_name: m.middle_name,
          last_name: m.last_name,
          gender: m.gender,
          birthdate: `${m.dob.slice(5, 7)}/${m.dob.slice(8, 10)}/${m.dob.slice(0, 4)}`,
        },
        contact_info: { email: m.email, phone: m.phone, address1: m.address1, city: m.city, state: m.state, zip: m.zip },
      }),
      confirmation_number: confirmationNumber,
      created_at: new Date(`${enrolledOn}T17:00:00Z`),
      completed_at: new Date(`${enrolledOn}T17:00:00Z`),
      effective_date: startsOn,
    })
    .execute();
  return enrollmentId;
}
