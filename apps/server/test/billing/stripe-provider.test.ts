import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeProvider, type StripeProvider } from '../../src/modules/enrollment/payment/stripe-provider.ts';
import { startFakeStripe } from './fake-stripe.ts';
import { loadConfig } from '../../src/config/env.ts';
import { makePaymentProvider } from '../../src/modules/enrollment/payment/providers.ts';

/**
 * The Stripe adapter's requests, made by Stripe's own library pointed (host, port, protocol) at a local server that
 * answers as Stripe's API reference documents (fake-stripe.ts). No request leaves the machine.
 */
describe('the Stripe adapter (PAYMENT_PROVIDER=stripe)', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let stripe: StripeProvider;
  const CUS = 'cus_T3st';
  const token = (pm: string) => `${CUS}/${pm}`;
  const last = () => fake.requests.at(-1)!;

  beforeAll(async () => {
    fake = await startFakeStripe({ slowMs: 1_500 });
    stripe = await stripeProvider({
      secretKey: 'sk_test_local',
      publishableKey: 'pk_test_local',
      apiBase: fake.apiBase,
      timeoutMs: 500,
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => fake.close());

  it('charges off-session with the saved Customer and PaymentMethod, the store key as the Idempotency-Key', async () => {
    const r = await stripe.charge(token('pm_card_visa'), 3199, 'premium:e1:2027-01:1');
    expect(r).toEqual({ status: 'succeeded', chargeId: expect.stringMatching(/^pi_/) });
    const req = last();
    expect([req.method, req.path]).toEqual(['POST', '/v1/payment_intents']);
    expect(req.headers['idempotency-key']).toBe('premium:e1:2027-01:1:pm_card_visa');
    expect(req.headers.authorization).toBe('Bearer sk_test_local');
    expect(Object.fromEntries(req.params)).toMatchObject({
      amount: '3199',
      currency: 'usd',
      customer: CUS,
      payment_method: 'pm_card_visa',
      confirm: 'true',
      off_session: 'true',
      'metadata[store_key]': 'premium:e1:2027-01:1',
    });
    expect(stripe.cardEntry).toEqual({ provider: 'stripe', publishable_key: 'pk_test_local' });
  });

  it('a request sent again with the same key is answered with the same PaymentIntent: one charge', async () => {
    const before = fake.charges.length;
    const a = await stripe.charge(token('pm_card_visa'), 5000, 'premium:e2:2027-01:1');
    const b = await stripe.charge(token('pm_card_visa'), 5000, 'premium:e2:2027-01:1');
    expect(b).toEqual(a);
    expect(fake.charges.length - before).toBe(1);
  });

  it('maps a decline, insufficient funds and a card that needs its holder to declines with their reason', async () => {
    expect(await stripe.charge(token('pm_card_chargeDeclined'), 3199, 'premium:e3:2027-01:1')).toEqual({
      status: 'declined',
      code: 'generic_decline',
      message: 'The card was declined.',
    });
    expect(await stripe.charge(token('pm_card_chargeDeclinedInsufficientFunds'), 3199, 'premium:e4:2027-01:1')).toEqual({
      status: 'declined',
      code: 'insufficient_funds',
      message: 'The card has insufficient funds.',
    });
    expect(await stripe.charge(token('pm_card_authenticationRequired'), 3199, 'premium:e5:2027-01:1')).toMatchObject({
      status: 'declined',
      code: 'authentication_required',
    });
    // A token the store did not make with Stripe is never sent.
    const count = fake.requests.length;
    expect(await stripe.charge('tok_local_abc', 3199, 'premium:e6:2027-01:1')).toMatchObject({ status: 'declined' });
    expect(fake.requests.length).toBe(count);
  });

  it('a declined payment retried with the payer’s new card is a new request (not an idempotency conflict)', async () => {
    const key = 'premium:e7:2027-01:1';
    expect((await stripe.charge(token('pm_card_chargeDeclined'), 3199, key)).status).toBe('declined');
    expect(await stripe.charge(token('pm_card_visa'), 3199, key)).toMatchObject({ status: 'succeeded' });
  });

  it('a timeout or a rate limit is no answer (thrown: "unknown"); the next try settles it by the key, never a second charge', async () => {
    const key = 'premium:e8:2027-01:1';
    const before = fake.charges.length;
    await expect(stripe.charge(token('pm_slow'), 4200, key)).rejects.toThrow();
    await expect(stripe.charge(token('pm_rate_limited'), 4200, 'premium:e9:2027-01:1')).rejects.toThrow();
    // Stripe made the charge although its answer never came: the next run's try finds it by its key.
    expect(fake.charges.length - before).toBe(1);
    const settled = await stripe.charge(token('pm_slow'), 4200, key, { afterUnknown: true });
    expect(settled).toEqual({ status: 'succeeded', chargeId: fake.charges.at(-1)!.intent });
    expect(last().path).toBe('/v1/payment_intents/search');
    expect(fake.charges.length - before).toBe(1);
    // Even with another card (the payer changed it meanwhile), the key's charge is found, not made again.
    expect(await stripe.charge(token('pm_card_visa'), 4200, key, { afterUnknown: true })).toEqual(settled);
    expect(fake.charges.length - before).toBe(1);
  });

  it("the library's own retry after a timeout sends the same Idempotency-Key and gets the first charge back", async () => {
    const retrying = await stripeProvider({
      secretKey: 'sk_test_local',
      publishableKey: 'pk_test_local',
      apiBase: fake.apiBase,
      timeoutMs: 500,
      maxNetworkRetries: 1,
    });
    const before = fake.charges.length;
    const r = await retrying.charge(token('pm_slow'), 4300, 'premium:e11:2027-01:1');
    expect(r).toEqual({ status: 'succeeded', chargeId: fake.charges.at(-1)!.intent });
    const sent = fake.requests.filter((q) => q.params.get('metadata[store_key]') === 'premium:e11:2027-01:1');
    expect(sent.map((q) => q.headers['idempotency-key'])).toEqual(['premium:e11:2027-01:1:pm_slow', 'premium:e11:2027-01:1:pm_slow']);
    expect(fake.charges.length - before).toBe(1);
  });

  it('refunds part of a charge once per key', async () => {
    const paid = await stripe.charge(token('pm_card_visa'), 3199, 'premium:e10:2027-01:1');
    if (paid.status !== 'succeeded') throw new Error('not paid');
    const r = await stripe.refund(paid.chargeId, 1000, 'refund:1:form-a');
    expect(r).toEqual({ status: 'succeeded', refundId: expect.stringMatching(/^re_/) });
    expect(last().headers['idempotency-key']).toBe('refund:1:form-a');
    expect(Object.fromEntries(last().params)).toMatchObject({ payment_intent: paid.chargeId, amount: '1000' });
    expect(await stripe.refund(paid.chargeId, 1000, 'refund:1:form-a')).toEqual(r);
    expect(await stripe.refund('pi_unknown', 1000, 'refund:2:x')).toMatchObject({ status: 'failed' });
  });

  it('saves a card the Payment Element took (a PaymentMethod id) with a Customer and an off-session SetupIntent', async () => {
    const t = await stripe.savePaymentMethod('pm_card_visa', { name: 'Jane Doe', email: 'jane@example.com' });
    expect(t).toEqual({
      ok: true,
      token: expect.stringMatching(/^cus_\w+\/pm_card_visa$/),
      brand: 'Visa',
      last4: '4242',
      expMonth: '04',
      expYear: '2031',
    });
    const setup = last();
    expect(setup.path).toBe('/v1/setup_intents');
    expect(Object.fromEntries(setup.params)).toMatchObject({ payment_method: 'pm_card_visa', usage: 'off_session', confirm: 'true' });
    // Card numbers never reach the server in this mode.
    expect(
      await stripe.tokenizeCard({ number: '4242424242424242', securityCode: '123', expMonth: '01', expYear: '2030', name: 'J' }),
    ).toMatchObject({
      ok: false,
      field: 'card_number',
    });
    expect(await stripe.savePaymentMethod('4242424242424242', { name: 'J' })).toMatchObject({ ok: false });
  });
});

describe('PAYMENT_PROVIDER', () => {
  const env = (extra: Record<string, string>) => ({ NODE_ENV: 'test', ...extra }) as NodeJS.ProcessEnv;

  it('stripe mode refuses to start without its keys, naming them', () => {
    expect(() => loadConfig(env({ PAYMENT_PROVIDER: 'stripe' }))).toThrow(
      /PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/,
    );
    expect(() => loadConfig(env({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' }))).toThrow(/needs STRIPE_PUBLISHABLE_KEY/);
    expect(() =>
      loadConfig(env({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_PUBLISHABLE_KEY: 'sk_test_1' })),
    ).toThrow(/starts with sk_/);
  });

  it('makes the offline provider by default and the Stripe adapter in stripe mode', async () => {
    expect((await makePaymentProvider(loadConfig(env({})))).cardEntry).toEqual({ provider: 'offline' });
    const config = loadConfig(env({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }));
    const p = await makePaymentProvider(config);
    expect([p.name, p.cardEntry]).toEqual(['stripe', { provider: 'stripe', publishable_key: 'pk_test_1' }]);
  });
});
