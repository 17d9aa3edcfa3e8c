import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTHENTICATION_TEXT } from '@store/domain/ledger';
import { ledgerOf, paymentsOf } from '../../src/modules/billing/repository.ts';
import { stripeProvider } from '../../src/modules/enrollment/payment/stripe-provider.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { testPayments } from '../helpers/payments.ts';
import { CARD } from '../enrollment/finish/helpers.ts';
import { complete, everyStepSaved } from './members.ts';
import { startFakeStripe } from './fake-stripe.ts';

/**
 * 3-D Secure at the first charge (decision 2821): Stripe answers the completion's off-session charge with
 * `authentication_required` (its PaymentIntent left for the cardholder). The completion commits nothing; the shopper is
 * told the bank asks for a confirmation and gets what Stripe.js needs (confirmCardPayment); after it, the same
 * completion sent again finishes once, paid by that PaymentIntent (Stripe's answer, not the browser's word).
 */
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  fake = await startFakeStripe();
  testPayments.use(await stripeProvider({ secretKey: 'sk_test_local', publishableKey: 'pk_test_local', apiBase: fake.apiBase }));
});
afterAll(async () => {
  testPayments.use(new LocalOfflineProvider());
  await fake.close();
});

const { card_number, security_code, expiration_month, expiration_year, ...HOLDER } = CARD;
void [card_number, security_code, expiration_month, expiration_year];
const NEEDS_3DS = { ...HOLDER, payment_method_id: 'pm_card_authenticationRequired' };
const AUTH_PATH = '/api/v1/get-first-payment-authentication';

const status = async (ts: TestStore, id: string) =>
  (await ts.db.selectFrom('enrollments').select(['status', 'confirmation_number']).where('id', '=', id).executeTakeFirstOrThrow()).status;
const policies = (ts: TestStore, id: string) => ts.db.selectFrom('policies').select('policy_id').where('enrollment_id', '=', id).execute();

describeEachDb('PAYMENT_PROVIDER=stripe: 3-D Secure at the first payment', (ctx) => {
  it('commits nothing, hands the shopper the confirmation, and completes once after it', async () => {
    const ts = ctx();
    const c = ts.client();
    // The fake Stripe outlives one database's run: only this run's requests are read.
    const from = fake.requests.length;
    const requests = () => fake.requests.slice(from);
    const id = await everyStepSaved(ts, c, NEEDS_3DS, '/api/v1/save-billing-info-payment-method');
    const first = await complete(c, id);
    expect(first.status).toBe(422);
    expect(first.body.data).toEqual([{ target_element: 'card_number', error_message: AUTHENTICATION_TEXT.NEEDED }]);
    // Not completed, no coverage, no payment: nothing of the completion was kept.
    expect(await status(ts, id)).not.toBe('completed');
    expect(await policies(ts, id)).toEqual([]);
    expect(await paymentsOf(ts.db, id)).toEqual([]);
    expect(fake.charges).toEqual([]);

    // What Stripe.js needs to have the cardholder confirm it (only the enrollment's own session gets it).
    const auth = await c.get(AUTH_PATH, { enrollment_id: id });
    expect(auth.status).toBe(200);
    const pi = requests().filter((q) => q.path === '/v1/payment_intents').length;
    expect(pi).toBe(1);
    const intentId = [
      ...new Set(
        requests()
          .map((q) => /^\/v1\/payment_intents\/(pi_\w+)$/.exec(q.path)?.[1])
          .filter(Boolean),
      ),
    ][0]!;
    expect(auth.body.data).toEqual({
      status: 'requires_action',
      publishable_key: 'pk_test_local',
      client_secret: fake.intent(intentId)!.client_secret,
      payment_method_id: 'pm_card_authenticationRequired',
      amount_cents: fake.intent(intentId)!.amount,
    });
    expect((await ts.client().get(AUTH_PATH, { enrollment_id: id })).status).toBe(404);

    // Sent again before the cardholder confirmed: the same answer, no second PaymentIntent, still nothing kept.
    const again = await complete(c, id);
    expect(again.status).toBe(422);
    expect(again.body.data).toEqual([{ target_element: 'card_number', error_message: AUTHENTICATION_TEXT.NEEDED }]);
    expect(
      new Set(
        requests()
          .filter((q) => q.path === '/v1/payment_intents')
          .map((q) => q.headers['idempotency-key']),
      ).size,
    ).toBe(1);
    expect(await status(ts, id)).not.toBe('completed');

    // The cardholder passes the bank's check in the browser (Stripe.js confirmCardPayment): the completion finishes.
    fake.authenticate(intentId);
    const done = await complete(c, id);
    expect(done.status).toBe(200);
    expect(await status(ts, id)).toBe('completed');
    expect((await policies(ts, id)).length).toBeGreaterThan(0);
    expect((await paymentsOf(ts.db, id)).map((p) => [p.payment_index, p.status, p.provider_charge_id])).toEqual([
      [0, 'succeeded', intentId],
    ]);
    expect((await ledgerOf(ts.db, id)).map((r) => r.kind)).toEqual(['charge', 'payment']);
    // Once: the money moved once; sent again, the completed enrollment refuses it (409) and nothing changes.
    expect(fake.charges.filter((x) => x.intent === intentId)).toHaveLength(1);
    expect((await complete(c, id)).status).toBe(409);
    expect(await paymentsOf(ts.db, id)).toHaveLength(1);
    expect(fake.charges).toHaveLength(1);
    expect((await c.get(AUTH_PATH, { enrollment_id: id })).body.data).toEqual({ status: 'paid' });
    fake.charges.length = 0;
  });
});
