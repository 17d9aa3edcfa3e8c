import { afterAll, beforeAll, expect, it } from 'vitest';
import { BILLING_TEXT } from '@store/domain/billing';
import { premiumKey } from '@store/domain/billing-schedule';
import { paymentsOf } from '../../src/modules/billing/repository.ts';
import { stripeProvider } from '../../src/modules/enrollment/payment/stripe-provider.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { describeEachDb } from '../helpers/store.ts';
import { testPayments } from '../helpers/payments.ts';
import { enrollmentAtStepFive, CARD, reviewAndAgree } from '../enrollment/finish/helpers.ts';
import { complete, everyStepSaved } from './members.ts';
import { startFakeStripe } from './fake-stripe.ts';

/**
 * The store in Stripe's mode (decision 2510), its provider pointed at a local server that answers as Stripe's API
 * reference documents: the billing step is told to show Stripe's Payment Element, card numbers are refused, and the
 * card the Payment Element took (its PaymentMethod id) is saved and charged off-session at completion.
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
const VIA_ELEMENT = { ...HOLDER, payment_method_id: 'pm_card_visa' };

describeEachDb('PAYMENT_PROVIDER=stripe: the billing step and the first payment', (ctx) => {
  it("announces Stripe's Payment Element with the publishable key, and refuses card numbers", async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    await reviewAndAgree(c, id);
    const text = await c.get('/api/v1/get-billing-text', { enrollment_id: id });
    expect(text.body.data.card_entry).toEqual({ provider: 'stripe', publishable_key: 'pk_test_local' });
    const before = fake.requests.length;
    const r = await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...CARD });
    expect(r.status).toBe(422);
    expect(r.body.data).toEqual([{ target_element: 'card_number', error_message: BILLING_TEXT.CARD_NOT_ENTERED }]);
    expect(fake.requests.length).toBe(before);
    const bad = await c.post('/api/v1/save-billing-info-payment-method', {
      enrollment_id: id,
      ...HOLDER,
      payment_method_id: '4242424242424242',
    });
    expect(bad.status).toBe(422);
  });

  it("lets the pages load Stripe.js and its frames (Stripe's documented CSP sources), and nothing else more", async () => {
    const r = await fetch(`${ctx().baseUrl}/`);
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(csp).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('saves the PaymentMethod with a Customer, shows its last four, and charges it off-session once at completion', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await everyStepSaved(ts, c, VIA_ELEMENT, '/api/v1/save-billing-info-payment-method');
    expect((await complete(c, id)).status).toBe(200);
    const rec = await ts.db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    const key = premiumKey(id, String(rec.starts_on).slice(0, 7), 0);
    const charge = fake.requests.filter((q) => q.path === '/v1/payment_intents' && q.params.get('metadata[store_key]') === key);
    expect(charge).toHaveLength(1);
    expect(charge[0].headers['idempotency-key']).toBe(`${key}:pm_card_visa`);
    expect(Object.fromEntries(charge[0].params)).toMatchObject({ amount: String(rec.initial_cents), off_session: 'true', confirm: 'true' });
    expect((await paymentsOf(ts.db, id)).map((p) => [p.status, p.provider_charge_id])).toEqual([
      ['succeeded', fake.charges.at(-1)!.intent],
    ]);
    const method = await ts.db
      .selectFrom('member_payment_methods')
      .selectAll()
      .where('id', '=', rec.payment_method_id!)
      .executeTakeFirstOrThrow();
    expect([method.card_last4, method.card_token]).toEqual(['4242', expect.stringMatching(/^cus_\w+\/pm_card_visa$/)]);
  });
});
