import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { changesChannel, openDb } from '../../src/db/client.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';

/**
 * A process's own writes are seen by its next read (docs/decisions/1100-one-pipeline.md): on PostgreSQL a statement
 * that wrote resolves only once this process's listening connection has heard the notices of its commit. That must
 * hold on every connection of the pool, the first one too (it creates the test's schema before anything else runs).
 */
describe.skipIf(!TEST_DATABASE_URL)('own writes on PostgreSQL', () => {
  it("hears every write's notice before the write resolves, on each of the pool's connections, one round trip at a time", async () => {
    // The listening connection is one client: its round trips must not overlap (pg 8 warns, pg 9 refuses).
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const handle = await openDb({ databaseUrl: TEST_DATABASE_URL!, schema, poolMax: 4 });
    const heard = new Set<string>();
    const stop = await handle.listen(
      (payload) => heard.add(payload),
      () => undefined,
    );
    try {
      const channel = changesChannel(schema);
      await sql`create table marks (n int)`.execute(handle.db);
      await sql
        .raw(
          `create function mark_notice() returns trigger language plpgsql as $$ begin perform pg_notify('${channel}', 'mark:' || new.n); return new; end $$;
           create trigger marks_notice after insert on marks for each row execute function mark_notice();`,
        )
        .execute(handle.db);
      const missed: number[] = [];
      // Four writers at once keep all four connections busy, so each of them writes.
      await Promise.all(
        [0, 1, 2, 3].map(async (w) => {
          for (let n = w; n < 80; n += 4) {
            await sql`insert into marks (n) values (${n})`.execute(handle.db);
            if (!heard.has(`mark:${n}`)) missed.push(n);
          }
        }),
      );
      expect(missed).toEqual([]);
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await stop();
      await handle.close();
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    }
  });
});
