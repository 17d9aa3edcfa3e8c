import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/env.ts';
import { runAsCommand } from './run-command.ts';
import { openDb } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { importFedAch } from '../modules/enrollment/index.ts';

/**
 * Loads the Federal Reserve's FedACH directory file into the bank routing directory (README, "Bank routing
 * directory"):
 *
 *   npm run import-fedach -- FedACHdir.txt
 *
 * On the embedded database, stop the store first (one process opens DATA_DIR at a time); with DATABASE_URL it
 * can run beside a live store. All or nothing: a line that is not a FedACH record changes nothing.
 */
async function main(argv: string[]) {
  const file = argv.find((a) => !a.startsWith('-'));
  if (!file) throw new Error('Usage: npm run import-fedach -- <FedACH directory file>');
  const text = fs.readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'latin1');
  const config = loadConfig();
  const handle = await openDb(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    const r = await importFedAch(handle.db, text);
    if (!r.ok) {
      for (const p of r.problems.slice(0, 20)) console.error(`${file}:${p.line}: ${p.message}`);
      if (r.problems.length > 20) console.error(`… and ${r.problems.length - 20} more`);
      throw new Error('Nothing was imported.');
    }
    console.log(`Imported ${r.imported} routing number(s) from ${file}.`);
  } finally {
    await handle.close();
  }
}

runAsCommand(import.meta.url, main);
