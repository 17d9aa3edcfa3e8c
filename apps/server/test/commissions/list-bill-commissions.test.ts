import { expect, it } from 'vitest';
import { addMonths } from '@store/domain/billing-schedule';
import { todayIso } from '@store/domain/dates';
import { runListBills } from '../../src/modules/billing/invoice-service.ts';
import { makeStatements } from '../../src/modules/commissions/index.ts';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { signedIn } from '../billing/ledger-fixtures.ts';
import { listBillEmployee, listBillGroup } from '../billing/list-bill-fixtures.ts';
import { CASEY, JORDAN, PLAN } from './fixtures.ts';

/**
 * Decision 2811 (amends 2620 and 2641): list-bill money earns commission. When the group's payments (allocated to its
 * invoice lines as for the 820) have paid a line in full, the line's writing rep earns on it as on a card or bank
 * payment (the schedule's first-year rate of the plan's premium, the membership left out), the upline their override;
 * a line paid in part earns nothing yet; each line earns once (the commission rows' unique key).
 */

/** The employee's plan is Dental Essentials ($26.99) with the $5.00 association membership: $31.99 a month. */
async function employee(ts: TestStore, groupId: number, first: string, agentId: number | null) {
  const e = await listBillEmployee(ts, groupId, first, 3199, '2027-01-01');
  const lines = [
    { kind: 'plan', plan_id: PLAN, label: 'Dental Essentials', monthly_cents: 2699, admin_fee_cents: 0 },
    { kind: 'plan', plan_id: PLAN_IDS.associationMembership, label: 'Membership', monthly_cents: 500, admin_fee_cents: 0 },
  ];
  await ts.db
    .updateTable('billing_records')
    .set({ lines: JSON.stringify(lines) })
    .where('enrollment_id', '=', e.id)
    .execute();
  if (agentId) await ts.db.updateTable('enrollments').set({ agent_id: agentId }).where('id', '=', e.id).execute();
  return e;
}

describeEachDb('list-bill money earns commission (decision 2811)', (ts) => {
  let op: TestClient;
  let invoiceId: number;
  let ann: Awaited<ReturnType<typeof employee>>;
  let bob: Awaited<ReturnType<typeof employee>>;
  const pay = (amount: string, key: string) =>
    op.post(`/api/admin/invoices/${invoiceId}/payments`, { method: 'check', amount, reference: key, received_on: '11/20/2026', key });
  const rowsOf = (agentId: number) =>
    ts()
      .db.selectFrom('commission_entries')
      .select(['kind', 'amount_cents', 'basis_cents', 'enrollment_id'])
      .where('agent_id', '=', agentId)
      .where('enrollment_id', 'in', [ann.id, bob.id])
      .orderBy('id')
      .execute();
  const soFar = async () => {
    const rep = await signedIn(ts(), DEMO.rep);
    const r = await rep.get('/api/v1/rep-home/commissions');
    expect(r.status).toBe(200);
    return r.body.data.so_far.lines as { member: string; kind: string; amount_cents: number; basis_cents: number }[];
  };

  it('a line paid in part earns nothing; paid in full, its writing rep earns the first-year rate and the upline the override', async () => {
    const db = ts().db;
    op = await signedIn(ts(), DEMO.operator);
    const { carrier_id } = await db.selectFrom('plans').select('carrier_id').where('plan_id', '=', PLAN).executeTakeFirstOrThrow();
    await db.deleteFrom('commission_schedules').where('carrier_id', '=', carrier_id!).execute();
    await db
      .insertInto('commission_schedules')
      .values({ carrier_id: carrier_id!, plan_id: PLAN, first_year_bp: 2000, renewal_bp: 500, flat_cents: 0 } as never)
      .execute();
    await db.updateTable('agents').set({ override_bp: 1000, upline_agent_id: null }).where('agent_id', '=', JORDAN).execute();
    await db.updateTable('agents').set({ upline_agent_id: JORDAN, override_bp: 0 }).where('agent_id', '=', CASEY).execute();

    // Ann is written by the group's rep (Jordan), Bob by Casey (Jordan's downline).
    const group = await listBillGroup(ts(), 20);
    await db.updateTable('groups').set({ agent_id: JORDAN }).where('group_id', '=', group.groupId).execute();
    ann = await employee(ts(), group.groupId, 'Annrep', null);
    bob = await employee(ts(), group.groupId, 'Bobrep', CASEY);
    await runListBills({ db, sealer: ts().app.sealer }, '2026-12-20');
    const invoice = await db
      .selectFrom('invoices')
      .select(['id', 'amount_due_cents'])
      .where('group_id', '=', group.groupId)
      .executeTakeFirstOrThrow();
    invoiceId = invoice.id;
    expect(invoice.amount_due_cents).toBe(6398);

    // Half paid: each line is collected in part, and nobody earns on it yet.
    expect((await pay('31.99', 'LB-COMM-1')).status).toBe(200);
    expect((await soFar()).filter((l) => l.member.includes('rep '))).toEqual([]);
    const month = todayIso().slice(0, 7);
    await makeStatements(db, addMonths(`${month}-01`, 1));
    expect(await rowsOf(JORDAN)).toEqual([]);
    expect(await rowsOf(CASEY)).toEqual([]);

    // The rest paid: both lines are paid in full. 20% of $26.99 is $5.40 (the $5 membership is the store's); Jordan
    // earns 10% of Bob's $26.99 as Casey's upline.
    expect((await pay('31.99', 'LB-COMM-2')).status).toBe(200);
    const pending = await soFar();
    expect(pending.filter((l) => l.member.includes('rep ')).map((l) => [l.member, l.kind, l.basis_cents, l.amount_cents])).toEqual([
      ['Annrep Listbill', 'first_year', 2699, 540],
      ['Bobrep Listbill', 'override', 2699, 270],
    ]);
    await makeStatements(db, addMonths(`${month}-01`, 2));
    expect((await rowsOf(JORDAN)).map((r) => [r.kind, r.amount_cents, r.enrollment_id])).toEqual([
      ['first_year', 540, ann.id],
      ['override', 270, bob.id],
    ]);
    expect((await rowsOf(CASEY)).map((r) => [r.kind, r.amount_cents, r.enrollment_id])).toEqual([['first_year', 540, bob.id]]);
  });

  it('earns once: later statements and a repeated run add nothing, and the row key refuses a second copy', async () => {
    const db = ts().db;
    const month = todayIso().slice(0, 7);
    await makeStatements(db, addMonths(`${month}-01`, 3));
    await makeStatements(db, addMonths(`${month}-01`, 3));
    expect(await rowsOf(JORDAN)).toHaveLength(2);
    expect(await rowsOf(CASEY)).toHaveLength(1);
    expect((await soFar()).filter((l) => l.member.includes('rep '))).toEqual([]);
    const row = await db
      .selectFrom('commission_entries')
      .selectAll()
      .where('agent_id', '=', CASEY)
      .where('enrollment_id', '=', bob.id)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    await expect(
      db
        .insertInto('commission_entries')
        .values(copy as never)
        .execute(),
    ).rejects.toThrow();
    // The statements' totals are the sums of their rows.
    const statements = await db.selectFrom('commission_statements').select(['id', 'total_cents']).where('agent_id', '=', JORDAN).execute();
    for (const s of statements) {
      const rows = await db.selectFrom('commission_entries').select('amount_cents').where('statement_id', '=', s.id).execute();
      expect(rows.reduce((t, r) => t + r.amount_cents, 0)).toBe(s.total_cents);
    }
  });
});
