import { expect, it } from 'vitest';
import { addMonths } from '@store/domain/billing-schedule';
import { chargeSummary, includedAdminFeeCents } from '@store/domain/charges';
import { applyRate } from '@store/domain/commissions';
import { todayIso } from '@store/domain/dates';
import { REVERSAL_TEXT } from '@store/domain/list-bill-reversal';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { runListBills } from '../../src/modules/billing/invoice-service.ts';
import { remitPremiums } from '../../src/modules/carriers/index.ts';
import { fileText } from '../../src/modules/carriers/service.ts';
import { makeStatements } from '../../src/modules/commissions/index.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { secondFactorCheckedAgo } from '../security/fixtures.ts';
import { readIndependently, type Seg } from '../carriers/x12-rules.ts';
import { fieldsOf, signedIn } from './ledger-fixtures.ts';
import { listBillEmployee, listBillGroup } from './list-bill-fixtures.ts';

const JORDAN = 20001;
const DENTAL_CENTS = 2699;
const MONTHLY = DENTAL_CENTS + 500;
const DENTAL_PREMIUM = DENTAL_CENTS - includedAdminFeeCents(DENTAL_CENTS);

/** A list-bill employee of Dental Essentials and the membership, with policies (the 820 names them). */
async function employee(ts: TestStore, groupId: number, first: string) {
  const e = await listBillEmployee(ts, groupId, first, MONTHLY, '2027-01-01');
  const s = chargeSummary(
    [
      { plan_id: PLAN_IDS.dentalEssentials, plan_name: 'Dental', price_cents: DENTAL_CENTS, admin_fee_included: true },
      { plan_id: PLAN_IDS.associationMembership, plan_name: 'Membership', price_cents: 500, membership: true },
    ],
    { billDay: 1, today: '2026-12-01', effectiveDate: '2027-01-01' },
  );
  await ts.db
    .updateTable('billing_records')
    .set({ lines: JSON.stringify(s.lines), admin_fee_cents: s.admin_fee_cents })
    .where('enrollment_id', '=', e.id)
    .execute();
  const { user_id } = await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', e.id).executeTakeFirstOrThrow();
  await ts.db
    .insertInto('policies')
    .values(
      [PLAN_IDS.dentalEssentials, PLAN_IDS.associationMembership].map((plan_id) => ({
        user_id: user_id!,
        plan_id,
        tier: 'IO',
        status: 'ACTIVE' as const,
        effective_date: '2027-01-01',
        enrollment_id: e.id,
      })),
    )
    .execute();
  return { ...e, userId: user_id! };
}

const elements = (segs: Seg[], name: string) => segs.filter((s) => s.name === name).map((s) => s.e.slice(1));
const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * Decision 2812: the operator reverses a group's payment (a bounced check) with a fresh second factor. New rows only
 * (a negative payment of the invoice, a `return` of the ledger); the invoice is owed again; the commissions its lines
 * earned are taken back on the next statements; the carrier's next 820 carries the money back as negative RMRs.
 */
describeEachDb("a group's payment reversed", (ctx) => {
  let op: TestClient;
  let invoiceId: number;
  let groupCode: string;
  let ann: Awaited<ReturnType<typeof employee>>;
  let dental: number;
  const reverse = (body: Record<string, unknown>) => op.post(`/api/admin/invoices/${invoiceId}/payment-reversals`, body);
  const dentalFile = async (ts: TestStore, day: string) => {
    const out = (await ts.db.transaction().execute((trx) => remitPremiums(ts.app, trx, day))).filter((f) => f.carrier_id === dental);
    if (!out.length) return null;
    const file = await ts.db.selectFrom('carrier_files').selectAll().where('id', '=', out[0].file_id).executeTakeFirstOrThrow();
    return readIndependently(fileText(ts.app, file));
  };

  it('refuses without a fresh second factor or a payment of that reference; reverses once, with new rows only', async () => {
    const ts = ctx();
    const db = ts.db;
    dental = (await db.selectFrom('plans').select('carrier_id').where('plan_id', '=', PLAN_IDS.dentalEssentials).executeTakeFirstOrThrow())
      .carrier_id!;
    await db.deleteFrom('commission_schedules').where('carrier_id', '=', dental).execute();
    await db
      .insertInto('commission_schedules')
      .values({ carrier_id: dental, plan_id: PLAN_IDS.dentalEssentials, first_year_bp: 2000, renewal_bp: 500, flat_cents: 0 } as never)
      .execute();
    const group = await listBillGroup(ts, 20);
    groupCode = group.code;
    await db.updateTable('groups').set({ agent_id: JORDAN }).where('group_id', '=', group.groupId).execute();
    ann = await employee(ts, group.groupId, 'Annrev');
    await runListBills({ db, sealer: ts.app.sealer }, '2026-12-20');
    invoiceId = (await db.selectFrom('invoices').select('id').where('group_id', '=', group.groupId).executeTakeFirstOrThrow()).id;
    op = await signedIn(ts, DEMO.operator);
    const paid = await op.post(`/api/admin/invoices/${invoiceId}/payments`, {
      method: 'check',
      amount: '31.99',
      reference: 'CHK-7001',
      received_on: '11/20/2026',
      key: 'rev-pay-0001',
    });
    expect(paid.body.data).toMatchObject({ paid_cents: MONTHLY, status: 'paid' });
    // The 820 remits the month and the rep earns on it.
    const first = (await dentalFile(ts, '2026-12-21'))!;
    expect(elements(first, 'RMR').map((r) => cents(r[3]))).toEqual([DENTAL_PREMIUM]);
    const month = todayIso().slice(0, 7);
    await makeStatements(db, addMonths(`${month}-01`, 1));
    const earned = applyRate(DENTAL_PREMIUM, 2000);
    const rows = () =>
      db
        .selectFrom('commission_entries')
        .select(['kind', 'amount_cents'])
        .where('agent_id', '=', JORDAN)
        .where('enrollment_id', '=', ann.id)
        .orderBy('id')
        .execute();
    expect(await rows()).toEqual([{ kind: 'first_year', amount_cents: earned }]);

    const body = { reference: 'CHK-7001', reason: 'Check returned unpaid', key: 'rev-key-0001' };
    await secondFactorCheckedAgo(ts, op, 10 * 60_000);
    expect((await reverse(body)).status).toBe(403);
    await secondFactorCheckedAgo(ts, op, 0);
    expect(fieldsOf(await reverse({ ...body, reference: 'CHK-9999' }))).toEqual([['reference', REVERSAL_TEXT.REFERENCE]]);
    expect(fieldsOf(await reverse({ ...body, reason: ' ' }))).toEqual([['reason', REVERSAL_TEXT.REASON]]);
    const before = await db.selectFrom('invoice_payments').selectAll().where('invoice_id', '=', invoiceId).execute();
    const r = await reverse(body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ invoice_id: invoiceId, reversed_cents: MONTHLY, paid_cents: 0, amount_due_cents: MONTHLY });
    // The same form again is the same reversal; another key finds nothing left to reverse.
    expect((await reverse(body)).body.data).toMatchObject({ reversed_cents: MONTHLY, paid_cents: 0 });
    expect(fieldsOf(await reverse({ ...body, key: 'rev-key-0002' }))).toEqual([['reference', REVERSAL_TEXT.REFERENCE]]);
    const after = await db.selectFrom('invoice_payments').selectAll().where('invoice_id', '=', invoiceId).orderBy('id').execute();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((p) => [p.amount_cents, p.reverses_payment_id, p.reason])).toEqual([
      [-MONTHLY, before[0].id, 'Check returned unpaid'],
    ]);
    const ledger = await db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_cents'])
      .where('reason', 'like', `List bill ${groupCode}-%`)
      .where('kind', 'in', ['payment', 'return'])
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { kind: 'payment', amount_cents: MONTHLY },
      { kind: 'return', amount_cents: -MONTHLY },
    ]);
    await expect(
      db.updateTable('invoice_payments').set({ amount_cents: 1 }).where('invoice_id', '=', invoiceId).execute(),
    ).rejects.toThrow();
  });

  it("takes the rep's commission back on the next statement, once, and the 820 carries the money back", async () => {
    const ts = ctx();
    const month = todayIso().slice(0, 7);
    await makeStatements(ts.db, addMonths(`${month}-01`, 2));
    await makeStatements(ts.db, addMonths(`${month}-01`, 3));
    const earned = applyRate(DENTAL_PREMIUM, 2000);
    const rows = await ts.db
      .selectFrom('commission_entries')
      .select(['kind', 'amount_cents'])
      .where('agent_id', '=', JORDAN)
      .where('enrollment_id', '=', ann.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'first_year', amount_cents: earned },
      { kind: 'refund_chargeback', amount_cents: -earned },
    ]);
    // An 820 never pays a negative amount (decision 2481): the money back waits for a day whose file nets above zero.
    expect(await dentalFile(ts, '2026-12-22')).toBeNull();
    // Another group pays for two members the same day: that day's 820 carries Ann's month back as a negative RMR, and
    // its BPR is the net of its RMRs.
    const other = await listBillGroup(ts, 20);
    const cat = await employee(ts, other.groupId, 'Catrev');
    const dan = await employee(ts, other.groupId, 'Danrev');
    await runListBills({ db: ts.db, sealer: ts.app.sealer }, '2026-12-20');
    const otherInvoice = (await ts.db.selectFrom('invoices').select('id').where('group_id', '=', other.groupId).executeTakeFirstOrThrow())
      .id;
    const paid = await op.post(`/api/admin/invoices/${otherInvoice}/payments`, {
      method: 'ach',
      amount: '63.98',
      reference: 'ACH-7002',
      received_on: '11/20/2026',
      key: 'rev-pay-0002',
    });
    expect(paid.body.data).toMatchObject({ status: 'paid' });
    const day = (await dentalFile(ts, '2026-12-23'))!;
    const ids = [ann, cat, dan].map((e) => e.userId);
    const byMember = elements(day, 'ENT').map((e) => Number(e[3]));
    expect(byMember.sort()).toEqual([...ids].sort());
    const rmr = elements(day, 'RMR').map((r) => cents(r[3]));
    expect(rmr.sort((a, b) => a - b)).toEqual([-DENTAL_PREMIUM, DENTAL_PREMIUM, DENTAL_PREMIUM]);
    expect(cents(elements(day, 'BPR')[0][1])).toBe(DENTAL_PREMIUM);
    expect(await dentalFile(ts, '2026-12-24')).toBeNull();
  });
});
