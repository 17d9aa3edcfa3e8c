import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Sealer, parseKeyring } from '../../../apps/server/src/lib/crypto.ts';
import { carrierArchiveContext, carrierFileContext } from '../../../apps/server/src/db/sealed-columns.ts';
import { read834 } from '../../../apps/server/src/modules/carriers/x12/read-834.ts';
import { PROCESS_DATA_KEY } from '../../../apps/server/test/security/process.ts';
import { binary, startOwnPostgres } from '../postgres.ts';
import { startStore, stopStores } from '../stores.ts';
import { Shopper } from '../shopper.ts';
import type { Row } from '../verify.ts';
import { sleep, startWorld } from '../world.ts';

/** Every file under a folder, relative paths. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort()
    : [];

/**
 * Backup and restore (docs/operations.md): after traffic, the database is dumped (pg_dump -Fc) and the sealed files of
 * each process's DATA_DIR (the carriers' archive) are copied; both are restored onto a new PostgreSQL cluster and a new
 * DATA_DIR, and a store started on them with the same DATA_KEY. Everything completed before the backup is there, every
 * sealed column and file opens with the key and reads back (the 834s by the X12 reader), and a new completion on the
 * restored store goes through.
 */
export async function backupRestore(opts: { quick: boolean }): Promise<Row[]> {
  const fault = 'backup and restore';
  const world = await startWorld({ stores: 2 });
  const backup = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-backup-'));
  let restored: Awaited<ReturnType<typeof startOwnPostgres>> | null = null;
  let store: Awaited<ReturnType<typeof startStore>> | null = null;
  let dataDir = '';
  try {
    let stop = false;
    const traffic = world.shop(opts.quick ? 3 : 6, () => stop);
    await sleep(opts.quick ? 8000 : 30_000);
    stop = true;
    await traffic;
    // Let the delivery jobs archive the last files, then back up: the database, then the files.
    await sleep(3000);
    const dump = path.join(backup, 'store.dump');
    execFileSync(binary('pg_dump'), ['-Fc', '-f', dump, world.pg.url], { stdio: ['ignore', 'ignore', 'pipe'] });
    for (const s of world.stores) {
      const drop = path.join(s.dataDir, 'carrier-drop');
      if (fs.existsSync(drop)) fs.cpSync(drop, path.join(backup, 'carrier-drop'), { recursive: true });
    }
    const before = await world.pg.query<{ confirmation_number: string }>(
      `select confirmation_number from enrollments where confirmation_number is not null order by 1`,
    );
    await stopStores(world.stores);
    world.stores = [];

    // The restore: a new cluster and a new DATA_DIR.
    restored = await startOwnPostgres();
    execFileSync(binary('pg_restore'), ['--no-owner', '-d', restored.url, dump], { stdio: ['ignore', 'ignore', 'pipe'] });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-restored-'));
    if (fs.existsSync(path.join(backup, 'carrier-drop')))
      fs.cpSync(path.join(backup, 'carrier-drop'), path.join(dataDir, 'carrier-drop'), { recursive: true });
    const after = await restored.query<{ confirmation_number: string }>(
      `select confirmation_number from enrollments where confirmation_number is not null order by 1`,
    );
    const missing = before.filter((b) => !after.some((a) => a.confirmation_number === b.confirmation_number));

    // Sealed at rest: every 834 opens with the key from the restored database, and its archived copy from the files.
    const sealer = new Sealer(parseKeyring(PROCESS_DATA_KEY));
    const files = await restored.query<{ id: number; file_name: string; content_enc: string; status: string }>(
      `select id, file_name, content_enc, status from carrier_files order by id`,
    );
    const archived = filesUnder(path.join(dataDir, 'carrier-drop'));
    let unreadable = 0;
    let notArchived = 0;
    for (const f of files) {
      try {
        const text = sealer.open(f.content_enc, carrierFileContext(f.id));
        if (!read834(text).enrollments.length) unreadable++;
        const copy = archived.find((a) => path.basename(a) === f.file_name);
        if (!copy) {
          if (f.status !== 'generated') notArchived++;
          continue;
        }
        const opened = sealer
          .openBytes(fs.readFileSync(path.join(dataDir, 'carrier-drop', copy)), carrierArchiveContext(f.file_name))
          .toString('utf8');
        if (opened !== text) unreadable++;
      } catch {
        unreadable++;
      }
    }

    // The restored store serves: a new shopper completes.
    store = await startStore('restored', { DATABASE_URL: restored.url, DATA_DIR: dataDir, SMTP_URL: world.smtp.url });
    const shopper = new Shopper(() => store!.baseUrl, { giveUpMs: 30_000, ...world.plan, seq: 900_001 });
    const journey = await shopper.journey();
    return [
      {
        fault,
        what: 'completions in the backup',
        sent: before.length,
        acknowledged: before.length - missing.length,
        lost: missing.length + (before.length ? 0 : 1),
        duplicated: after.length - before.length,
        note: `restored into a new cluster with pg_restore; ${after.length} completed enrollments there`,
      },
      {
        fault,
        what: 'sealed 834s (column and file)',
        sent: files.length,
        acknowledged: files.length - unreadable - notArchived,
        lost: unreadable + notArchived + (files.length ? 0 : 1),
        duplicated: 0,
        note: `opened with DATA_KEY and read back by the X12 reader; archived copies restored: ${archived.length}, not archived: ${notArchived}`,
      },
      {
        fault,
        what: 'the restored store',
        sent: 1,
        acknowledged: journey.completed ? 1 : 0,
        lost: journey.completed ? 0 : 1,
        duplicated: 0,
        note: journey.completed ? 'a new completion went through' : `a new completion failed: ${journey.error ?? ''}`.slice(0, 200),
      },
    ];
  } finally {
    if (store) await stopStores([store]);
    restored?.destroy();
    await world.close();
    fs.rmSync(backup, { recursive: true, force: true });
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
