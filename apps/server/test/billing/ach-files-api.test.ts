import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { collectBankPayments } from '../../src/modules/billing/bank-service.ts';
import { purgeAchFiles } from '../../src/modules/billing/ledger-ach.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/store.ts';
import { secondFactorCheckedAgo } from '../security/fixtures.ts';
import { fieldsOf, ledgerMember, signedIn } from './ledger-fixtures.ts';
import { readNacha } from './nacha-reader.ts';

describeEachDb("the console's NACHA files", (ts) => {
  let op: TestClient;
  let fileId: number;

  it('lists the files with their totals, and answers a file unsealed to an operator with a fresh second factor, audited', async () => {
    await ledgerMember(ts(), { bank: { routing: '011000015', account: '000123456789' } }, 'Bea');
    await ledgerMember(ts(), { bank: { routing: '121000358', account: '9876543210', type: 'savings' } }, 'Ben');
    await createDuePayments(ts().db, '2026-12-05');
    const made = await collectBankPayments({ db: ts().db, sealer: ts().app.sealer, outDir: ts().app.config.ACH_OUT_DIR }, '2026-12-05');
    fileId = made.file!.id;
    op = await signedIn(ts(), DEMO.operator);

    const list = await op.get('/api/admin/ach-files');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({
      items: [
        {
          id: fileId,
          file_name: 'ach-2026-12-05-A.txt',
          created_on: '2026-12-05',
          effective_on: '2026-12-07',
          entry_count: 2,
          total_cents: 6398,
          keep_until: '2027-01-04',
          purged_at: null,
          // The bank takes files from ACH_OUT_DIR (the default): no upload to wait for.
          delivery: { status: 'folder' },
        },
      ],
      totals: { files: 1, entries: 2, total_cents: 6398 },
      retention_days: 30,
    });

    const file = await op.get(`/api/admin/ach-files/${fileId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/plain');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="ach-2026-12-05-A.txt"');
    const read = readNacha(String(file.body));
    expect(read.batches[0].entries.map((e) => e.account).sort()).toEqual(['000123456789', '9876543210']);
    expect(Number(read.control.debits)).toBe(6398);
    const operator = await ts().db.selectFrom('accounts').select('id').where('email', '=', DEMO.operator.email).executeTakeFirstOrThrow();
    const audit = await ts().db.selectFrom('audit_log').selectAll().where('action', '=', 'ach-file.download').execute();
    expect(audit.map((a) => [a.account_id, a.target, (a.detail as any).file_name])).toEqual([
      [operator.id, `ach_file:${fileId}`, 'ach-2026-12-05-A.txt'],
    ]);

    await secondFactorCheckedAgo(ts(), op, 6 * 60_000);
    const stale = await op.get(`/api/admin/ach-files/${fileId}`);
    expect(stale.status).toBe(403);
    expect(stale.body.data.map((f: any) => f.target_element)).toEqual(['second_factor']);
    await secondFactorCheckedAgo(ts(), op, 0);
    expect((await op.get('/api/admin/ach-files/999999')).status).toBe(404);
    expect((await op.get('/api/admin/ach-files/x')).status).toBe(422);
    expect(await ts().db.selectFrom('audit_log').select('id').where('action', '=', 'ach-file.download').execute()).toHaveLength(1);

    const rep = await signedIn(ts(), DEMO.rep);
    expect((await rep.get('/api/admin/ach-files')).status).toBe(403);
    expect((await rep.get(`/api/admin/ach-files/${fileId}`)).status).toBe(403);
    expect((await ts().client().get('/api/admin/ach-files')).status).toBe(401);
  });

  it('keeps files for the retention the operator sets, then deletes their text and their copy in ACH_OUT_DIR', async () => {
    expect(fieldsOf(await op.put('/api/admin/ach-settings/retention', { retention_days: 0 })).map(([f]) => f)).toEqual(['retention_days']);
    expect(fieldsOf(await op.put('/api/admin/ach-settings/retention', { retention_days: 'ten' })).map(([f]) => f)).toEqual([
      'retention_days',
    ]);
    expect((await op.get('/api/admin/ach-files')).body.data.items[0].keep_until).toBe('2027-01-04');
    const saved = await op.put('/api/admin/ach-settings/retention', { retention_days: 10 });
    expect(saved.status).toBe(200);
    expect((await op.get('/api/admin/ach-files')).body.data).toMatchObject({ retention_days: 10, items: [{ keep_until: '2026-12-15' }] });
    expect((await (await signedIn(ts(), DEMO.rep)).put('/api/admin/ach-settings/retention', { retention_days: 5 })).status).toBe(403);

    const copy = path.join(ts().app.config.ACH_OUT_DIR, 'ach-2026-12-05-A.txt');
    await fs.access(copy);
    const deps = { db: ts().db, outDir: ts().app.config.ACH_OUT_DIR };
    expect(await purgeAchFiles(deps, '2026-12-14', new Date())).toEqual([]);
    expect(await purgeAchFiles(deps, '2026-12-15', new Date())).toEqual(['ach-2026-12-05-A.txt']);
    await expect(fs.access(copy)).rejects.toThrow();
    const row = await ts().db.selectFrom('ach_files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
    expect(row.content_enc).toBeNull();
    const gone = await op.get(`/api/admin/ach-files/${fileId}`);
    expect([gone.status, gone.body.message]).toEqual([410, 'This file was deleted after its retention.']);
    // Every store process keeps one daily purge job waiting.
    expect(await ts().db.selectFrom('scheduled_jobs').select(['kind', 'status']).where('kind', '=', 'ach-purge').execute()).toEqual([
      { kind: 'ach-purge', status: 'pending' },
    ]);
    // The totals stay for the console.
    expect((await op.get('/api/admin/ach-files')).body.data.totals).toEqual({ files: 1, entries: 2, total_cents: 6398 });
  });
});
