import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runBillingDay } from '../../src/modules/billing/day-service.ts';
import { ledgerOf, paymentsOf } from '../../src/modules/billing/repository.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { stripeProvider, type StripeProvider } from '../../src/modules/enrollment/payment/stripe-provider.ts';
import { openedMail } from '../helpers/mail.ts';
import { testPayments } from '../helpers/payments.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { startFakeStripe } from './fake-stripe.ts';
import { ledgerMember } from './ledger-fixtures.ts';

/**
 * 3-D Secure after enrolling (decision 2670): an off-session charge Stripe answers `authentication_required` leaves
 * its PaymentIntent waiting; the payment is a decline to the retries and the grace period meanwhile; the member is
 * mailed, in their language, a link to the member home, where Stripe.js confirms it (confirmCardPayment with the
 * client secret the store hands over); the store then asks Stripe and records the payment once.
 */
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
  });
  testPayments.use(stripe);
});
afterAll(async () => {
  testPayments.use(new LocalOfflineProvider());
  await fake.close();
});

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

describeEachDb('a premium the cardholder must confirm (3-D Secure)', (ctx) => {
  it('is a decline meanwhile, mailed in the member’s language, confirmed in the member home and recorded once', async () => {
    const ts = ctx();
    const m = await ledgerMember(ts, { card: '4242424242424242' }, 'Sofia');
    await ts.db
      .updateTable('member_payment_methods')
      .set({ card_token: `cus_${crypto.randomBytes(4).toString('hex')}/pm_card_authenticationRequired` })
      .where('user_id', '=', m.userId)
      .execute();
    await ts.db.updateTable('enrollments').set({ mail_lang: 'es' }).where('id', '=', m.id).execute();

    await day(ts, '2026-12-05');
    const [p] = await paymentsOf(ts.db, m.id);
    // A decline to the retries (day 3 next) and the grace period, its PaymentIntent kept for the member to confirm.
    expect([p.status, p.failure_code, String(p.next_try_on).slice(0, 10)]).toEqual(['declined', 'authentication_required', '2026-12-08']);
    expect(p.provider_charge_id).toMatch(/^pi_/);
    expect(fake.intent(p.provider_charge_id!)).toMatchObject({ status: 'requires_payment_method' });
    expect((await ledgerOf(ts.db, m.id)).map((r) => [r.kind, r.reason])).toEqual([
      ['charge', null],
      ['decline', 'authentication_required'],
    ]);

    // The mail, in Spanish: the bank asks for a confirmation; the member home is where to give it.
    const rows = await ts.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', m.email)
      .where('kind', '=', 'payment-failed')
      .execute();
    expect(rows).toHaveLength(1);
    const mail = openedMail(ts, rows[0]);
    expect(mail.subject).toBe('Su pago de $31.99 no se realizó');
    expect(mail.text).toContain('Motivo: Su banco le pide que confirme este pago.');
    expect(mail.text).toContain(
      `Para confirmar el pago con su banco, o para pagar con otra tarjeta o cuenta bancaria, inicie sesión en su página de miembro: ${ORIGIN}/member-home`,
    );
    expect(mail.html).toContain('>Confirmar el pago</a>');

    // The member home offers the confirmation and hands Stripe.js what it needs; no one else gets it.
    const member = await m.signIn();
    const payments = (await member.get('/api/v1/member-home/payments')).body.data.enrollments[0];
    expect(payments.failed).toMatchObject({ reason: 'Your bank asks you to confirm this payment.', confirm_payment_id: p.id });
    const auth = await member.get(`/api/v1/member-home/payments/${p.id}/authentication`);
    expect(auth.status).toBe(200);
    expect(auth.body.data).toEqual({
      status: 'requires_action',
      publishable_key: 'pk_test_local',
      client_secret: fake.intent(p.provider_charge_id!)!.client_secret,
      payment_method_id: 'pm_card_authenticationRequired',
      amount_cents: 3199,
    });
    const other = await ledgerMember(ts, { card: '4242424242424242' }, 'Other');
    const stranger = await other.signIn();
    expect((await stranger.get(`/api/v1/member-home/payments/${p.id}/authentication`)).status).toBe(404);
    expect((await ts.client().get(`/api/v1/member-home/payments/${p.id}/authentication`)).status).toBe(401);

    // Told before Stripe has it paid: refused, nothing recorded.
    const early = await member.post(`/api/v1/member-home/payments/${p.id}/authentication`, {});
    expect(early.status).toBe(422);
    expect(early.body.data).toEqual([
      { target_element: 'payment_id', error_message: 'The payment was not confirmed. Please try again, or change your payment method.' },
    ]);

    // The member passes the bank's check in the browser (Stripe.js); the store asks Stripe and records it paid, once.
    fake.authenticate(p.provider_charge_id!);
    const done = await member.post(`/api/v1/member-home/payments/${p.id}/authentication`, {});
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ status: 'paid' });
    expect((await member.post(`/api/v1/member-home/payments/${p.id}/authentication`, {})).status).toBe(200);
    expect((await member.get(`/api/v1/member-home/payments/${p.id}/authentication`)).body.data).toEqual({ status: 'paid' });
    const [after] = await paymentsOf(ts.db, m.id);
    expect([after.status, after.provider_charge_id, after.next_try_on]).toEqual(['succeeded', p.provider_charge_id, null]);
    expect((await ledgerOf(ts.db, m.id)).map((r) => [r.kind, r.amount_cents])).toEqual([
      ['charge', 3199],
      ['decline', 3199],
      ['payment', 3199],
    ]);
    // The retry day charges nothing: one charge in all.
    await day(ts, '2026-12-08');
    expect(fake.charges.filter((c) => c.intent === p.provider_charge_id)).toHaveLength(1);
    expect((await ledgerOf(ts.db, m.id)).filter((r) => r.kind === 'payment')).toHaveLength(1);
    const home = (await member.get('/api/v1/member-home/payments')).body.data.enrollments[0];
    expect([home.standing, home.failed]).toEqual(['current', null]);
  });
});
