import { afterEach, expect, it } from 'vitest';
import { BILLING_TEXT } from '@store/domain/billing';
import { premiumKey } from '@store/domain/billing-schedule';
import { ledgerOf, paymentsOf } from '../../src/modules/billing/repository.ts';
import { runBillingDay } from '../../src/modules/billing/day-service.ts';
import { completeEnrollment, completingTransaction } from '../../src/modules/enrollment/complete.ts';
import { LocalOfflineProvider, type ChargeResult } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { testPayments } from '../helpers/payments.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { CARD, EFT } from '../enrollment/finish/helpers.ts';
import { complete, everyStepSaved } from './members.ts';

/**
 * A processor as Stripe answers (the offline provider's outcomes): each idempotency key charges once; the same key
 * again answers the first outcome. `moved` is the money that moved, one entry per charge actually made.
 */
class RecordingProcessor extends LocalOfflineProvider {
  calls: string[] = [];
  moved = new Map<string, { status: 'succeeded'; chargeId: string; cents: number }>();
  override async charge(token: string, cents: number, key: string): Promise<ChargeResult> {
    this.calls.push(key);
    const first = this.moved.get(key);
    if (first) return first;
    const r = await super.charge(token, cents, key);
    if (r.status === 'succeeded') this.moved.set(key, { ...r, cents });
    return r;
  }
}

let processor = new RecordingProcessor();
afterEach(() => testPayments.use(new LocalOfflineProvider()));

const payments = async (ts: TestStore, id: string) =>
  (await paymentsOf(ts.db, id)).map((p) => [p.payment_index, p.method, p.status, p.amount_cents, p.provider_charge_id]);
const ledger = async (ts: TestStore, id: string) => (await ledgerOf(ts.db, id)).map((r) => [r.kind, r.amount_cents]);
const billing = (ts: TestStore, id: string) =>
  ts.db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();

describeEachDb('the first payment at enrollment (issue 36)', (ctx) => {
  it('charges the card once with the payment key, in the completion, even when the completion is sent again', async () => {
    const ts = ctx();
    testPayments.use((processor = new RecordingProcessor()));
    const c = ts.client();
    const id = await everyStepSaved(ts, c, CARD);
    const [a, b] = await Promise.all([complete(c, id), complete(c, id)]);
    expect([a.status, b.status]).toContain(200);
    await complete(c, id);
    const rec = await billing(ts, id);
    const key = premiumKey(id, String(rec.starts_on).slice(0, 7), 0);
    expect(processor.calls).toEqual([key]);
    expect([...processor.moved.values()].map((m) => m.cents)).toEqual([rec.initial_cents]);
    expect(await payments(ts, id)).toEqual([[0, 'cc', 'succeeded', rec.initial_cents, processor.moved.get(key)!.chargeId]]);
    expect(await ledger(ts, id)).toEqual([
      ['charge', rec.initial_cents],
      ['payment', rec.initial_cents],
    ]);
    const method = await ts.db
      .selectFrom('member_payment_methods')
      .selectAll()
      .where('id', '=', rec.payment_method_id!)
      .executeTakeFirstOrThrow();
    expect([method.kind, method.card_last4]).toEqual(['card', '4242']);
  });

  it('a commit that fails after the charge: the retry finds the charge by its key and charges nothing more', async () => {
    const ts = ctx();
    testPayments.use((processor = new RecordingProcessor()));
    const c = ts.client();
    const id = await everyStepSaved(ts, c, CARD);
    await expect(
      // The completion's own transaction runs (its PDFs rendered between its runs), then fails at the commit.
      completingTransaction(ts.app, 'http://127.0.0.1', async (trx, completion) => {
        await completeEnrollment(ts.app, trx, id, completion!);
        throw new Error('the commit failed');
      }),
    ).rejects.toThrow('the commit failed');
    expect(processor.moved.size).toBe(1);
    expect(await paymentsOf(ts.db, id)).toEqual([]);
    expect((await ts.db.selectFrom('enrollments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).not.toBe(
      'completed',
    );
    const r = await complete(c, id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [key] = processor.moved.keys();
    expect(processor.calls).toEqual([key, key]);
    expect(processor.moved.size).toBe(1);
    expect((await payments(ts, id)).map((p) => [p[2], p[4]])).toEqual([['succeeded', processor.moved.get(key)!.chargeId]]);
  });

  it('a card declined when charged refuses the completion with the card error, and nothing is completed', async () => {
    const ts = ctx();
    testPayments.use((processor = new RecordingProcessor()));
    const c = ts.client();
    const id = await everyStepSaved(ts, c, { ...CARD, card_number: '4000000000009995' });
    const r = await complete(c, id);
    expect(r.status).toBe(422);
    expect(r.body.data).toContainEqual({ target_element: 'card_number', error_message: BILLING_TEXT.CARD_DECLINED });
    expect((await ts.db.selectFrom('enrollments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).not.toBe(
      'completed',
    );
    expect(await paymentsOf(ts.db, id)).toEqual([]);
    expect(await ts.db.selectFrom('billing_records').select('enrollment_id').where('enrollment_id', '=', id).execute()).toEqual([]);
  });

  it('a bank account: a pending debit due today, which the next billing day puts in its NACHA file', async () => {
    const ts = ctx();
    testPayments.use((processor = new RecordingProcessor()));
    const c = ts.client();
    const id = await everyStepSaved(ts, c, EFT);
    expect((await complete(c, id)).status).toBe(200);
    const rec = await billing(ts, id);
    expect(processor.calls).toEqual([]);
    expect(await payments(ts, id)).toEqual([[0, 'eft', 'pending', rec.initial_cents, null]]);
    expect(await ledger(ts, id)).toEqual([['charge', rec.initial_cents]]);
    const day = String(rec.first_charge_on).slice(0, 10);
    const f = await runBillingDay({ db: ts.db, sealer: ts.app.sealer, provider: processor, achOutDir: ts.app.config.ACH_OUT_DIR }, day);
    expect(f.bank.file?.entries).toBeGreaterThanOrEqual(1);
    const [p] = await paymentsOf(ts.db, id);
    expect([p.status, p.method_id]).toEqual(['submitted', rec.payment_method_id]);
  });
});
