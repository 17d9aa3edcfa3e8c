import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { loadMigrations } from '../../src/db/migrations/all.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';

/**
 * Stores that start at the same moment on one PostgreSQL database (two processes on a fresh schema, parallel test
 * files each on its own schema) all come up migrated. Two starts creating the same schema at once used to fail
 * with a unique violation on pg_namespace ("create schema if not exists" loses that race; src/db/client.ts).
 */
describe.skipIf(!TEST_DATABASE_URL)('migrations: stores starting at once on one PostgreSQL database', () => {
  const schemas: string[] = [];
  afterAll(async () => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    for (const s of schemas) await c.query(`drop schema if exists "${s}" cascade`);
    await c.end();
  });

  it('migrates six stores at once, two of them sharing a fresh schema, each to every migration', async () => {
    const fresh = () => {
      const s = `t_mig_${crypto.randomBytes(5).toString('hex')}`;
      schemas.push(s);
      return s;
    };
    const shared = fresh();
    const targets = [shared, shared, fresh(), fresh(), fresh(), fresh()];
    const handles = await Promise.all(targets.map((schema) => openDb({ databaseUrl: TEST_DATABASE_URL, schema })));
    try {
      const outcomes = await Promise.allSettled(handles.map((h) => migrateToLatest(h.db)));
      expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
      const expected = Object.keys(await loadMigrations()).sort();
      for (const h of handles) {
        const applied = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(h.db)).rows.map((r) => r.name);
        expect(applied).toEqual(expected);
      }
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  }, 120_000);
});
