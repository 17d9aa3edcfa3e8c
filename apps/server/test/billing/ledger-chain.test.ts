import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { collectCardPayments } from '../../src/modules/billing/collect-service.ts';
import { verifyLedgerChain } from '../../src/modules/billing/ledger-chain.ts';
import { appendLedger } from '../../src/modules/billing/ledger-append-repository.ts';
import { ledgerRowHash } from '../../src/modules/billing/ledger-hash.ts';
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

describeEachDb("the ledger's hash chain written a batch at a time (decision 2740)", (ts) => {
  const row = (key: string) => ({
    enrollment_id: null,
    period: '2027-01',
    kind: 'adjustment' as const,
    amount_cents: 100,
    payment_id: null,
    reason: null,
    idempotency_key: key,
  });

  it('chains a batch in Node, each key once, and a row the trigger chains in the same transaction follows it', async () => {
    const db = ts().db;
    expect(await appendLedger(db, [row('b:1'), row('b:2'), row('b:1')])).toBe(2);
    await db.transaction().execute(async (trx) => {
      expect(await appendLedger(trx, [row('b:2'), row('b:3'), row('b:4')])).toBe(2);
      // A writer that leaves the chain to the row trigger (a refund) continues after the batch.
      await trx.insertInto('ledger_entries').values(row('b:5')).execute();
      expect(await appendLedger(trx, [row('b:6')])).toBe(1);
    });
    const rows = await db.selectFrom('ledger_entries').select(['idempotency_key', 'chain_seq']).orderBy('chain_seq').execute();
    expect(rows.map((r) => [r.idempotency_key, Number(r.chain_seq)])).toEqual([
      ['b:1', 1],
      ['b:2', 2],
      ['b:3', 3],
      ['b:4', 4],
      ['b:5', 5],
      ['b:6', 6],
    ]);
    expect((await verifyLedgerChain(db, 4)).problems).toEqual([]);
  });

  it('refuses a statement whose rows do not continue the chain or whose hash is not their fields', async () => {
    const db = ts().db;
    await appendLedger(db, [row('c:1')]);
    const tail = await db.selectFrom('ledger_entries').select(['chain_seq', 'hash']).orderBy('chain_seq', 'desc').executeTakeFirstOrThrow();
    const at = '2026-12-28T00:00:00.000000Z';
    const next = { ...row('c:2'), chain_seq: Number(tail.chain_seq) + 1, at };
    const good = ledgerRowHash({ ...next, prev_hash: tail.hash! });
    const insert = (v: { prev_hash: string; hash: string; chain_seq?: number }) =>
      db
        .insertInto('ledger_entries')
        .values({ ...row('c:2'), created_at: at, chain_seq: v.chain_seq ?? next.chain_seq, prev_hash: v.prev_hash, hash: v.hash })
        .execute();
    // Not after the chain's last row; a hash that is not the row's; a place skipped.
    await expect(insert({ prev_hash: '0'.repeat(64), hash: good })).rejects.toThrow(/does not continue the hash chain/);
    await expect(insert({ prev_hash: tail.hash!, hash: 'f'.repeat(64) })).rejects.toThrow(/does not continue the hash chain/);
    await expect(insert({ prev_hash: tail.hash!, hash: good, chain_seq: next.chain_seq + 1 })).rejects.toThrow(
      /does not continue the hash chain/,
    );
    await insert({ prev_hash: tail.hash!, hash: good });
    expect((await verifyLedgerChain(db)).problems).toEqual([]);
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
