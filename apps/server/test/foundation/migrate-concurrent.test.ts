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
 * A store migrating while another test file drops its own schema used to fail with "schema … does not exist":
 * Kysely's introspector read every schema of the database (src/db/introspector.ts).
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
        const applied = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(h.db)).rows.map(
          (r) => r.name,
        );
        expect(applied).toEqual(expected);
      }
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  }, 120_000);

  it('migrates while others drop their schemas (the migrator looks at its own schema only)', async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    let churning = true;
    // Other stores coming and going: schemas with a few tables (serial columns, as ours have) made and dropped.
    const churn = (async () => {
      let made = 0;
      while (churning) {
        const s = `t_churn_${crypto.randomBytes(5).toString('hex')}`;
        await admin.query(
          `create schema "${s}"; ${Array.from({ length: 6 }, (_, i) => `create table "${s}".t${i} (id serial primary key, a text, b int, c text)`).join(';')}`,
        );
        await admin.query(`drop schema "${s}" cascade`);
        made++;
      }
      return made;
    })();
    const failures: string[] = [];
    try {
      for (let round = 0; round < 6; round++) {
        const targets = [0, 1, 2].map(() => {
          const s = `t_mig_${crypto.randomBytes(5).toString('hex')}`;
          schemas.push(s);
          return s;
        });
        const handles = await Promise.all(targets.map((schema) => openDb({ databaseUrl: TEST_DATABASE_URL, schema })));
        try {
          const outcomes = await Promise.allSettled(handles.map((h) => migrateToLatest(h.db)));
          failures.push(...outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)));
        } finally {
          await Promise.all(handles.map((h) => h.close()));
        }
      }
    } finally {
      churning = false;
      expect(await churn).toBeGreaterThan(0);
      await admin.end();
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
