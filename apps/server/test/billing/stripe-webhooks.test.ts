import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { collectCardPayments } from '../../src/modules/billing/collect-service.ts';
import { ledgerOf, paymentsOf } from '../../src/modules/billing/repository.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { refundPayment } from '../../src/modules/billing/refund-service.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { stripeProvider, type StripeProvider } from '../../src/modules/enrollment/payment/stripe-provider.ts';
import { testPayments } from '../helpers/payments.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { eventOf, startFakeStripe } from './fake-stripe.ts';
import { ledgerMember } from './ledger-fixtures.ts';

/**
 * Stripe's webhooks (decision 2670): `POST /api/webhooks/stripe`, signed as Stripe signs them (the stripe library's
 * own test helper, `generateTestHeaderString`, with the endpoint's secret) and checked by `constructEvent` on the raw
 * body. A bad signature is 400 and changes nothing; an event sent again changes nothing; a charge left "unknown" is
 * settled by its event, on the ledger once; refunds made in the dashboard and disputes are recorded once.
 */
const SECRET = 'whsec_test_0123456789abcdef';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: StripeProvider;
beforeAll(async () => {
  fake = await startFakeStripe({ slowMs: 1_500 });
  stripe = await stripeProvider({
    secretKey: 'sk_test_local',
    publishableKey: 'pk_test_local',
    apiBase: fake.apiBase,
    timeoutMs: 400,
    maxNetworkRetries: 0,
    webhookSecret: SECRET,
  });
  testPayments.use(stripe);
});
afterAll(async () => {
  testPayments.use(new LocalOfflineProvider());
  await fake.close();
});

async function send(ts: TestStore, payload: string, signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })) {
  const r = await fetch(`${ts.baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
  return { status: r.status, body: (await r.json()) as { data?: { outcome: string }; message?: string } };
}

/** A member paying $31.99 on bill day 5 by a card saved with Stripe (the PaymentMethod decides what the fake answers). */
async function stripeMember(ts: TestStore, pm: string) {
  const m = await ledgerMember(ts, { card: '4242424242424242' }, 'Hook');
  await ts.db
    .updateTable('member_payment_methods')
    .set({ card_token: `cus_${crypto.randomBytes(4).toString('hex')}/${pm}` })
    .where('user_id', '=', m.userId)
    .execute();
  return m;
}

const kinds = async (ts: TestStore, id: string) => (await ledgerOf(ts.db, id)).map((r) => [r.kind, r.amount_cents, r.reason]);
const events = (ts: TestStore) => ts.db.selectFrom('payment_webhook_events').selectAll().execute();

describeEachDb('Stripe webhooks', (ctx) => {
  let paid: { id: string; intent: string };

  it('settles a charge left "unknown" by payment_intent.succeeded, on the ledger once; a replay changes nothing', async () => {
    const ts = ctx();
    const m = await stripeMember(ts, 'pm_slow');
    await createDuePayments(ts.db, '2026-12-05');
    const run = await collectCardPayments(ts.db, stripe, '2026-12-05', { timeoutMs: 300 });
    expect(run).toMatchObject({ tried: 1, unknown: 1 });
    const [p] = await paymentsOf(ts.db, m.id);
    expect(p.status).toBe('unknown');
    // Stripe charged it meanwhile (the answer came after our timeout).
    await new Promise((r) => setTimeout(r, 1_700));
    const pi = fake.charges.at(-1)!.intent;
    expect(fake.intent(pi)).toMatchObject({ status: 'succeeded', metadata: { store_key: p.idempotency_key } });

    const payload = eventOf('payment_intent.succeeded', { ...fake.intent(pi), amount_received: 3199 });
    const first = await send(ts, payload);
    expect(first).toMatchObject({ status: 200, body: { data: { outcome: 'applied' } } });
    expect((await paymentsOf(ts.db, m.id)).map((x) => [x.status, x.provider_charge_id])).toEqual([['succeeded', pi]]);
    expect(await kinds(ts, m.id)).toEqual([
      ['charge', 3199, null],
      ['payment', 3199, null],
    ]);
    // The same event again (Stripe retries; or a replay within the signature's 5 minutes): 200, nothing changes.
    expect(await send(ts, payload)).toMatchObject({ status: 200, body: { data: { outcome: 'replayed' } } });
    // Another event telling the same payment: nothing more either.
    expect(await send(ts, eventOf('payment_intent.succeeded', { ...fake.intent(pi), amount_received: 3199 }))).toMatchObject({
      body: { data: { outcome: 'already' } },
    });
    expect(await kinds(ts, m.id)).toHaveLength(2);
    // The next run charges nothing more for it: one charge in all.
    const before = fake.requests.filter((q) => q.path === '/v1/payment_intents').length;
    await collectCardPayments(ts.db, stripe, '2026-12-06', { timeoutMs: 300 });
    expect(fake.requests.filter((q) => q.path === '/v1/payment_intents').length).toBe(before);
    expect(fake.charges.filter((c) => c.intent === pi)).toHaveLength(1);
    paid = { id: m.id, intent: pi };
  });

  it('refuses a bad, missing or stale signature with 400 and changes nothing', async () => {
    const ts = ctx();
    const payload = eventOf('payment_intent.succeeded', fake.intent(paid.intent), 'evt_forged');
    const before = await events(ts);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(await send(ts, payload, wrongSecret)).toMatchObject({ status: 400, body: { message: 'The webhook signature does not match.' } });
    // A signature of another body (the amount changed after signing).
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await send(ts, payload.replace('3199', '1'), signed)).status).toBe(400);
    expect((await send(ts, payload, '')).status).toBe(400);
    // Signed an hour ago: outside Stripe's tolerance of 5 minutes (a replay of an old delivery).
    const old = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await send(ts, payload, old)).status).toBe(400);
    expect(await events(ts)).toEqual(before);
    expect(await kinds(ts, paid.id)).toHaveLength(2);
  });

  it('records a refund made in the dashboard once, and not again a refund the console made', async () => {
    const ts = ctx();
    const [p] = await paymentsOf(ts.db, paid.id);
    const charge = { id: 'ch_dash', object: 'charge', payment_intent: paid.intent, amount: 3199, amount_refunded: 1000, refunded: false };
    expect(await send(ts, eventOf('charge.refunded', charge))).toMatchObject({ body: { data: { outcome: 'applied' } } });
    expect(await send(ts, eventOf('charge.refunded', charge))).toMatchObject({ body: { data: { outcome: 'already' } } });
    // The console refunds $5.00 more (its own ledger row), then Stripe tells the new total: nothing more recorded.
    const operator = await ts.db.selectFrom('accounts').select('id').where('role', '=', 'operator').executeTakeFirstOrThrow();
    await refundPayment({ db: ts.db, provider: stripe }, operator.id, {
      payment_id: String(p.id),
      amount: '5.00',
      reason: 'Goodwill',
      key: `webhook-test-${crypto.randomUUID()}`, // each database's run its own key: the fake processor outlives one run
    } as never);
    expect(await send(ts, eventOf('charge.refunded', { ...charge, amount_refunded: 1500 }))).toMatchObject({
      body: { data: { outcome: 'already' } },
    });
    expect((await kinds(ts, paid.id)).filter(([k]) => k === 'refund')).toEqual([
      ['refund', 1000, 'refunded_by_processor'],
      ['refund', 500, 'Goodwill'],
    ]);
  });

  it('records a dispute once as money returned', async () => {
    const ts = ctx();
    const dispute = { id: 'dp_1', object: 'dispute', payment_intent: paid.intent, charge: 'ch_x', amount: 1699, reason: 'fraudulent' };
    expect(await send(ts, eventOf('charge.dispute.created', dispute))).toMatchObject({ body: { data: { outcome: 'applied' } } });
    expect(await send(ts, eventOf('charge.dispute.created', dispute))).toMatchObject({ body: { data: { outcome: 'already' } } });
    expect((await kinds(ts, paid.id)).filter(([k]) => k === 'return')).toEqual([['return', 1699, 'dispute:fraudulent']]);
  });

  it('declines an "unknown" charge by payment_intent.payment_failed as the run would (its retry day); events about others are kept and ignored', async () => {
    const ts = ctx();
    const m = await stripeMember(ts, 'pm_slow');
    await createDuePayments(ts.db, '2026-12-05');
    await collectCardPayments(ts.db, stripe, '2026-12-05', { timeoutMs: 300 });
    const [p] = await paymentsOf(ts.db, m.id);
    expect(p.status).toBe('unknown');
    const failed = {
      id: 'pi_failed1',
      object: 'payment_intent',
      amount: 3199,
      status: 'requires_payment_method',
      metadata: { store_key: p.idempotency_key },
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
    };
    expect(await send(ts, eventOf('payment_intent.payment_failed', failed))).toMatchObject({ body: { data: { outcome: 'applied' } } });
    const [after] = await paymentsOf(ts.db, m.id);
    expect([after.status, after.failure_code, String(after.next_try_on).slice(0, 10)]).toEqual([
      'declined',
      'insufficient_funds',
      '2026-12-08',
    ]);
    expect((await kinds(ts, m.id)).filter(([k]) => k === 'decline')).toEqual([['decline', 3199, 'insufficient_funds']]);
    // Told again by another event: the outcome is known now; nothing changes.
    expect(await send(ts, eventOf('payment_intent.payment_failed', failed))).toMatchObject({ body: { data: { outcome: 'already' } } });
    expect(await send(ts, eventOf('customer.created', { id: 'cus_1', object: 'customer' }))).toMatchObject({
      body: { data: { outcome: 'ignored' } },
    });
    expect(
      await send(ts, eventOf('payment_intent.succeeded', { ...failed, id: 'pi_other', status: 'succeeded', metadata: {} })),
    ).toMatchObject({ body: { data: { outcome: 'unknown-payment' } } });
  });

  it('answers 404 when the store reads no webhooks (the offline provider)', async () => {
    const ts = ctx();
    testPayments.use(new LocalOfflineProvider());
    try {
      const payload = eventOf('payment_intent.succeeded', fake.intent(paid.intent));
      expect((await send(ts, payload)).status).toBe(404);
    } finally {
      testPayments.use(stripe);
    }
  });
});
