import { expect, it } from 'vitest';
import { addDaysIso } from '@store/domain/dates';
import { scheduledPayment } from '@store/domain/billing-schedule';
import { carrierFileContext } from '../../src/db/sealed-columns.ts';
import { runBillingDay } from '../../src/modules/billing/day-service.ts';
import { ledgerOf, paymentsOf } from '../../src/modules/billing/repository.ts';
import { DAILY_KIND } from '../../src/modules/carriers/service.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { CARD } from '../enrollment/finish/helpers.ts';
import { openedMail } from '../helpers/mail.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { complete, everyStepSaved } from './members.ts';

const day = (ts: TestStore, date: string) =>
  runBillingDay(
    {
      db: ts.db,
      sealer: ts.app.sealer,
      provider: new LocalOfflineProvider(),
      achOutDir: ts.app.config.ACH_OUT_DIR,
      origin: async () => 'https://store.example',
      now: () => new Date(`${date}T12:00:00Z`),
      carriers: ts.app,
    },
    date,
  );

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);

/** An 834 read segment by segment from its own delimiters (ISA: element at 4, segment after 106): not the writer. */
function segments(x12: string): string[][] {
  const element = x12[3];
  const terminator = x12[105];
  return x12
    .split(terminator)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.split(element));
}

/** A member enrolled through the wizard with a card accepted at enrollment and declined on every later charge. */
async function cancelledCard(ts: TestStore) {
  const c = ts.client();
  const id = await everyStepSaved(ts, c, { ...CARD, card_number: '4000000000000341' });
  expect((await complete(c, id)).status).toBe(200);
  const b = await ts.db.selectFrom('billing_records').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
  const schedule = {
    first_charge_on: iso(b.first_charge_on),
    starts_on: iso(b.starts_on),
    recurring_from: iso(b.recurring_from),
    bill_day: b.bill_day,
  };
  return { id, schedule, second: scheduledPayment(schedule, 1) };
}

describeEachDb('the grace period (issue 36)', (ctx) => {
  it('ends the coverage unpaid at the end of the last paid month: a termination 834 (INS03 024, DTP*357), the notices', async () => {
    const ts = ctx();
    const { id, second } = await cancelledCard(ts);
    for (const d of [0, 3, 5, 7, 30]) await day(ts, addDaysIso(second.due_on, d));
    const before = await ts.db
      .selectFrom('billing_records')
      .select('coverage_ended_on')
      .where('enrollment_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(before.coverage_ended_on).toBeNull();
    const f = await day(ts, addDaysIso(second.due_on, 31));
    expect(f.grace.ended).toBe(1);
    const lastDay = addDaysIso(second.covers_from, -1);

    const b = await ts.db
      .selectFrom('billing_records')
      .select('coverage_ended_on')
      .where('enrollment_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(iso(b.coverage_ended_on)).toBe(lastDay);
    const policies = await ts.db.selectFrom('policies').select('status').where('enrollment_id', '=', id).execute();
    expect(policies.map((p) => p.status)).toEqual(policies.map(() => 'INACTIVE'));
    // The unpaid payment is voided and its charge reversed: nothing is owed for coverage that ended.
    const payments = await paymentsOf(ts.db, id);
    expect(payments.map((p) => [p.payment_index, p.status])).toEqual([
      [0, 'succeeded'],
      [1, 'void'],
    ]);
    const ledger = await ledgerOf(ts.db, id);
    expect(ledger.filter((r) => r.period === second.period).map((r) => [r.kind, r.amount_cents, r.reason])).toEqual([
      ['charge', payments[1].amount_cents, null],
      ['decline', payments[1].amount_cents, 'card_declined'],
      ['decline', payments[1].amount_cents, 'card_declined'],
      ['decline', payments[1].amount_cents, 'card_declined'],
      ['decline', payments[1].amount_cents, 'card_declined'],
      ['adjustment', -payments[1].amount_cents, 'coverage_ended'],
    ]);

    // The carriers' daily batch sends the termination.
    await ts.db
      .updateTable('scheduled_jobs')
      .set({ due_at: new Date(0) })
      .where('kind', '=', DAILY_KIND)
      .where('status', '=', 'pending')
      .execute();
    await ts.app.jobs.runDue();
    const items = await ts.db
      .selectFrom('carrier_file_items')
      .select(['file_id', 'maintenance', 'reason'])
      .where('enrollment_id', '=', id)
      .where('maintenance', '=', '024')
      .execute();
    expect(items.map((i) => [i.maintenance, i.reason])).toEqual(items.map(() => ['024', 'nonpayment']));
    expect(items.length).toBeGreaterThan(0);
    const file = await ts.db.selectFrom('carrier_files').selectAll().where('id', '=', items[0].file_id!).executeTakeFirstOrThrow();
    const segs = segments(ts.app.sealer.open(file.content_enc, carrierFileContext(file.id)));
    const d8 = lastDay.replaceAll('-', '');
    const ins = segs.filter((s) => s[0] === 'INS');
    expect(ins.length).toBeGreaterThan(0);
    // INS03 024 cancellation, INS04 59: nonpayment of premium (005010X220A1).
    for (const s of ins) expect(s.slice(3, 5)).toEqual(['024', '59']);
    expect(segs.filter((s) => s[0] === 'DTP' && s[1] === '357')).toEqual(ins.map(() => ['DTP', '357', 'D8', d8]));
    expect(segs.some((s) => s[0] === 'DTP' && s[1] === '349' && s[3] === d8)).toBe(true);

    // The member, in their mail; the operators' console has the audit row.
    const mails = await ts.db
      .selectFrom('outbox')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'coverage-ended')
      .execute();
    expect(mails).toHaveLength(1);
    const [m, y, d] = lastDay.split('-').slice(1).concat(lastDay.slice(0, 4));
    expect(openedMail(ts, mails[0]).text).toContain(
      `Your premium was not paid within the grace period, so your coverage ended on ${m}/${y}/${d}.`,
    );
    const audit = await ts.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', id)
      .where('action', '=', 'billing.coverage_ended')
      .execute();
    expect(audit).toHaveLength(1);
    // Nothing more is billed, and a day run again ends nothing twice.
    const again = await day(ts, addDaysIso(second.due_on, 40));
    expect(again.grace.ended).toBe(0);
    expect((await paymentsOf(ts.db, id)).length).toBe(2);
  });

  it('payment brought current inside the grace period with a new card keeps the coverage', async () => {
    const ts = ctx();
    const { id, second } = await cancelledCard(ts);
    for (const d of [0, 3, 5, 7]) await day(ts, addDaysIso(second.due_on, d));
    expect((await paymentsOf(ts.db, id))[1].status).toBe('failed');
    // The member gives a new card (as the member home or the one-time link stores it).
    const e = await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    const t = await new LocalOfflineProvider().tokenizeCard({
      number: '4242424242424242',
      securityCode: '123',
      expMonth: '12',
      expYear: '2031',
      name: 'D W',
    });
    if (!t.ok) throw new Error('not tokenized');
    await ts.db
      .insertInto('member_payment_methods')
      .values({ user_id: e.user_id!, kind: 'card', card_brand: t.brand, card_last4: t.last4, card_token: t.token } as never)
      .execute();
    const f = await day(ts, addDaysIso(second.due_on, 20));
    expect(f.grace.reopened).toBe(1);
    expect((await paymentsOf(ts.db, id))[1].status).toBe('succeeded');
    const end = await day(ts, addDaysIso(second.due_on, 31));
    expect(end.grace.ended).toBe(0);
    const policies = await ts.db.selectFrom('policies').select('status').where('enrollment_id', '=', id).execute();
    expect(policies.map((p) => p.status)).toEqual(policies.map(() => 'ACTIVE'));
  });
});
