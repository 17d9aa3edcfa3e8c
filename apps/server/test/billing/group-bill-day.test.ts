import { expect, it } from 'vitest';
import { BILL_DAY_TEXT } from '@store/domain/list-bill';
import { runListBills } from '../../src/modules/billing/invoice-service.ts';
import { DEMO } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/store.ts';
import { signedIn } from './ledger-fixtures.ts';
import { listBillEmployee, listBillGroup } from './list-bill-fixtures.ts';

/** Decision 2642: the operator edits a group's bill day in the console; the next list bill run uses it. */
describeEachDb("the console edits a group's bill day", (ctx) => {
  it('refuses a day outside 1 to 31 beside the field, saves a good one with an audit row, and the next run bills on it', async () => {
    const ts = ctx();
    const group = await listBillGroup(ts, 1);
    await listBillEmployee(ts, group.groupId, 'Cleo', 2500, '2027-01-01');
    const op = await signedIn(ts, DEMO.operator);
    const url = `/api/admin/groups/${group.groupId}`;
    const { accounts: _a, ...form } = (await op.get(url)).body.data;
    expect(form.bill_day).toBe(1);

    for (const bad of [0, 32, 12.5, '', 'tenth']) {
      const r = await op.put(url, { ...form, bill_day: bad });
      expect(r.status, String(bad)).toBe(422);
      expect(r.body.data).toEqual([{ target_element: 'bill_day', error_message: BILL_DAY_TEXT }]);
    }
    expect((await op.get(url)).body.data.bill_day).toBe(1);

    const saved = await op.put(url, { ...form, bill_day: '15' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.bill_day).toBe(15);
    // A save without the field keeps it.
    const { bill_day: _b, ...withoutDay } = form;
    expect((await op.put(url, withoutDay)).body.data.bill_day).toBe(15);
    const audit = await ts.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('target', '=', `group:${group.groupId}`)
      .orderBy('id')
      .execute();
    const details = audit.map((a) => (typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail));
    expect(details.filter((d) => 'bill_day' in d)).toEqual([{ active: true, bill_day: 15, bill_day_was: 1 }]);

    // The 14th is before the new bill day: December is billed, in which nobody is covered, so no invoice; the 15th
    // bills January.
    const deps = { db: ts.db, sealer: ts.app.sealer };
    await runListBills(deps, '2026-12-14');
    const none = await ts.db.selectFrom('invoices').select('period').where('group_id', '=', group.groupId).execute();
    expect(none).toEqual([]);
    await runListBills(deps, '2026-12-15');
    const made = await ts.db.selectFrom('invoices').select('period').where('group_id', '=', group.groupId).execute();
    expect(made).toEqual([{ period: '2027-01' }]);
  });
});
