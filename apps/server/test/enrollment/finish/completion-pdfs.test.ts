import { expect, it, vi } from 'vitest';
import { markTransactions } from '../../helpers/mark-transactions.ts';
import { describeEachDb } from '../../helpers/store.ts';
import { EFT, enrollmentAtStepFive, enrollWith, finish } from './helpers.ts';
import { pdfUnicodeText } from '../../helpers/pdf-unicode-text.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import { openPrivateMedia } from '../../../src/lib/private-media.ts';
import { sha256, verifyTrail } from '../../../src/modules/trail/service.ts';

/**
 * Issue 40: a completion renders its PDFs (the receipt, the signed application) with no transaction open. Rendering
 * is seconds of CPU on a loaded machine: inside the transaction it held the enrollment's lock and a connection that
 * long, and a database outage meanwhile reached the shopper only after it (decision 2610). Every render is noted with
 * whether it ran inside a transaction of the store's database (an AsyncLocalStorage set around each transaction).
 */
const h = await vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import('node:async_hooks');
  return { inTransaction: new AsyncLocalStorage<true>(), renders: [] as { pdf: string; inTransaction: boolean }[] };
});
const note = (pdf: string) => h.renders.push({ pdf, inTransaction: h.inTransaction.getStore() === true });

// Every PDF is rendered through the PDF threads' front door (src/pdf/pool.ts, decision 2840): a call there is a render.
vi.mock('../../../src/pdf/pool.ts', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../../src/pdf/pool.ts')>();
  const names: Record<string, string> = { receipt: 'receipt', 'signed-application': 'signed application' };
  return {
    ...m,
    renderPdf: ((kind, ...args) => {
      note(names[kind] ?? kind);
      return m.renderPdf(kind, ...args);
    }) as typeof m.renderPdf,
  };
});

describeEachDb('a completion renders its PDFs outside its transaction (issue 40)', (ctx) => {
  it('no PDF is rendered while a transaction is open, and the completion is whole with the PDFs rendered before it', async () => {
    const ts = ctx();
    markTransactions(ts, h.inTransaction);
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c);
    h.renders.length = 0;
    await finish(c, id, () => enrollWith(c, id, EFT));

    expect(h.renders.map((r) => r.pdf).sort()).toEqual(['receipt', 'signed application']);
    expect(h.renders.filter((r) => r.inTransaction)).toEqual([]);

    // Whole: completed, one receipt mail with both PDFs, and the signed application prints the trail as committed.
    const e = await ts.db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.status).toBe('completed');
    const mails = await ts.db
      .selectFrom('outbox')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'enrollment-receipt')
      .execute();
    expect(mails).toHaveLength(1);
    const opened = await Promise.all(
      mails[0]!.attachments.map(async (a) => {
        const row = await ts.db.selectFrom('media').select('data').where('id', '=', a.mediaId).executeTakeFirstOrThrow();
        return new Uint8Array(openPrivateMedia(ts.app.sealer, a.mediaId, row.data));
      }),
    );
    expect(opened.map((pdf) => new TextDecoder().decode(pdf.slice(0, 5)))).toEqual(['%PDF-', '%PDF-']);
    expect(await pdfText(opened[0]!)).toContain(e.confirmation_number!);
    const issued = await ts.db.selectFrom('issued_documents').selectAll().where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    expect(issued.sha256).toBe(sha256(opened[1]!));
    const events = await ts.db.selectFrom('enrollment_events').selectAll().where('enrollment_id', '=', id).orderBy('seq').execute();
    const certificate = (await pdfUnicodeText(opened[1]!)).replace(/\s+/g, '');
    // Every event up to the completion, with the hash it has in the database (documents_sent comes after the PDF).
    for (const ev of events.filter((x) => x.event_type !== 'documents_sent')) expect(certificate).toContain(ev.hash);
    expect(events.map((x) => x.event_type)).toContain('completed');
    expect((await verifyTrail(ts.db, id)).problems).toEqual([]);
  });
});
