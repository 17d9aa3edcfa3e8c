import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config/env.ts';
import { runAsCommand } from './run-command.ts';
import { openDb } from '../db/client.ts';
import { SEALED_VALUE, Sealer, type Keyring, type SealContext } from '../lib/crypto.ts';
import { addKeyToKeyFile, loadKeyring } from '../lib/keys.ts';
import { resealCarrierArchive } from './reseal-carrier-archive.ts';
import { privateMediaContext, SEALED_ROW_ID_SQL } from '../db/sealed-columns.ts';
import {
  lockMarkedRows,
  lockPlainPrivateMedia,
  sealableColumns,
  setMediaData,
  setValueAt,
  tablesWithId as tablesWithIdOf,
} from '../lib/sealed-values-repository.ts';

/**
 * Key rotation of the sealed values (AES-256-GCM, lib/crypto.ts): every sealed value of every table, whether a
 * whole text column (members.ssn_enc …) or a string anywhere inside a JSON column (enrollments.tabs …), that
 * was sealed with an older key of the ring, or in the older s1 format (no associated data), is opened and sealed
 * again with the current (first) key, bound to its table, column and row id (db/sealed-columns.ts). Runs in
 * batches, each batch one transaction, so it can run beside a live store on PostgreSQL and be resumed after
 * an interruption.
 *
 *   DATA_KEY="k2:<new>,k1:<old>" npm run rotate-keys          (keys in the environment)
 *   npm run rotate-keys -- --generate-key                      (adds a key to DATA_KEY_FILE, or DATA_DIR/data.key)
 *   npm run rotate-keys -- --dry-run --batch=200
 *
 * Digests (resume codes) cannot be re-computed without their text: keep the old key listed (it then only
 * decrypts) until they expire (7 days), then remove it. See SECURITY.md.
 */
export interface RotationReport {
  currentKey: string;
  /** "table.column" -> values re-sealed */
  resealed: Record<string, number>;
  /** Values that could not be opened (unknown key or damaged): left as they were. */
  unreadable: Record<string, number>;
  rowsUpdated: number;
}

/** Re-seal one value tree: returns the new tree and counts, or null when nothing changed. */
function resealValue(value: unknown, ctx: SealContext, sealer: Sealer, count: { resealed: number; unreadable: number }): unknown {
  if (typeof value === 'string') {
    if (!SEALED_VALUE.test(value) || !sealer.needsRotation(value)) return value;
    try {
      const plain = sealer.open(value, ctx);
      count.resealed++;
      return sealer.seal(plain, ctx);
    } catch {
      count.unreadable++;
      return value;
    }
  }
  if (Array.isArray(value)) return value.map((v) => resealValue(v, ctx, sealer, count));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = resealValue(v, ctx, sealer, count);
    return out;
  }
  return value;
}

export async function rotateSealedValues(
  db: Kysely<any>,
  ring: Keyring,
  opts: { batchSize?: number; dryRun?: boolean; log?: (line: string) => void } = {},
): Promise<RotationReport> {
  const sealer = new Sealer(ring);
  const batchSize = opts.batchSize ?? 500;
  const oldIds = [...ring.keys.keys()].filter((id) => id !== ring.currentId);
  const report: RotationReport = { currentKey: ring.currentId, resealed: {}, unreadable: {}, rowsUpdated: 0 };

  const columns = await sealableColumns(db);
  const tablesWithId = await tablesWithIdOf(db);
  for (const col of columns) {
    // The row id the values are bound to (a table without one holds no sealed values).
    const rowIdSql = SEALED_ROW_ID_SQL[col.table_name] ?? (tablesWithId.has(col.table_name) ? 'id::text' : null);
    if (!rowIdSql) continue;
    const isJson = col.data_type === 'json' || col.data_type === 'jsonb';
    const isBytes = col.data_type === 'bytea';
    // Only rows holding a value sealed with an old key or in the old format. bytea (screenshots): bytes sealed as bytes
    // (b2) with an old key, and values sealed as text of any key, which become b2.
    const marks = isBytes
      ? ['s1.', 's2.', ...oldIds.map((id) => `b2.${id}.`)]
      : ['s1.', ...oldIds.map((id) => `s2.${id}.`)].map((m) => (isJson ? `"${m}` : m));
    const key = `${col.table_name}.${col.column_name}`;
    let last = '(0,0)';
    for (;;) {
      const done = await db.transaction().execute(async (trx) => {
        const rows = await lockMarkedRows(trx, col, { marks, rowIdSql, after: last, limit: batchSize });
        for (const row of rows) {
          last = row.ctid;
          const count = { resealed: 0, unreadable: 0 };
          const ctx = { table: col.table_name, column: col.column_name, id: row.row_id };
          if (isBytes) {
            try {
              const bytes = sealer.sealBytes(sealer.openBytes(row.v as Uint8Array, ctx), ctx);
              report.resealed[key] = (report.resealed[key] ?? 0) + 1;
              report.rowsUpdated++;
              if (!opts.dryRun) await setValueAt(trx, col, row.ctid, bytes);
            } catch {
              report.unreadable[key] = (report.unreadable[key] ?? 0) + 1;
            }
            continue;
          }
          const v = row.v as string;
          const next = isJson
            ? JSON.stringify(resealValue(JSON.parse(v), ctx, sealer, count))
            : (resealValue(v, ctx, sealer, count) as string);
          if (count.unreadable) report.unreadable[key] = (report.unreadable[key] ?? 0) + count.unreadable;
          if (!count.resealed) continue;
          report.resealed[key] = (report.resealed[key] ?? 0) + count.resealed;
          report.rowsUpdated++;
          if (opts.dryRun) continue;
          await setValueAt(trx, col, row.ctid, next);
        }
        return rows.length < batchSize;
      });
      if (done) break;
    }
    if (report.resealed[key]) opts.log?.(`${key}: ${report.resealed[key]} value(s) sealed again with key ${ring.currentId}`);
  }
  const plain = await sealPlainPrivateMedia(db, sealer, batchSize, !!opts.dryRun);
  if (plain) {
    report.resealed['media.data'] = (report.resealed['media.data'] ?? 0) + plain;
    report.rowsUpdated += plain;
    opts.log?.(`media.data: ${plain} private file(s) stored before sealing sealed with key ${ring.currentId}`);
  }
  return report;
}

/**
 * Private files (signature images, signed applications, receipts) stored in clear before they were sealed (issue
 * 34): sealed as bytes, bound to their media id, in batches of one transaction each. Returns how many.
 */
async function sealPlainPrivateMedia(db: Kysely<any>, sealer: Sealer, batchSize: number, dryRun: boolean): Promise<number> {
  let count = 0;
  let last = '';
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const rows = await lockPlainPrivateMedia(trx, last, batchSize);
      for (const row of rows) {
        last = row.id;
        count++;
        if (!dryRun) await setMediaData(trx, row.id, sealer.sealBytes(row.data, privateMediaContext(row.id)));
      }
      return rows.length < batchSize;
    });
    if (done) return count;
  }
}

async function main(argv: string[]) {
  const config = loadConfig();
  const dryRun = argv.includes('--dry-run');
  const batch = Number(argv.find((a) => a.startsWith('--batch='))?.split('=')[1] ?? 500);
  if (argv.includes('--generate-key') && config.DATA_KEY) {
    throw new Error(
      '--generate-key works on a key file (DATA_KEY_FILE, or DATA_DIR/data.key); with DATA_KEY, put the new key first in DATA_KEY yourself.',
    );
  }
  // The same rules as the store's start (production needs DATA_KEY or DATA_KEY_FILE; PostgreSQL a shared key).
  let ring = loadKeyring(config).ring;
  const handle = await openDb(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    if (argv.includes('--generate-key') && !dryRun) ring = addKeyToKeyFile(config.DATA_KEY_FILE ?? path.join(config.DATA_DIR, 'data.key'));
    console.log(
      `Current key: ${ring.currentId}; older keys: ${[...ring.keys.keys()].filter((k) => k !== ring.currentId).join(', ') || 'none'}${dryRun ? ' (dry run)' : ''}`,
    );
    const report = await rotateSealedValues(handle.db, ring, { batchSize: batch, dryRun, log: (l) => console.log(l) });
    const total = Object.values(report.resealed).reduce((a, b) => a + b, 0);
    console.log(
      `${dryRun ? 'Would seal' : 'Sealed'} ${total} value(s) in ${report.rowsUpdated} row(s) again with key ${report.currentKey}.`,
    );
    for (const [k, n] of Object.entries(report.unreadable))
      console.log(`WARNING ${k}: ${n} value(s) could not be opened with any key and were left as they were.`);
    // The carriers' 834s in the archive folder (issue 34): sealed again, and sealed if an older store wrote them in clear.
    const archive = await resealCarrierArchive(config.CARRIER_DROP_DIR, new Sealer(ring), ring.currentId, { dryRun });
    console.log(
      `${dryRun ? 'Would seal' : 'Sealed'} ${archive.resealed + archive.sealedClear} carrier file(s) in ${config.CARRIER_DROP_DIR} again (${archive.sealedClear} in clear before).`,
    );
    for (const f of archive.unreadable) console.log(`WARNING ${f}: could not be opened with any key and was left as it was.`);
  } finally {
    await handle.close();
  }
}

runAsCommand(import.meta.url, main);
