import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/**
 * Versioned migrations in db/migrations (NNNN_name.ts), applied on start, the same on PGlite and PostgreSQL.
 * Features own number ranges (see db/migrations/README.md), so unordered application is allowed.
 */
class FolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const dir = path.join(import.meta.dirname, 'migrations');
    const files = (await fs.readdir(dir)).filter((f) => /^\d{4}_.*\.ts$/.test(f)).sort();
    const out: Record<string, Migration> = {};
    for (const f of files) out[f.replace(/\.ts$/, '')] = await import(pathToFileURL(path.join(dir, f)).href);
    return out;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Name the current schema: otherwise Kysely takes another schema's migration tables (several stores or
  // test files sharing one PostgreSQL database) for its own and fails with "kysely_migration_lock does not exist".
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider: new FolderProvider(), allowUnorderedMigrations: true, migrationTableSchema: rows[0].schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
