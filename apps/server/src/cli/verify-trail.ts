import { loadConfig } from '../config/env.ts';
import { runAsCommand } from './run-command.ts';
import { openDb } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { verifyTrail } from '../modules/trail/index.ts';

/**
 * Checks the enrollments' audit trails (issue 22): every row's hash recomputed over its contents and the hash before
 * it, the sequence without gaps. Prints each broken row and exits 1 when any is found:
 *
 *   npm run verify-trail                 every enrollment
 *   npm run verify-trail -- <enrollment id>
 *
 * On the embedded database, stop the store first (one process opens DATA_DIR at a time).
 */
export async function main(argv: string[]) {
  const id = argv.find((a) => !a.startsWith('-'));
  const config = loadConfig();
  const handle = await openDb(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    const r = await verifyTrail(handle.db, id);
    for (const p of r.problems) console.error(`${p.enrollment_id} #${p.seq}: ${p.problem}`);
    console.log(
      `${r.enrollments} trail(s), ${r.events} event(s) checked: ${r.problems.length ? `${r.problems.length} problem(s)` : 'intact'}.`,
    );
    if (r.problems.length) throw new Error('The audit trail was changed.');
  } finally {
    await handle.close();
  }
}

runAsCommand(import.meta.url, main);
