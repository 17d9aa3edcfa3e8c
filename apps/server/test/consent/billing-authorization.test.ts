import { expect, it } from 'vitest';
import { firstDebitBy } from '@store/domain/billing-schedule';
import { AUTHORIZATION_CHANGED, AUTHORIZATION_REQUIRED, paymentAuthorizationText } from '@store/domain/consent';
import { withBillDay } from '@store/domain/charges';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { CARD, EFT, enrollmentAtStepFive, reviewAndAgree } from '../enrollment/finish/helpers.ts';
import { openedMail } from '../helpers/mail.ts';
import { sha256 } from '../../src/modules/trail/service.ts';

type Client = ReturnType<TestStore['client']>;

/** The words the billing step shows for this EFT on this bill day (packages/domain, as the browser builds them). */
async function eftText(c: Client, id: string, billDay: number, account = EFT.account_number) {
  const cart = (await c.get('/api/v1/get-plan-cart', { enrollment_id: id })).body.data.summary;
  const text = paymentAuthorizationText(
    { method: 'eft', payer: EFT.account_name, bank_name: EFT.bank_name, last4: account.slice(-4) },
    withBillDay(cart, billDay),
    'en',
  );
  return { cart: withBillDay(cart, billDay), text };
}

const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

describeEachDb('payment authorization on the billing step (issue 22)', (ctx) => {
  it('saves an EFT with its authorization: the first debit and its date, the monthly day, the revocation; trail, copy mailed', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    // Review, then sign, then pay (decision 2530).
    await reviewAndAgree(c, id);
    const { cart, text } = await eftText(c, id, 5);
    // The day the debit reaches the account, from the one schedule (decision 2520).
    expect(text).toContain(`First debit: $${cart.initial}, by ${us(firstDebitBy(cart.first_charge_on))}.`);
    expect(text).toContain(`Then $${cart.recurring} on day 5 of each month, starting ${us(cart.recurring_from)}`);
    expect(text).toContain(`authorize Benefit Store to debit my account at ${EFT.bank_name} (xxxxxxxx9012).`);
    expect(text).toContain('I may revoke this authorization at any time');
    expect(text).toContain('at least 3 business days before a debit');

    const r = await c.post('/api/v1/save-billing-info', {
      enrollment_id: id,
      ...EFT,
      bill_date: 5,
      payment_authorization: true,
      authorization_text: text,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const kept = await ts.db.selectFrom('payment_authorizations').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ method: 'eft', text, text_sha256: sha256(text), keep_until: null });
    // The trail holds the words and their hash, no account number.
    const ev = await ts.db
      .selectFrom('enrollment_events')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('event_type', '=', 'payment_authorized')
      .executeTakeFirstOrThrow();
    const detail = typeof ev.detail === 'string' ? JSON.parse(ev.detail) : ev.detail;
    expect(detail).toMatchObject({ method: 'eft', text_sha256: sha256(text), text });
    expect(JSON.stringify(detail)).not.toContain(EFT.account_number);
    // The payer's copy is queued.
    const mail = await ts.db
      .selectFrom('outbox')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'payment-authorization')
      .executeTakeFirstOrThrow();
    expect(openedMail(ts, mail).text).toContain(text);
    expect((await c.get('/api/v1/get-payment-authorization', { enrollment_id: id })).body.data.accepted).toBe(true);
  });

  it('refuses a card or bank payment whose box is unticked or whose words differ: 422 beside the box, nothing saved', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    // Review, then sign, then pay (decision 2530).
    await reviewAndAgree(c, id);
    const tabs = async () =>
      (await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow()).tabs as Record<string, unknown>;
    const count = async () =>
      (await ts.db.selectFrom('payment_authorizations').select('id').where('enrollment_id', '=', id).execute()).length;

    const unticked = await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...CARD, payment_authorization: false });
    expect(unticked.status).toBe(422);
    expect(unticked.body.data).toEqual([{ target_element: 'payment_authorization', error_message: AUTHORIZATION_REQUIRED }]);
    expect((await tabs()).payment_info).toBeUndefined();

    const { text } = await eftText(c, id, 28, '999988887777');
    const other = await c.post('/api/v1/save-billing-info', {
      enrollment_id: id,
      ...EFT,
      payment_authorization: true,
      authorization_text: text,
    });
    expect(other.status).toBe(422);
    expect(other.body.data).toEqual([{ target_element: 'payment_authorization', error_message: AUTHORIZATION_CHANGED }]);
    expect((await tabs()).payment_info).toBeUndefined();
    expect(await count()).toBe(0);
    expect(
      await ts.db.selectFrom('outbox').select('id').where('kind', '=', 'payment-authorization').where('enrollment_id', '=', id).execute(),
    ).toEqual([]);
  });
});
