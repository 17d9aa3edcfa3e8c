import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { AUTHORIZATION_CHANGED } from '@store/domain/consent';
import { TEXT } from '@store/domain/texts';
import { startFakeStripe } from '../../server/test/billing/fake-stripe.ts';
import { testPayments } from '../../server/test/helpers/payments.ts';
import { stripeProvider } from '../../server/src/modules/enrollment/payment/stripe-provider.ts';
import { LocalOfflineProvider } from '../../server/src/modules/enrollment/payment/payment-provider.ts';
import { startE2E, type E2E } from './harness.ts';
import { CONSENT_BOXES, enrollmentAtBilling, tickAuthorization } from './harness-enrollment.ts';

/**
 * The store in Stripe's mode (decisions 2510, 2821) in the browser. Its server side talks to a local HTTP server that
 * answers as Stripe's API reference documents (server/test/billing/fake-stripe.ts: PaymentMethods, Customers,
 * SetupIntents, PaymentIntents). Stripe.js cannot load here (no network): the page's requests to js.stripe.com are
 * answered with a small stand-in written from Stripe.js's documented surface (Stripe(), elements(), create('payment'),
 * mount, submit, createPaymentMethod, confirmCardPayment) whose card element is a plain field; its calls to
 * api.stripe.com go to the same fake server. Test cards by Stripe's numbers: 4242… pays, 4000 0025 0000 3155 needs 3-D
 * Secure.
 */
const FAKE_STRIPE_JS = `(() => {
  function Stripe(publishableKey) {
    let input = null;
    const elements = {
      create() {
        return {
          mount(node) {
            input = document.createElement('input');
            input.setAttribute('aria-label', 'Stripe card number');
            (typeof node === 'string' ? document.querySelector(node) : node).appendChild(input);
          },
          destroy() { input && input.remove(); },
          // Stripe's Payment Element's change event: complete once the card is whole (here: 16 digits).
          on(name, handler) {
            if (name !== 'change') return;
            const fire = () => {
              const n = (input ? input.value : '').replace(/\\D/g, '');
              handler({ elementType: 'payment', empty: !n, complete: n.length === 16, value: { type: 'card' } });
            };
            if (input) input.addEventListener('input', fire);
            else queueMicrotask(() => input && input.addEventListener('input', fire));
          },
        };
      },
      async submit() { return input && input.value ? {} : { error: { message: 'Your card number is incomplete.' } }; },
    };
    return {
      _registerWrapper() {},
      elements: () => elements,
      async createPaymentMethod() {
        const n = (input ? input.value : '').replace(/\\D/g, '');
        const id = n === '4000002500003155' ? 'pm_card_authenticationRequired' : 'pm_card_visa';
        // The PaymentMethod as Stripe holds it (GET /v1/payment_methods/:id, the fake server's answer).
        const r = await fetch('https://api.stripe.com/v1/payment_methods/' + id);
        return { paymentMethod: await r.json() };
      },
      async confirmCardPayment(clientSecret, data) {
        const pi = clientSecret.split('_secret_')[0];
        const r = await fetch('https://api.stripe.com/v1/payment_intents/' + pi + '/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'client_secret=' + encodeURIComponent(clientSecret) + '&payment_method=' + encodeURIComponent((data && data.payment_method) || ''),
        });
        const j = await r.json();
        return j.error ? { error: j.error } : { paymentIntent: j };
      },
    };
  }
  Stripe.version = 3;
  window.Stripe = Stripe;
})();`;

describe("Stripe's mode in the browser", () => {
  let e2e: E2E;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    // Before the store starts: its pages' CSP admits Stripe's sources in this mode only.
    testPayments.use(await stripeProvider({ secretKey: 'sk_test_local', publishableKey: 'pk_test_local', apiBase: fake.apiBase }));
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
    testPayments.use(new LocalOfflineProvider());
    await fake?.close();
  });

  /** A browser whose js.stripe.com is the stand-in above and whose api.stripe.com is the fake server's confirmation. */
  async function stripeContext(): Promise<BrowserContext> {
    const context = await e2e.newContext();
    await context.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
    );
    await context.route('https://api.stripe.com/**', async (route) => {
      const url = new URL(route.request().url());
      const cors = { 'access-control-allow-origin': '*' };
      const pi = /\/v1\/payment_intents\/(pi_\w+)\/confirm$/.exec(url.pathname)?.[1];
      if (!pi) {
        // Anything else Stripe.js asks (a PaymentMethod): the fake server's answer.
        const r = await fetch(`${fake.apiBase}${url.pathname}`, { headers: { authorization: 'Bearer pk_test_local' } });
        return route.fulfill({ status: r.status, contentType: 'application/json', headers: cors, body: await r.text() });
      }
      if (!fake.intent(pi)) return route.fulfill({ status: 404, headers: cors, body: '{"error":{"message":"No such payment_intent"}}' });
      // The cardholder passes the bank's check (3-D Secure): the PaymentIntent succeeds, as Stripe answers it.
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: cors,
        body: JSON.stringify(fake.authenticate(pi)),
      });
    });
    return context;
  }

  async function atBilling(page: Page) {
    await page.goto(e2e.url('/'));
    const id = await enrollmentAtBilling(page, e2e, { eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await page.evaluate(() => localStorage.setItem('eprocess', 'applicant'));
    await page.goto(e2e.url('/enrollment/billing-information'));
    return id;
  }

  async function payByStripe(page: Page, cardNumber: string) {
    await page.getByRole('radio', { name: 'Credit Card' }).check();
    await page.getByLabel('First Name on Card').fill('Dana');
    await page.getByLabel('Last Name on Card').fill('Whitfield');
    // The card's number goes into Stripe's element (the stand-in's field), not into a field of the store.
    await page.getByLabel('Stripe card number').fill(cardNumber);
    await expect(page.getByLabel('Expiration Month').count()).resolves.toBe(0);
    await page.getByLabel(TEXT.CHOOSE_PHYSICAL_ADDRESS).check();
    // Stripe names the card as soon as it is whole: the authorization names it before the shopper accepts it, once.
    await page.getByTestId('payment-authorization-text').getByText('Visa card ending 4242', { exact: false }).waitFor();
    await tickAuthorization(page);
    await page.getByRole('button', { name: /^Enroll/ }).click();
    // Asked to accept again (the words changed at the save), or on to the receipt: the first fails the test.
    const changed = page.getByRole('alert').filter({ hasText: AUTHORIZATION_CHANGED }).first();
    const askedAgain = await Promise.race([
      changed.waitFor().then(
        () => true,
        () => false,
      ),
      page
        .waitForURL((u) => u.pathname === '/enrollment/receipt')
        .then(
          () => false,
          () => false,
        ),
    ]);
    expect(askedAgain).toBe(false);
  }

  it('shows the authorization to be accepted again when Stripe names the card only at the save', async () => {
    const page = await (await stripeContext()).newPage();
    await atBilling(page);
    await page.getByRole('radio', { name: 'Credit Card' }).check();
    await page.getByLabel('First Name on Card').fill('Dana');
    await page.getByLabel('Last Name on Card').fill('Whitfield');
    // Not whole for the element (15 digits): nothing names the card before the save; the save's PaymentMethod does.
    await page.getByLabel('Stripe card number').fill('4242 4242 4242 424');
    await page.getByLabel(TEXT.CHOOSE_PHYSICAL_ADDRESS).check();
    const text = page.getByTestId('payment-authorization-text');
    await expect(text.getByText('ending 4242', { exact: false }).count()).resolves.toBe(0);
    await tickAuthorization(page);
    await page.getByRole('button', { name: /^Enroll/ }).click();
    await page.getByRole('alert').filter({ hasText: AUTHORIZATION_CHANGED }).first().waitFor();
    await text.getByText('Visa card ending 4242', { exact: false }).waitFor();
    await expect(page.getByRole('checkbox', { name: CONSENT_BOXES.authorization }).isChecked()).resolves.toBe(false);
    expect(new URL(page.url()).pathname).toBe('/enrollment/billing-information');
  }, 120_000);

  const paymentsOf = (id: string) =>
    e2e.store.db
      .selectFrom('premium_payments')
      .select(['payment_index', 'status', 'provider_charge_id'])
      .where('enrollment_id', '=', id)
      .execute();

  /** The receipt shown, and the first payment made once: one payment, succeeded, one charge at Stripe. */
  async function receiptAfterOneCharge(page: Page, id: string) {
    await page.waitForURL((u) => u.pathname === '/enrollment/receipt');
    await page.getByRole('heading', { name: /Thank you/ }).waitFor();
    const [p, ...more] = await paymentsOf(id);
    expect(more).toEqual([]);
    expect([p.payment_index, p.status]).toEqual([0, 'succeeded']);
    expect(fake.charges.filter((c) => c.intent === p.provider_charge_id)).toHaveLength(1);
  }

  it('enrolls with a card taken by Stripe: the card saved with Stripe, charged once, the receipt shown', async () => {
    const page = await (await stripeContext()).newPage();
    const id = await atBilling(page);
    await payByStripe(page, '4242 4242 4242 4242');
    await receiptAfterOneCharge(page, id);
    // The card number never reached the store: only Stripe's PaymentMethod.
    const saves = fake.requests.filter((q) => q.path === '/v1/setup_intents').map((q) => q.params.get('payment_method'));
    expect(saves).toContain('pm_card_visa');
  }, 120_000);

  it('has the cardholder pass 3-D Secure at the first payment, then completes once', async () => {
    const page = await (await stripeContext()).newPage();
    const id = await atBilling(page);
    await payByStripe(page, '4000 0025 0000 3155');
    await receiptAfterOneCharge(page, id);
  }, 120_000);
});
