import { expect, it, vi } from 'vitest';
import { markTransactions } from '../helpers/mark-transactions.ts';
import { runListBills } from '../../src/modules/billing/invoice-service.ts';
import { openPrivateMedia } from '../../src/lib/private-media.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { pdfUnicodeText } from '../helpers/pdf-unicode-text.ts';
import { listBillEmployee, listBillGroup } from './list-bill-fixtures.ts';

/**
 * Issue 40: the billing day's list bill (its invoice PDF, mailed to the group administrator) is rendered with no
 * transaction open, as a completion's PDFs are (decision 2610). Inside the invoice's transaction the rendering (seconds
 * of CPU on a loaded machine, a large group's bill more) held the group's invoice lock, the rows written and a
 * connection of the pool that long. Every render is noted with whether it ran inside a transaction of the store's
 * database (an AsyncLocalStorage set around each transaction), as completion-pdfs.test.ts does.
 */
const h = await vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import('node:async_hooks');
  return { inTransaction: new AsyncLocalStorage<true>(), renders: [] as { pdf: string; inTransaction: boolean }[] };
});
/** Runs once, at the next render, before it (a change made while no transaction is open). */
let beforeNextRender: (() => Promise<void>) | null = null;

// Every PDF is rendered through the PDF threads' front door (src/pdf/pool.ts, decision 2840): a call there is a render.
vi.mock('../../src/pdf/pool.ts', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/pdf/pool.ts')>();
  return {
    ...m,
    renderPdf: (async (kind, ...args) => {
      h.renders.push({ pdf: kind, inTransaction: h.inTransaction.getStore() === true });
      const before = beforeNextRender;
      beforeNextRender = null;
      await before?.();
      return m.renderPdf(kind, ...args);
    }) as typeof m.renderPdf,
  };
});

/** Text without its spaces (the PDF's words are placed one by one). */
const bare = (s: string) => s.replace(/\s+/g, '');

/** The group's invoices, and the PDFs mailed to its administrator (opened), as text without spaces. */
async function mailed(ts: TestStore, groupId: number, email: string) {
  const invoices = await ts.db.selectFrom('invoices').selectAll().where('group_id', '=', groupId).execute();
  const mails = await ts.db.selectFrom('outbox').selectAll().where('to_address', '=', email).where('kind', '=', 'list-bill').execute();
  const pdfs = await Promise.all(
    mails
      .flatMap((m) => m.attachments)
      .map(async (a) => {
        const row = await ts.db.selectFrom('media').select('data').where('id', '=', a.mediaId).executeTakeFirstOrThrow();
        return bare(await pdfUnicodeText(new Uint8Array(openPrivateMedia(ts.app.sealer, a.mediaId, row.data))));
      }),
  );
  return { invoices, mails, pdfs };
}

describeEachDb('a list bill renders its PDF outside its transaction (issue 40)', (ctx) => {
  it('no invoice PDF is rendered while a transaction is open; the invoice is mailed once with the PDF of the invoice committed', async () => {
    const ts = ctx();
    markTransactions(ts, h.inTransaction);
    const group = await listBillGroup(ts, 20);
    const ann = await listBillEmployee(ts, group.groupId, 'Ann', 3199, '2027-01-01');
    h.renders.length = 0;

    expect(await runListBills({ db: ts.db, sealer: ts.app.sealer }, '2026-12-20')).toMatchObject({ invoices: 1, mailed: 1 });
    expect(h.renders).toEqual([{ pdf: 'invoice', inTransaction: false }]);

    const { invoices, mails, pdfs } = await mailed(ts, group.groupId, group.email);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]!.mailed_to).toBe(group.email);
    expect(mails).toHaveLength(1);
    const number = `${group.code}-202701-${invoices[0]!.id}`;
    expect(mails[0]!.subject).toContain(number);
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]).toContain(number);
    expect(pdfs[0]).toContain(bare(ann.label));
    // Once: the day run again makes no second invoice, renders nothing.
    expect(await runListBills({ db: ts.db, sealer: ts.app.sealer }, '2026-12-20')).toMatchObject({ invoices: 0, mailed: 0 });
    expect(h.renders).toHaveLength(1);
  });

  it('an invoice that changed while its PDF rendered is rendered again: the mail carries the invoice as committed', async () => {
    const ts = ctx();
    markTransactions(ts, h.inTransaction);
    const group = await listBillGroup(ts, 20);
    await listBillEmployee(ts, group.groupId, 'Ann', 3199, '2027-01-01');
    let bob: Awaited<ReturnType<typeof listBillEmployee>> | undefined;
    // An employee added while the first PDF renders (no transaction open): the invoice made after has two lines.
    beforeNextRender = async () => {
      bob = await listBillEmployee(ts, group.groupId, 'Bob', 4500, '2027-01-01');
    };
    h.renders.length = 0;

    expect(await runListBills({ db: ts.db, sealer: ts.app.sealer }, '2026-12-20')).toMatchObject({ invoices: 1, mailed: 1 });
    expect(h.renders).toEqual([
      { pdf: 'invoice', inTransaction: false },
      { pdf: 'invoice', inTransaction: false },
    ]);
    const { invoices, mails, pdfs } = await mailed(ts, group.groupId, group.email);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]!.amount_due_cents).toBe(3199 + 4500);
    expect(mails).toHaveLength(1);
    expect(pdfs[0]).toContain(bare(bob!.label));
    expect(pdfs[0]).toContain('$76.99');
  });
});
