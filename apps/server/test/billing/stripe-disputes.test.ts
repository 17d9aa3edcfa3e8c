import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runBillingDay } from '../../src/modules/billing/day-service.ts';
import { ledgerOf, paymentsOf } from '../../src/modules/billing/repository.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { stripeProvider, type StripeProvider } from '../../src/modules/enrollment/payment/stripe-provider.ts';
import { openedMail } from '../helpers/mail.ts';
import { testPayments } from '../helpers/payments.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { eventOf, startFakeStripe } from './fake-stripe.ts';
import { ledgerMember } from './ledger-fixtures.ts';

/**
 * A dispute closed (`charge.dispute.closed`, decision 2820): won, the disputed amount comes back as a new ledger row
 * and the payment counts as paid again; lost, the hold becomes final (a ledger row, the payment returned and its grace
 * period running from the loss), and the member and the operators are told. Each event once, by its id.
 */
const SECRET = 'whsec_test_disputes_0123456789';
const ORIGIN = 'https://store.example';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: StripeProvider;
beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = await stripeProvider({
    secretKey: 'sk_test_local',
    publishableKey: 'pk_test_local',
    apiBase: fake.apiBase,
    maxNetworkRetries: 0,
    webhookSecret: SECRET,
  });
  testPayments.use(stripe);
});
afterAll(async () => {
  testPayments.use(new LocalOfflineProvider());
  await fake.close();
});

async function send(ts: TestStore, payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  const r = await fetch(`${ts.baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
  return { status: r.status, outcome: ((await r.json()) as { data?: { outcome: string } }).data?.outcome };
}

const day = (ts: TestStore, date: string) =>
  runBillingDay(
    {
      db: ts.db,
      sealer: ts.app.sealer,
      provider: stripe,
      achOutDir: ts.app.config.ACH_OUT_DIR,
      origin: async () => ORIGIN,
      now: () => new Date(`${date}T12:00:00Z`),
    },
    date,
  );

/** A member whose payment of $31.99 for January 2027 was charged with Stripe on 12/05/2026 (pm_card_visa pays). */
async function paidMember(ts: TestStore, first: string) {
  const m = await ledgerMember(ts, { card: '4242424242424242' }, first);
  await ts.db
    .updateTable('member_payment_methods')
    .set({ card_token: `cus_${crypto.randomBytes(4).toString('hex')}/pm_card_visa` })
    .where('user_id', '=', m.userId)
    .execute();
  await day(ts, '2026-12-05');
  const p = (await paymentsOf(ts.db, m.id)).find((x) => x.period === '2027-01')!;
  expect([p.status, p.provider_charge_id]).toEqual(['succeeded', expect.stringMatching(/^pi_/)]);
  return { ...m, payment: p, intent: p.provider_charge_id! };
}

/** A dispute as Stripe's API reference shows it (https://docs.stripe.com/api/disputes/object). */
const disputeOf = (intent: string, status: string, id: string) => ({
  id,
  object: 'dispute',
  amount: 3199,
  currency: 'usd',
  charge: `ch_${intent.slice(3)}`,
  payment_intent: intent,
  reason: 'fraudulent',
  status,
});

const rows = async (ts: TestStore, id: string) =>
  (await ledgerOf(ts.db, id)).filter((r) => r.period === '2027-01').map((r) => [r.kind, r.amount_cents, r.reason]);
const home = async (m: { signIn: () => Promise<{ get: (p: string) => Promise<{ body: any }> }> }) =>
  (await (await m.signIn()).get('/api/v1/member-home/payments')).body.data.enrollments[0];

describeEachDb('Stripe disputes closed (charge.dispute.closed)', (ctx) => {
  it('won: the disputed amount comes back as a new ledger row and the payment counts as paid again; a duplicate changes nothing', async () => {
    const ts = ctx();
    const m = await paidMember(ts, 'Winona');
    const dp = `dp_${crypto.randomBytes(6).toString('hex')}`;
    expect(await send(ts, eventOf('charge.dispute.created', disputeOf(m.intent, 'needs_response', dp)))).toEqual({
      status: 200,
      outcome: 'applied',
    });
    const held = await home(m);
    expect(held.paid.filter((x: { period: string }) => x.period === '2027-01')).toEqual([]);

    const closed = eventOf('charge.dispute.closed', disputeOf(m.intent, 'won', dp));
    expect(await send(ts, closed)).toEqual({ status: 200, outcome: 'applied' });
    expect(await rows(ts, m.id)).toEqual([
      ['charge', 3199, null],
      ['payment', 3199, null],
      ['return', 3199, 'dispute:fraudulent'],
      ['payment', 3199, 'dispute_won'],
    ]);
    // Stripe delivers the same event again, and another event tells the same closing: nothing more.
    expect(await send(ts, closed)).toEqual({ status: 200, outcome: 'replayed' });
    expect(await send(ts, eventOf('charge.dispute.closed', disputeOf(m.intent, 'won', dp)))).toEqual({ status: 200, outcome: 'already' });
    expect(await rows(ts, m.id)).toHaveLength(4);
    const [p] = (await paymentsOf(ts.db, m.id)).filter((x) => x.period === '2027-01');
    expect([p.status, p.failure_code]).toEqual(['succeeded', null]);
    const after = await home(m);
    expect(after.standing).toBe('current');
    expect(after.failed).toBeNull();
    expect(after.paid.filter((x: { period: string }) => x.period === '2027-01')).toEqual([
      { period: '2027-01', amount_cents: 3199, on: expect.any(String) },
    ]);
  });

  it('lost: the hold becomes final, the payment is returned with its grace period, the member and the operators are told once', async () => {
    const ts = ctx();
    const m = await paidMember(ts, 'Lorna');
    const dp = `dp_${crypto.randomBytes(6).toString('hex')}`;
    expect((await send(ts, eventOf('charge.dispute.created', disputeOf(m.intent, 'needs_response', dp)))).outcome).toBe('applied');
    const closed = eventOf('charge.dispute.closed', disputeOf(m.intent, 'lost', dp));
    expect(await send(ts, closed)).toEqual({ status: 200, outcome: 'applied' });
    expect(await send(ts, closed)).toEqual({ status: 200, outcome: 'replayed' });
    expect(await send(ts, eventOf('charge.dispute.closed', disputeOf(m.intent, 'lost', dp)))).toEqual({ status: 200, outcome: 'already' });
    expect(await rows(ts, m.id)).toEqual([
      ['charge', 3199, null],
      ['payment', 3199, null],
      ['return', 3199, 'dispute:fraudulent'],
      ['adjustment', 0, 'dispute_lost'],
    ]);
    const [p] = (await paymentsOf(ts.db, m.id)).filter((x) => x.period === '2027-01');
    expect([p.status, p.failure_code, p.next_try_on]).toEqual(['returned', 'dispute_lost', null]);
    const standing = await home(m);
    expect(standing.standing).toBe('in_grace');
    expect(standing.failed).toMatchObject({ period: '2027-01', amount_cents: 3199, reason: 'The dispute was decided for the cardholder.' });

    // The next billing day mails the member (how to pay again) and the operators, once.
    await day(ts, '2026-12-06');
    await day(ts, '2026-12-06');
    const mails = await ts.db.selectFrom('outbox').selectAll().where('kind', 'in', ['payment-failed', 'dispute-lost-operator']).execute();
    const mine = mails.filter((x) => x.to_address === m.email).map((x) => openedMail(ts, x));
    // The first: the dispute's hold (dispute.created); the second: the loss.
    expect(mine.map((x) => x.subject)).toEqual(['Your payment of $31.99 did not go through', 'Your payment of $31.99 did not go through']);
    expect(mine[1].text).toBe(
      [
        'Hello Lorna,',
        '',
        'After a dispute, your card’s bank took back the payment of $31.99 made with your card ending in 4242 for your coverage of January 2027.',
        'Reason: The dispute was decided for the cardholder.',
        '',
        `Unless the payment is made by ${'01/05/2027'}, your coverage ends on 12/31/2026.`,
        '',
        `To pay with another card or bank account, sign in and change your payment method in your member home: ${ORIGIN}/member-home`,
      ].join('\n'),
    );
    const operator = await ts.db.selectFrom('accounts').select('email').where('role', '=', 'operator').where('active', '=', true).execute();
    const toOperators = mails.filter((x) => x.kind === 'dispute-lost-operator' && x.text !== null).map((x) => openedMail(ts, x));
    const ours = toOperators.filter((x) => x.text.includes(m.confirmation));
    expect(ours.map((x) => x.to_address).sort()).toEqual(operator.map((o) => o.email).sort());
    expect(ours[0].subject).toBe(`Dispute lost: ${m.confirmation}`);
    expect(ours[0].text).toBe(
      [
        `The dispute of the payment of $31.99 for January 2027 of Lorna Ledger (${m.confirmation}) was lost: the money stays with the cardholder.`,
        'The member was told how to pay again; unless paid by 01/05/2027, the coverage ends on 12/31/2026.',
      ].join('\n'),
    );
  });

  it('lost, its opening never received: the money leaves the ledger once all the same', async () => {
    const ts = ctx();
    const m = await paidMember(ts, 'Nell');
    const dp = `dp_${crypto.randomBytes(6).toString('hex')}`;
    expect((await send(ts, eventOf('charge.dispute.closed', disputeOf(m.intent, 'lost', dp)))).outcome).toBe('applied');
    // The opening arrives late: already on the ledger.
    expect((await send(ts, eventOf('charge.dispute.created', disputeOf(m.intent, 'needs_response', dp)))).outcome).toBe('already');
    expect((await rows(ts, m.id)).slice(2)).toEqual([
      ['return', 3199, 'dispute:fraudulent'],
      ['adjustment', 0, 'dispute_lost'],
    ]);
    // A won dispute whose hold was never recorded gives nothing back (nothing was taken).
    const other = await paidMember(ts, 'Opal');
    const won = `dp_${crypto.randomBytes(6).toString('hex')}`;
    expect((await send(ts, eventOf('charge.dispute.closed', disputeOf(other.intent, 'won', won)))).outcome).toBe('already');
    expect((await rows(ts, other.id)).slice(2)).toEqual([]);
  });

  it('lost, then paid again with a new card: a second charge, its own ledger row, the standing current again', async () => {
    const ts = ctx();
    const m = await paidMember(ts, 'Paula');
    const dp = `dp_${crypto.randomBytes(6).toString('hex')}`;
    expect((await send(ts, eventOf('charge.dispute.closed', disputeOf(m.intent, 'lost', dp)))).outcome).toBe('applied');
    // The member gives a new card (the member home saves it with Stripe: a newer method of the member).
    await ts.db
      .insertInto('member_payment_methods')
      .values({
        user_id: m.userId,
        kind: 'card',
        card_brand: 'Visa',
        card_last4: '4242',
        card_token: `cus_new${crypto.randomBytes(3).toString('hex')}/pm_card_visa_new`,
      } as never)
      .execute();
    await day(ts, '2026-12-07');
    await day(ts, '2026-12-08');
    const [p] = (await paymentsOf(ts.db, m.id)).filter((x) => x.period === '2027-01');
    expect(p.status).toBe('succeeded');
    expect(p.provider_charge_id).not.toBe(m.intent);
    expect(fake.charges.filter((c) => c.intent === p.provider_charge_id)).toHaveLength(1);
    expect((await rows(ts, m.id)).slice(2)).toEqual([
      ['return', 3199, 'dispute:fraudulent'],
      ['adjustment', 0, 'dispute_lost'],
      ['payment', 3199, null],
    ]);
    const after = await home(m);
    expect([after.standing, after.failed]).toEqual(['current', null]);
    expect(after.paid.filter((x: { period: string }) => x.period === '2027-01')).toHaveLength(1);
  });
});
