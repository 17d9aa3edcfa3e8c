import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { collectCardPayments } from '../../src/modules/billing/collect-service.ts';
import { verifyLedgerChain } from '../../src/modules/billing/ledger-chain.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { describeEachDb, TEST_DATABASE_URL, twoStoresSharingPostgres } from '../helpers/store.ts';
import { ledgerMember, runCards } from './ledger-fixtures.ts';
import { payingMember } from './members.ts';

describeEachDb("the ledger's hash chain", (ts) => {
  it('chains every row as it is written, and finds a row changed or removed behind the immutability trigger', async () => {
    for (const [card, name] of [
      ['4242424242424242', 'Ada'],
      ['4000000000009995', 'Ian'],
      ['5555555555554444', 'Mo'],
    ])
      await ledgerMember(ts(), { card }, name);
    await runCards(ts(), '2026-12-05');
    await runCards(ts(), '2026-12-08');
    const rows = await ts().db.selectFrom('ledger_entries').select(['id', 'chain_seq', 'prev_hash', 'hash']).orderBy('chain_seq').execute();
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(rows.map((r) => Number(r.chain_seq))).toEqual(rows.map((_, i) => i + 1));
    expect(rows[0].prev_hash).toBe('0'.repeat(64));
    for (let i = 1; i < rows.length; i++) expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
    expect(await verifyLedgerChain(ts().db, 3)).toEqual({ rows: rows.length, problems: [] });

    // Someone with the database's rights sets the trigger aside and edits an amount, then removes a row.
    const db = ts().db;
    const [a, b] = [rows[2], rows[4]];
    await sql`alter table ledger_entries disable trigger ledger_entries_immutable`.execute(db);
    await sql`update ledger_entries set amount_cents = 1 where id = ${a.id}`.execute(db);
    expect((await verifyLedgerChain(db)).problems).toEqual([{ chain_seq: 3, id: a.id, problem: 'changed' }]);
    await sql`update ledger_entries set amount_cents = 3199 where id = ${a.id}`.execute(db);
    await sql`delete from ledger_entries where id = ${b.id}`.execute(db);
    await sql`alter table ledger_entries enable trigger ledger_entries_immutable`.execute(db);
    expect((await verifyLedgerChain(db)).problems).toEqual([{ chain_seq: 6, id: rows[5].id, problem: 'missing-before' }]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)("the ledger's hash chain with two store processes on one PostgreSQL database", () => {
  const stores = twoStoresSharingPostgres();
  it('stays one chain when both run the same billing day at the same time', async () => {
    const { one, two } = stores();
    for (let i = 0; i < 30; i++) await payingMember({ db: one.db, sealer: one.app.sealer }, { card: '4242424242424242' }, { billDay: 5 });
    const offline = new LocalOfflineProvider();
    await Promise.all([createDuePayments(one.db, '2026-12-05', 7), createDuePayments(two.db, '2026-12-05', 7)]);
    await Promise.all([
      collectCardPayments(one.db, offline, '2026-12-05', { batch: 4 }),
      collectCardPayments(two.db, offline, '2026-12-05', { batch: 4 }),
    ]);
    expect(await verifyLedgerChain(one.db)).toEqual({ rows: 60, problems: [] });
  });
});
