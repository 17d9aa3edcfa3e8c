import { expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { runListBills } from '../../src/modules/billing/invoice-service.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { verifyLedgerChain } from '../../src/modules/billing/ledger-chain.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/store.ts';
import { fieldsOf, signedIn } from './ledger-fixtures.ts';
import { listBillEmployee, listBillGroup } from './list-bill-fixtures.ts';

/** The store's clock (the group home's "today", which decides open or overdue). */
let clock = new Date('2026-12-21T15:00:00Z');

/** The PDF's text read with pdf.js (Mozilla's reader, not pdf-lib that wrote it). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const out: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    out.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return out.join('\n');
}

describeEachDb(
  'list bills: an invoice per group and month, adjustments by the day, payments that carry a balance (issue 39)',
  (ts) => {
    let group: Awaited<ReturnType<typeof listBillGroup>>;
    let ann: Awaited<ReturnType<typeof listBillEmployee>>;
    let bob: Awaited<ReturnType<typeof listBillEmployee>>;
    let op: TestClient | undefined;
    const operator = async () => (op ??= await signedIn(ts(), DEMO.operator));
    const invoices = async () => {
      const r = await (await group.signIn()).get('/api/v1/group-home/invoices');
      expect(r.status).toBe(200);
      return r.body.data.invoices as any[];
    };
    const pay = (id: number, body: Record<string, unknown>) => operator().then((c) => c.post(`/api/admin/invoices/${id}/payments`, body));

    it('makes one invoice on the bill day, mails it, and never charges a list-bill enrollment one by one', async () => {
      clock = new Date('2026-12-21T15:00:00Z');
      group = await listBillGroup(ts(), 20);
      ann = await listBillEmployee(ts(), group.groupId, 'Ann', 3199, '2027-01-01');
      bob = await listBillEmployee(ts(), group.groupId, 'Bob', 3199, '2027-01-01');
      const deps = { db: ts().db, sealer: ts().app.sealer };
      // Before the bill day, December would be billed, but nobody is covered in it: no invoice of nothing.
      await runListBills(deps, '2026-12-19');
      expect(await invoices()).toEqual([]);
      // The bill day bills January, once however often the day runs.
      await runListBills(deps, '2026-12-20');
      await runListBills(deps, '2026-12-20');
      const list = await invoices();
      expect(list.map((i) => i.period)).toEqual(['2027-01']);
      expect(list[0]).toMatchObject({
        due_on: '2027-01-01',
        previous_balance_cents: 0,
        lines_cents: 6398,
        amount_due_cents: 6398,
        status: 'open',
      });
      expect(list[0].lines.map((l: any) => [l.label, l.kind, l.covers_period, l.days, l.amount_cents])).toEqual([
        [ann.label, 'premium', '2027-01', 31, 3199],
        [bob.label, 'premium', '2027-01', 31, 3199],
      ]);
      const mail = await ts().db.selectFrom('outbox').selectAll().where('to_address', '=', group.email).execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ kind: 'list-bill' });
      expect(mail[0].subject).toContain('$63.98 due 01/01/2027');
      expect(JSON.stringify(mail[0].attachments)).toContain('application/pdf');
      // The billing run collects cards and debits only: nothing is due one by one for these enrollments.
      await createDuePayments(ts().db, '2027-03-01');
      expect(await ts().db.selectFrom('premium_payments').select('id').where('enrollment_id', 'in', [ann.id, bob.id]).execute()).toEqual(
        [],
      );
    });

    it('records a payment once per key, 422 with field errors on a bad one; an invoice paid short stays open, then overdue', async () => {
      const jan = (await invoices())[0];
      const body = { method: 'check', amount: '50.00', reference: 'CHK-1001', received_on: '12/21/2026', key: 'pay-key-0001' };
      const first = await pay(jan.id, body);
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual({ invoice_id: jan.id, paid_cents: 5000, amount_due_cents: 6398, status: 'open' });
      expect((await pay(jan.id, body)).body.data.paid_cents).toBe(5000);
      expect(
        fieldsOf(await pay(jan.id, { method: 'cash', amount: '0', reference: 'no spaces!', received_on: 'soon', key: 'pay-key-0002' })),
      ).toEqual([
        ['method', 'Choose check or ACH.'],
        ['amount', 'Enter the amount received in dollars and cents, more than $0.00.'],
        ['reference', 'Enter the check number or the ACH trace (up to 40 letters, digits or dashes).'],
        ['received_on', 'Enter the day the payment was received (MM/DD/YYYY), not in the future.'],
      ]);
      expect(fieldsOf(await pay(jan.id, { ...body, received_on: '12/25/2026', key: 'pay-key-0003' }))).toEqual([
        ['received_on', 'Enter the day the payment was received (MM/DD/YYYY), not in the future.'],
      ]);
      expect((await (await group.signIn()).post(`/api/admin/invoices/${jan.id}/payments`, body)).status).toBe(403);
      clock = new Date('2027-01-05T15:00:00Z');
      expect((await invoices())[0]).toMatchObject({
        status: 'overdue',
        paid_cents: 5000,
        payments: [{ method: 'check', amount_cents: 5000, reference: 'CHK-1001', received_on: '2026-12-21' }],
      });
      const ledger = await ts()
        .db.selectFrom('ledger_entries')
        .selectAll()
        .where('reason', 'like', `List bill ${group.code}-%`)
        .orderBy('id')
        .execute();
      expect(ledger.map((r) => [r.kind, r.amount_cents, r.enrollment_id])).toEqual([
        ['charge', 3199, ann.id],
        ['charge', 3199, bob.id],
        ['payment', 5000, null],
      ]);
    });

    it('carries the short balance into the next invoice, with employees added and ended since prorated by the day', async () => {
      const cy = await listBillEmployee(ts(), group.groupId, 'Cy', 3199, '2027-01-16');
      await ts().db.updateTable('billing_records').set({ coverage_ended_on: '2027-01-10' }).where('enrollment_id', '=', bob.id).execute();
      await runListBills({ db: ts().db, sealer: ts().app.sealer }, '2027-01-20');
      const [feb, jan] = await invoices();
      expect(jan.status).toBe('carried');
      expect(feb.lines.map((l: any) => [l.label, l.kind, l.covers_period, l.days, l.amount_cents])).toEqual([
        [ann.label, 'premium', '2027-02', 28, 3199],
        [bob.label, 'ended', '2027-01', 10, 1032 - 3199],
        [cy.label, 'added', '2027-01', 16, 3199 - 1548],
        [cy.label, 'premium', '2027-02', 28, 3199],
      ]);
      expect(feb).toMatchObject({ previous_balance_cents: 1398, lines_cents: 3199 - 2167 + 1651 + 3199, amount_due_cents: 1398 + 5882 });
      // The carried invoice takes no more payments: its balance is the newer one's.
      const late = await pay(jan.id, { method: 'ach', amount: '13.98', reference: 'T123', received_on: '01/05/2027', key: 'pay-key-0004' });
      expect(fieldsOf(late)).toEqual([
        ['invoice_id', "This invoice's balance was carried to a newer invoice; record the payment against the newest."],
      ]);
      // Paid over: the credit is carried to March's invoice.
      const over = await pay(feb.id, { method: 'ach', amount: '80.00', reference: 'T124', received_on: '01/05/2027', key: 'pay-key-0005' });
      expect(over.body.data).toMatchObject({ paid_cents: 8000, status: 'paid' });
      await runListBills({ db: ts().db, sealer: ts().app.sealer }, '2027-02-20');
      const [mar] = await invoices();
      expect(mar).toMatchObject({
        period: '2027-03',
        previous_balance_cents: 7280 - 8000,
        lines_cents: 2 * 3199,
        amount_due_cents: 2 * 3199 - 720,
      });
      expect(await verifyLedgerChain(ts().db)).toMatchObject({ problems: [] });
    });

    it("downloads an invoice's PDF, read back by another reader; another group's invoice is not found", async () => {
      const [, feb] = await invoices();
      const admin = await group.signIn();
      const res = await fetch(new URL(`/api/v1/group-home/invoices/${feb.id}/pdf`, ts().baseUrl), {
        headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/pdf');
      const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
      for (const s of [
        `List Bill Works ${group.groupId}`,
        feb.number,
        'Amount due',
        '$72.80',
        '-$21.67',
        '$16.51',
        'Ended since the last invoice',
        'T124',
        '$80.00',
      ])
        expect(text).toContain(s);
      const other = await listBillGroup(ts(), 5);
      expect((await (await other.signIn()).get(`/api/v1/group-home/invoices/${feb.id}/pdf`)).status).toBe(404);
      expect((await ts().client().get('/api/v1/group-home/invoices')).status).toBe(401);
      expect((await (await signedIn(ts(), DEMO.rep)).get('/api/v1/group-home/invoices')).status).toBe(403);
      const console = await (await operator()).get('/api/admin/invoices', { group_id: group.groupId });
      expect(console.body.data.map((i: any) => i.period)).toEqual(['2027-03', '2027-02', '2027-01']);
    });
  },
  { now: () => clock },
);
