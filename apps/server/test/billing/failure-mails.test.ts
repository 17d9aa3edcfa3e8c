import { expect, it } from 'vitest';
import { runBillingDay } from '../../src/modules/billing/day-service.ts';
import { openChangeLink, useChangeLink } from '../../src/modules/billing/failure-repository.ts';
import { verifyChangeLink } from '../../src/modules/billing/failure-notice.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { openedMail } from '../helpers/mail.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { payingMember, type PaidWith } from './members.ts';

const ORIGIN = 'https://store.example';

/** A paying member (members.ts) with the member's row: a name, an e-mail address, a language and maybe an account. */
async function payer(ts: TestStore, paid: PaidWith, o: { lang: 'en' | 'es'; account: boolean }) {
  const m = await payingMember({ db: ts.db, sealer: ts.app.sealer }, paid, { billDay: 28 });
  const email = `payer.${m.userId}@example.org`;
  await ts.db
    .insertInto('members')
    .values({ user_id: m.userId, first_name: 'Jane', last_name: 'Doe', dob: '1980-01-01', gender: '2', email } as never)
    .execute();
  await ts.db.updateTable('enrollments').set({ mail_lang: o.lang }).where('id', '=', m.id).execute();
  if (o.account)
    await ts.db
      .insertInto('accounts')
      .values({ email, password_hash: 'x', role: 'member', user_id: m.userId, agent_id: null, group_id: null } as never)
      .execute();
  return { ...m, email };
}

const day = (ts: TestStore, date: string) =>
  runBillingDay(
    {
      db: ts.db,
      sealer: ts.app.sealer,
      provider: new LocalOfflineProvider(),
      achOutDir: ts.app.config.ACH_OUT_DIR,
      origin: async () => ORIGIN,
      now: () => new Date(`${date}T12:00:00Z`),
    },
    date,
  );

const mailsTo = async (ts: TestStore, to: string) =>
  (
    await ts.db.selectFrom('outbox').selectAll().where('to_address', '=', to).where('kind', '=', 'payment-failed').orderBy('id').execute()
  ).map((r) => openedMail(ts, r));

describeEachDb('failed payments are mailed to the payer (issue 36)', (ctx) => {
  it('a declined card: what failed, the amount, the next try, and a one-time link for a payer without an account', async () => {
    const ts = ctx();
    const p = await payer(ts, { card: '4000000000000341' }, { lang: 'en', account: false });
    await day(ts, '2026-12-28');
    await day(ts, '2026-12-28');
    const [mail, ...more] = await mailsTo(ts, p.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Your payment of $31.99 did not go through');
    const link = /https:\/\/store\.example\/change-payment\/(\S+)/.exec(mail.text)!;
    expect(mail.text).toBe(
      [
        'Hello Jane,',
        '',
        'We could not charge $31.99 to your card ending in 0341 for your coverage of January 2027.',
        'Reason: The card was declined.',
        '',
        'We will try again on 12/31/2026.',
        '',
        `To pay with another card or bank account, change your payment method here (this link works once, until 01/11/2027): ${link[0]}`,
      ].join('\n'),
    );
    expect(mail.html).toContain(`<a href="${link[0]}">Change your payment method</a>`);

    // The link: signed, expiring, used once; an altered one is refused before any look-up.
    const at = new Date('2026-12-29T12:00:00Z');
    const nonce = verifyChangeLink(ts.app.sealer, link[1], at)!;
    expect(nonce).toBeTruthy();
    expect(verifyChangeLink(ts.app.sealer, link[1].slice(0, -1) + (link[1].endsWith('A') ? 'B' : 'A'), at)).toBeNull();
    expect(verifyChangeLink(ts.app.sealer, link[1], new Date('2027-01-13T12:00:00Z'))).toBeNull();
    expect(await openChangeLink(ts.db, nonce, at)).toMatchObject({ user_id: p.userId, enrollment_id: p.id });
    expect(await useChangeLink(ts.db, nonce, at)).toMatchObject({ user_id: p.userId });
    expect(await useChangeLink(ts.db, nonce, at)).toBeUndefined();
    expect(await openChangeLink(ts.db, nonce, at)).toBeUndefined();

    // The last retry fails: the mail says when the coverage ends without payment.
    for (const d of ['2026-12-31', '2027-01-02', '2027-01-04']) await day(ts, d);
    const last = (await mailsTo(ts, p.email)).at(-1)!;
    expect(last.text).toContain('Unless the payment is made by 01/28/2027, your coverage ends on 12/31/2026.');
    expect(await mailsTo(ts, p.email)).toHaveLength(4);
  });

  it('in Spanish, to a member with an account: the member home after signing in', async () => {
    const ts = ctx();
    const p = await payer(ts, { card: '4000000000009995' }, { lang: 'es', account: true });
    const f = await day(ts, '2026-12-28');
    expect(f.mailed).toBeGreaterThanOrEqual(1);
    const [mail] = await mailsTo(ts, p.email);
    expect(mail.subject).toBe('Su pago de $31.99 no se realizó');
    expect(mail.text).toBe(
      [
        'Hola Jane:',
        '',
        'No pudimos cobrar $31.99 a su tarjeta terminada en 9995 por su cobertura de enero de 2027.',
        'Motivo: La tarjeta no tiene fondos suficientes.',
        '',
        'Lo intentaremos de nuevo el 12/31/2026.',
        '',
        'Para pagar con otra tarjeta o cuenta bancaria, inicie sesión y cambie su método de pago en su página de miembro: https://store.example/member-home',
      ].join('\n'),
    );
    expect(await ts.db.selectFrom('payment_change_links').selectAll().where('user_id', '=', p.userId).execute()).toEqual([]);
  });
});

describeEachDb('the one-time change-payment link (issue 36)', (ctx) => {
  it('shows its form, refuses bad input without using the link, stores the new card once, and the next try uses it', async () => {
    const ts = ctx();
    const p = await payer(ts, { card: '4000000000000341' }, { lang: 'en', account: false });
    await day(ts, '2026-12-28');
    const [mail] = await mailsTo(ts, p.email);
    const token = /\/change-payment\/(\S+)/.exec(mail.text)![1];
    const c = ts.client();
    const form = await c.get(`/api/v1/payment-change/${token}`);
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.data).toMatchObject({ first_name: 'Jane', payment_options: ['cc', 'eft'] });
    const card = {
      token,
      payment_method: 'cc',
      first_name_on_cc: 'Jane',
      last_name_on_cc: 'Doe',
      card_number: '4000000000000002',
      security_code: '123',
      expiration_month: '12',
      expiration_year: '2031',
      address1: '1 Main Street',
      city: 'New York',
      state: 'NY',
      zip: '10001',
    };
    const refused = await c.post('/api/v1/payment-change', card);
    expect(refused.status).toBe(422);
    const saved = await c.post('/api/v1/payment-change', { ...card, card_number: '4242424242424242' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ kind: 'card', label: 'Visa', last4: '4242' });
    const again = await c.post('/api/v1/payment-change', { ...card, card_number: '4242424242424242' });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('This link has expired or was already used.');
    expect((await c.get(`/api/v1/payment-change/${token}`)).status).toBe(404);
    expect((await c.get(`/api/v1/payment-change/${token.replace(/.$/, token.endsWith('A') ? 'B' : 'A')}`)).status).toBe(404);
    // The next billing day tries the declined payment again at once with the new card.
    await day(ts, '2026-12-29');
    const [payment] = await ts.db.selectFrom('premium_payments').selectAll().where('enrollment_id', '=', p.id).execute();
    expect(payment.status).toBe('succeeded');
  });
});
