import { expect, it } from 'vitest';
import { chargeSummary, includedAdminFeeCents } from '@store/domain/charges';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { runListBills } from '../../src/modules/billing/invoice-service.ts';
import { remitPremiums } from '../../src/modules/carriers/index.ts';
import { fileText } from '../../src/modules/carriers/service.ts';
import { DEMO } from '../helpers/client.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { signedIn } from '../billing/ledger-fixtures.ts';
import { listBillEmployee, listBillGroup } from '../billing/list-bill-fixtures.ts';
import { readIndependently, translatorProblems, type Seg } from './x12-rules.ts';

const DENTAL_CENTS = 2699; // its price includes the administrative fee
const MEMBERSHIP_CENTS = 500;
const MONTHLY = DENTAL_CENTS + MEMBERSHIP_CENTS;
const DENTAL_PREMIUM = DENTAL_CENTS - includedAdminFeeCents(DENTAL_CENTS);

let clock = new Date('2026-12-20T15:00:00Z');

/** A list-bill employee with a dental plan (its price with the administrative fee) and the association membership. */
async function employee(ts: TestStore, groupId: number, first: string) {
  const e = await listBillEmployee(ts, groupId, first, MONTHLY, '2027-01-01');
  const s = chargeSummary(
    [
      { plan_id: PLAN_IDS.dentalEssentials, plan_name: 'Dental', price_cents: DENTAL_CENTS, admin_fee_included: true },
      { plan_id: PLAN_IDS.associationMembership, plan_name: 'Membership', price_cents: MEMBERSHIP_CENTS, membership: true },
    ],
    { billDay: 1, today: '2026-12-01', effectiveDate: '2027-01-01' },
  );
  expect(s.recurring_cents).toBe(MONTHLY);
  await ts.db
    .updateTable('billing_records')
    .set({ lines: JSON.stringify(s.lines), admin_fee_cents: s.admin_fee_cents })
    .where('enrollment_id', '=', e.id)
    .execute();
  const { user_id } = await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', e.id).executeTakeFirstOrThrow();
  const policies = await ts.db
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
    .returning(['policy_id', 'plan_id'])
    .execute();
  return { ...e, userId: user_id!, dentalPolicy: String(policies.find((p) => p.plan_id === PLAN_IDS.dentalEssentials)!.policy_id) };
}

const elements = (segs: Seg[], name: string) => segs.filter((s) => s.name === name).map((s) => s.e.slice(1));
const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * Decision 2641: what a group pays on its list bills reaches each carrier in its 820, allocated to the members (a
 * partial payment in proportion to the invoice's lines), the store's fees kept out; BPR = the RMRs = the group's
 * collected money's share for the carrier, and the rest follows when the group pays the rest.
 */
describeEachDb(
  "the 820 carries list-bill money, allocated to the group's members",
  (ctx) => {
    it('a short payment is remitted in proportion to the lines, the balance when it is paid, never twice', async () => {
      const ts = ctx();
      const group = await listBillGroup(ts, 20);
      const ann = await employee(ts, group.groupId, 'Ann');
      const bob = await employee(ts, group.groupId, 'Bob');
      const dental = (
        await ts.db.selectFrom('plans').select('carrier_id').where('plan_id', '=', PLAN_IDS.dentalEssentials).executeTakeFirstOrThrow()
      ).carrier_id!;
      const remit = (day: string) => ts.db.transaction().execute((trx) => remitPremiums(ts.app, trx, day));
      const dentalFile = async (day: string) => {
        const out = (await remit(day)).filter((f) => f.carrier_id === dental);
        if (!out.length) return null;
        const file = await ts.db.selectFrom('carrier_files').selectAll().where('id', '=', out[0].file_id).executeTakeFirstOrThrow();
        return { figures: out[0], segs: await readIndependently(fileText(ts.app, file)) };
      };

      clock = new Date('2026-12-20T15:00:00Z');
      await runListBills({ db: ts.db, sealer: ts.app.sealer }, '2026-12-20');
      const [invoice] = await ts.db.selectFrom('invoices').selectAll().where('group_id', '=', group.groupId).execute();
      expect(invoice.amount_due_cents).toBe(2 * MONTHLY);
      // Billed, not paid: nothing reaches the carrier.
      expect(await dentalFile('2026-12-20')).toBeNull();

      // The group pays half: each line collected half (Ann 1600, Bob 1599 of 3199 each: largest remainders, in order).
      const op = await signedIn(ts, DEMO.operator);
      const pay = (amount: string, key: string) =>
        op.post(`/api/admin/invoices/${invoice.id}/payments`, {
          method: 'check',
          amount,
          reference: `CHK-${key}`,
          received_on: '12/21/2026',
          key,
        });
      clock = new Date('2026-12-21T15:00:00Z');
      expect((await pay('31.99', 'lb820-0001')).status).toBe(200);
      const first = (await dentalFile('2026-12-21'))!;
      expect(translatorProblems(first.segs)).toEqual([]);
      const annFirst = Math.round((1600 * DENTAL_PREMIUM) / MONTHLY);
      const bobFirst = Math.round((1599 * DENTAL_PREMIUM) / MONTHLY);
      expect(elements(first.segs, 'ENT')).toEqual([
        ['1', '2J', 'N', String(ann.userId)],
        ['2', '2J', 'N', String(bob.userId)],
      ]);
      const rmr = elements(first.segs, 'RMR');
      expect(rmr.map((r) => [r[0], r[1], cents(r[3])])).toEqual([
        ['ID', ann.dentalPolicy, annFirst],
        ['ID', bob.dentalPolicy, bobFirst],
      ]);
      expect(elements(first.segs, 'DTM')).toEqual([
        ['582', '', '', '', 'RD8', '20270101-20270131'],
        ['582', '', '', '', 'RD8', '20270101-20270131'],
      ]);
      // BPR = the sum of the RMRs = the ledger's group payment, allocated, less the membership and the fee.
      const [ledgerPayment] = await ts.db
        .selectFrom('ledger_entries')
        .select('amount_cents')
        .where('kind', '=', 'payment')
        .where('reason', 'like', `List bill ${group.code}-%`)
        .execute();
      expect(ledgerPayment.amount_cents).toBe(MONTHLY);
      const bpr = cents(elements(first.segs, 'BPR')[0][1]);
      expect(bpr).toBe(rmr.reduce((a, r) => a + cents(r[3]), 0));
      expect(bpr).toBe(annFirst + bobFirst);
      expect(first.figures.total_cents).toBe(bpr);

      // Run again: nothing twice.
      expect(await dentalFile('2026-12-21')).toBeNull();
      expect(await dentalFile('2026-12-22')).toBeNull();

      // The rest is paid: the next 820 carries the remainder, so each member's month reaches the carrier whole.
      expect((await pay('31.99', 'lb820-0002')).status).toBe(200);
      const second = (await dentalFile('2026-12-23'))!;
      expect(elements(second.segs, 'RMR').map((r) => cents(r[3]))).toEqual([DENTAL_PREMIUM - annFirst, DENTAL_PREMIUM - bobFirst]);
      expect(cents(elements(second.segs, 'BPR')[0][1])).toBe(2 * DENTAL_PREMIUM - annFirst - bobFirst);
      const remitted = await ts.db
        .selectFrom('carrier_remittance_lines')
        .select(['enrollment_id', 'amount_cents'])
        .where('carrier_id', '=', dental)
        .where('enrollment_id', 'in', [ann.id, bob.id])
        .execute();
      const total = (id: string) => remitted.filter((r) => r.enrollment_id === id).reduce((a, r) => a + r.amount_cents, 0);
      expect([total(ann.id), total(bob.id)]).toEqual([DENTAL_PREMIUM, DENTAL_PREMIUM]);
      // The membership's carrier is never sent the membership.
      const membershipLines = await ts.db
        .selectFrom('carrier_remittance_lines as r')
        .innerJoin('policies as p', 'p.policy_id', 'r.policy_id')
        .select('r.id')
        .where('p.plan_id', '=', PLAN_IDS.associationMembership)
        .where('r.enrollment_id', 'in', [ann.id, bob.id])
        .execute();
      expect(membershipLines).toEqual([]);
    });
  },
  { now: () => clock },
);
