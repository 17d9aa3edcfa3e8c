import { Migrator, sql, type Kysely } from 'kysely';
import { loadMigrations } from './migrations/all.ts';

/**
 * Versioned migrations in db/migrations (NNNN_name.ts), applied on start, the same on PGlite and PostgreSQL.
 * Features own number ranges (see db/migrations/README.md), so unordered application is allowed.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Name the current schema: otherwise Kysely takes another schema's migration tables (several stores or
  // test files sharing one PostgreSQL database) for its own and fails with "kysely_migration_lock does not exist".
  const { rows } = await sql<{ schema: string; has_table: boolean }>`
    select current_schema() as schema, to_regclass(format('%I.kysely_migration', current_schema())) is not null as has_table`.execute(db);
  const { schema, has_table } = rows[0];
  // The usual start on an existing database: every migration is in place, so skip the migrator (its lock and
  // table checks cost a dozen queries).
  const migrations = await loadMigrations();
  if (has_table) {
    const applied = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name));
    if (Object.keys(migrations).every((name) => applied.has(name))) return;
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
