import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { achFileContext, achOutContext } from '../../src/db/sealed-columns.ts';
import { collectBankPayments, nextBusinessDay } from '../../src/modules/billing/bank-service.ts';
import { achFile, ledgerOf, paymentsOf } from '../../src/modules/billing/repository.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { payingMember } from './members.ts';
import { describeEachDb, TEST_DATABASE_URL, twoStoresSharingPostgres, type TestStore } from '../helpers/store.ts';
import { readNacha } from './nacha-reader.ts';

/** A member paying $31.99 a month by EFT from this account, enrolled 11/28 with coverage from 12/01, bill day 5. */
const bankMember = async (ts: TestStore, routing: string, account: string, type: 'checking' | 'savings' = 'checking') =>
  (await payingMember({ db: ts.db, sealer: ts.app.sealer }, { bank: { routing, account, type } }, { billDay: 5 })).id;

const deps = (ts: TestStore) => ({ db: ts.db, sealer: ts.app.sealer, outDir: ts.app.config.ACH_OUT_DIR });

describeEachDb('the billing run: bank debits', (ts) => {
  it("puts a day's EFT payments in one sealed NACHA file of WEB debits that reads back with every entry", async () => {
    const a = await bankMember(ts(), '011000015', '000123456789');
    const b = await bankMember(ts(), '121000358', '9876543210', 'savings');
    await createDuePayments(ts().db, '2026-12-05');
    const figures = await collectBankPayments(deps(ts()), '2026-12-05', { now: () => new Date('2026-12-05T11:05:00Z') });
    expect(figures.file).toMatchObject({ name: 'ach-2026-12-05-A.txt' });
    const row = (await achFile(ts().db, figures.file!.id))!;
    expect(row.content_enc).not.toContain('000123456789');
    const text = ts().app.sealer.open(row.content_enc!, achFileContext(row.id));
    const r = readNacha(text);
    expect(r.file).toMatchObject({ createdOn: '261205', createdAt: '0605', modifier: 'A', destination: ' 021000021' });
    expect(r.batches[0].header).toMatchObject({ sec: 'WEB', serviceClass: '225', effective: '261207' });
    const mine = r.batches[0].entries
      .filter((e) => ['000123456789', '9876543210'].includes(e.account))
      .sort((x, y) => x.account.localeCompare(y.account));
    expect(mine.map((e) => [e.code, e.rdfi + e.checkDigit, e.account, Number(e.amount), e.paymentType])).toEqual([
      ['27', '011000015', '000123456789', 3199, 'R'],
      ['37', '121000358', '9876543210', 3199, 'R'],
    ]);
    expect(Number(r.control.debits)).toBe(row.total_cents);
    expect(Number(r.control.count)).toBe(row.entry_count);
    for (const id of [a, b]) {
      const [p] = await paymentsOf(ts().db, id);
      expect([p.status, p.ach_file_id]).toEqual(['submitted', row.id]);
      expect(mine.map((e) => e.trace)).toContain(`02100002${String(p.ach_sequence).padStart(7, '0')}`);
      expect((await ledgerOf(ts().db, id)).map((l) => [l.kind, l.amount_cents])).toEqual([
        ['charge', 3199],
        ['payment', 3199],
      ]);
    }
    // The copy in ACH_OUT_DIR is sealed and bound to its name; the same day run again makes no second file.
    const copy = await fs.readFile(path.join(ts().app.config.ACH_OUT_DIR, 'ach-2026-12-05-A.txt'));
    expect(copy.includes(Buffer.from('000123456789'))).toBe(false);
    expect(ts().app.sealer.openBytes(copy, achOutContext('ach-2026-12-05-A.txt')).toString('utf8')).toBe(text);
    expect((await collectBankPayments(deps(ts()), '2026-12-05')).file).toBeNull();
  });

  it('settles on the next business day: a Friday file on Monday, a Saturday file on Monday', () => {
    expect(nextBusinessDay('2026-12-04')).toBe('2026-12-07');
    expect(nextBusinessDay('2026-12-05')).toBe('2026-12-07');
    expect(nextBusinessDay('2026-12-07')).toBe('2026-12-08');
  });
});

describe.skipIf(!TEST_DATABASE_URL)('the bank step in two store processes on one PostgreSQL database', () => {
  const stores = twoStoresSharingPostgres();
  it('debits each payment in one file only when both run the same day at the same time', async () => {
    const { one, two } = stores();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await bankMember(one, '011000015', `00012345${String(i).padStart(4, '0')}`));
    await createDuePayments(one.db, '2026-12-05');
    const [x, y] = await Promise.all([collectBankPayments(deps(one), '2026-12-05'), collectBankPayments(deps(two), '2026-12-05')]);
    const files = [x.file, y.file].filter((f) => f !== null);
    const entries = [];
    for (const f of files) {
      const row = (await achFile(one.db, f.id))!;
      entries.push(...readNacha(one.app.sealer.open(row.content_enc!, achFileContext(row.id))).batches[0].entries.map((e) => e.account));
    }
    const mine = entries.filter((a) => a.startsWith('00012345'));
    expect(mine).toHaveLength(20);
    expect(new Set(mine).size).toBe(20);
  });
});
