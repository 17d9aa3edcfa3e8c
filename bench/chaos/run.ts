import { buildStore } from './stores.ts';
import { printTable, type Row } from './verify.ts';
import { postgresRestart } from './faults/postgres-restart.ts';
import { mailDown } from './faults/mail-down.ts';
import { processKill } from './faults/process-kill.ts';
import { gracefulStop } from './faults/graceful-stop.ts';
import { sftpDown } from './faults/sftp-down.ts';
import { soak } from './faults/soak.ts';
import { backupRestore } from './faults/backup-restore.ts';

/**
 * npm run chaos [-- --quick] [-- --only <fault>]: starts its own PostgreSQL, mail catcher and store processes per
 * fault, injects the fault, and prints what was sent, acknowledged, lost and duplicated. Exits 1 when anything was
 * lost or duplicated (docs/operations.md).
 */
const FAULTS: Record<string, (opts: { quick: boolean }) => Promise<Row[]>> = {
  'postgres-restart': postgresRestart,
  'mail-down': mailDown,
  'process-kill': processKill,
  'graceful-stop': gracefulStop,
  'sftp-down': sftpDown,
  'backup-restore': backupRestore,
};

/** The soak: its short form (CHAOS_SOAK_SECONDS, 60 s) is part of `--quick`; its long form (an hour) runs only when named. */
const OPT_IN: typeof FAULTS = { soak };

async function main() {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const only = args.includes('--only')
    ? args[args.indexOf('--only') + 1]!.split(',')
    : [...Object.keys(FAULTS), ...(quick ? Object.keys(OPT_IN) : [])];
  const started = Date.now();
  if (!args.includes('--no-build')) buildStore();
  const rows: Row[] = [];
  for (const name of only) {
    const fault = FAULTS[name] ?? OPT_IN[name];
    if (!fault) throw new Error(`unknown fault ${name}: one of ${Object.keys({ ...FAULTS, ...OPT_IN }).join(', ')}`);
    const t = Date.now();
    try {
      rows.push(...(await fault({ quick })));
    } catch (err) {
      rows.push({
        fault: name,
        what: 'harness',
        sent: 0,
        acknowledged: 0,
        lost: 1,
        duplicated: 0,
        note: String((err as Error).stack ?? err).slice(0, 300),
      });
    }
    console.error(`${name}: ${Math.round((Date.now() - t) / 1000)} s`);
  }
  printTable(rows);
  const bad = rows.filter((r) => r.lost > 0 || r.duplicated > 0);
  console.log(
    `\n${bad.length ? `FAILED: ${bad.length} line(s) with losses or duplicates` : 'ok'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  process.exit(bad.length ? 1 : 0);
}

void main();
