import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';

/** A migration file's name: NNNN_name.ts. */
export const MIGRATION_FILE = /^\d{4}_.*\.ts$/;

/**
 * Every migration of this folder, by name (file name without .ts), read from disk. The built server
 * (apps/server/build.ts) replaces this module with static imports of the same files.
 */
export async function loadMigrations(): Promise<Record<string, Migration>> {
  const dir = import.meta.dirname;
  const files = (await fs.readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  const out: Record<string, Migration> = {};
  for (const f of files) out[f.replace(/\.ts$/, '')] = await import(pathToFileURL(path.join(dir, f)).href);
  return out;
}
