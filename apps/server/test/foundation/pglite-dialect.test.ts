import type { Worker } from 'node:worker_threads';
import { PGlite, protocol } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../src/db/client.ts';
import { PGliteLink } from '../../src/db/pglite-link.ts';

/**
 * The embedded database's thread parses PGlite's answers itself (resultsOf in db/pglite-results.ts, without
 * PGlite's per-call copy of its parser table). Its rows must be what PGlite's own parser gives, type by type.
 */
describe('PGlite dialect: rows as PGlite parses them', () => {
  let handle: DbHandle;
  let raw: PGlite;
  const parsers = { 1082: (v: string) => v, 20: (v: string) => Number(v) };

  beforeAll(async () => {
    handle = await openDb({});
    raw = new PGlite({ parsers });
    await raw.waitReady;
    const ddl = `create table t (
      id int primary key, big bigint, n numeric(10,2), f float8, ok boolean, d date, ts timestamptz, tsn timestamp,
      j jsonb, js json, arr int[], tags text[], b bytea, u uuid, note text)`;
    await sql.raw(ddl).execute(handle.db);
    await raw.exec(ddl);
    const rows = `insert into t values
      (1, 9007199254740991, 12.5, 1.25, true, '2026-11-24', '2026-11-24 05:00:00+00', '2026-11-24 05:00:00',
       '{"a":[1,{"b":null}]}', '{"x":1}', '{1,2,3}', '{"a b","c"}', '\\x0102ff', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'héllo'),
      (2, null, null, null, null, null, null, null, null, null, null, null, null, null, null)`;
    await sql.raw(rows).execute(handle.db);
    await raw.exec(rows);
  });
  afterAll(async () => {
    await handle?.close();
    await raw?.close();
  });

  it('gives every column type the value PGlite gives, with and without parameters', async () => {
    const expected = (await raw.query('select * from t order by id')).rows;
    expect(expected).toHaveLength(2);
    // Without parameters (simple protocol) and with them (extended protocol, prepared).
    const simple = await handle.db.executeQuery(CompiledQuery.raw('select * from t order by id'));
    const extended = await sql`select * from t where id >= ${1} order by id`.execute(handle.db);
    expect(simple.rows).toEqual(expected);
    expect(extended.rows).toEqual(expected);
    expect((extended.rows[0] as { ts: unknown }).ts).toBeInstanceOf(Date);
    expect((extended.rows[0] as { d: unknown }).d).toBe('2026-11-24');
    expect((extended.rows[0] as { big: unknown }).big).toBe(9007199254740991);
    expect((extended.rows[0] as { j: unknown }).j).toEqual({ a: [1, { b: null }] });
    expect((extended.rows[0] as { arr: unknown }).arr).toEqual([1, 2, 3]);
  });

  it('counts affected rows as PGlite does, and gives the last statement of several its rows', async () => {
    const update = await sql`update t set note = ${'x'} where id <= ${2}`.execute(handle.db);
    expect(update.numAffectedRows).toBe(2n);
    const insert = await handle.db.executeQuery(CompiledQuery.raw('insert into t (id) values (3), (4)'));
    expect(insert.numAffectedRows).toBe(2n);
    const several = await handle.db.executeQuery(CompiledQuery.raw('select 1 as one; select id from t order by id desc limit 1'));
    expect(several.rows).toEqual([{ id: 4 }]);
  });

  it('raises the database error of a failed statement, and goes on working after it', async () => {
    await expect(sql`insert into t (id) values (${1})`.execute(handle.db)).rejects.toMatchObject({ code: '23505' });
    await expect(handle.db.executeQuery(CompiledQuery.raw('select * from missing_table'))).rejects.toMatchObject({ code: '42P01' });
    const after = await sql<{ n: number }>`select count(*)::int as n from t`.execute(handle.db);
    expect(after.rows).toEqual([{ n: 4 }]);
  });

  it('keeps transactions whole', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into t (id) values (${10})`.execute(trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const kept = await sql<{ n: number }>`select count(*)::int as n from t where id = ${10}`.execute(handle.db as Kysely<unknown>);
    expect(kept.rows).toEqual([{ n: 0 }]);
  });
});

describe("PGlite's own thread", () => {
  it('leaves the main thread free while a long statement runs', async () => {
    const handle = await openDb({});
    try {
      // Timers keep firing on the main thread while the database works for a good while on its own thread.
      const ticks: number[] = [];
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        ticks.push(now - last);
        last = now;
      }, 10);
      const started = performance.now();
      await sql`select count(*) from generate_series(1, 3000000)`.execute(handle.db);
      const took = performance.now() - started;
      clearInterval(timer);
      expect(took).toBeGreaterThan(100);
      expect(ticks.length).toBeGreaterThan(took / 10 / 3);
      expect(Math.max(...ticks)).toBeLessThan(Math.max(100, took / 3));
    } finally {
      await handle.close();
    }
  });

  it('fails every waiting call and says so when the thread dies', async () => {
    const fatal: Error[] = [];
    const link = await PGliteLink.start({ onFatal: (err) => fatal.push(err) });
    const waiting = link.protocol(protocol.serialize.query('select count(*) from generate_series(1, 3000000)'));
    await (link as unknown as { worker: Worker }).worker.terminate();
    await expect(waiting).rejects.toThrow("The embedded database's thread stopped");
    await expect(link.protocol(protocol.serialize.query('select 1'))).rejects.toThrow("The embedded database's thread stopped");
    expect(fatal).toHaveLength(1);
  });

  it('closes without being taken for a failure', async () => {
    const fatal: Error[] = [];
    const link = await PGliteLink.start({ onFatal: (err) => fatal.push(err) });
    expect(await link.protocol(protocol.serialize.query('select 1 as one'))).toEqual([{ rows: [{ one: 1 }], affectedRows: 0 }]);
    await link.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(fatal).toEqual([]);
    await expect(link.protocol(protocol.serialize.query('select 1'))).rejects.toThrow('The embedded database is closed');
  });
});
