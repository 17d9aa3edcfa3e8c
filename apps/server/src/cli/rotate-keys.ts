import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../config/env.ts';
import { runAsCommand } from './run-command.ts';
import { openDb } from '../db/client.ts';
import { loadKeyring, parseKeyring, Sealer, type Keyring } from '../lib/crypto.ts';

/**
 * Key rotation of the sealed values (AES-256-GCM, lib/crypto.ts): every sealed value of every table, whether a
 * whole text column (members.ssn_enc …) or a string anywhere inside a JSON column (enrollments.tabs …), that
 * was sealed with an older key of the ring is opened and sealed again with the current (first) key. Runs in
 * batches, each batch one transaction, so it can run beside a live store on PostgreSQL and be resumed after
 * an interruption.
 *
 *   DATA_KEY="k2:<new>,k1:<old>" npm run rotate-keys          (keys in the environment)
 *   npm run rotate-keys -- --generate-key                      (embedded default: adds a key to DATA_DIR/data.key)
 *   npm run rotate-keys -- --dry-run --batch=200
 *
 * Digests (resume codes) cannot be re-computed without their text: keep the old key listed (it then only
 * decrypts) until they expire (30 days), then remove it. See SECURITY.md.
 */
export interface RotationReport {
  currentKey: string;
  /** "table.column" -> values re-sealed */
  resealed: Record<string, number>;
  /** Values that could not be opened (unknown key or damaged): left as they were. */
  unreadable: Record<string, number>;
  rowsUpdated: number;
}

const SEALED = /^s1\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
}

/** Re-seal one value tree: returns the new tree and counts, or null when nothing changed. */
function resealValue(value: unknown, ring: Keyring, sealer: Sealer, count: { resealed: number; unreadable: number }): unknown {
  if (typeof value === 'string') {
    const m = SEALED.exec(value);
    if (!m || m[1] === ring.currentId) return value;
    try {
      const plain = sealer.open(value);
      count.resealed++;
      return sealer.seal(plain);
    } catch {
      count.unreadable++;
      return value;
    }
  }
  if (Array.isArray(value)) return value.map((v) => resealValue(v, ring, sealer, count));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = resealValue(v, ring, sealer, count);
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
  if (!oldIds.length) return report;

  const columns = (
    await sql<Column>`
      select c.table_name, c.column_name, c.data_type from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'bytea')
      order by c.table_name, c.column_name`.execute(db)
  ).rows;

  for (const col of columns) {
    const isJson = col.data_type === 'json' || col.data_type === 'jsonb';
    const isBytes = col.data_type === 'bytea';
    const t = sql.table(col.table_name);
    const c = sql.ref(col.column_name);
    // Only rows holding a value sealed with an old key (bytea: sealed text as bytes, e.g. screenshots).
    const marks = oldIds.map((id) => (isJson ? `"s1.${id}.` : `s1.${id}.`));
    const matches = sql.join(
      marks.map((m) =>
        isJson
          ? sql`position(${m} in ${c}::text) > 0`
          : isBytes
            ? sql`substring(${c} from 1 for ${Buffer.byteLength(m)}) = ${Buffer.from(m, 'utf8')}`
            : sql`starts_with(${c}, ${m})`,
      ),
      sql` or `,
    );
    const key = `${col.table_name}.${col.column_name}`;
    let last = '(0,0)';
    for (;;) {
      const done = await db.transaction().execute(async (trx) => {
        const rows = (
          await sql<{ ctid: string; v: string }>`
            select ctid::text as ctid, ${isBytes ? sql`convert_from(${c}, 'UTF8')` : sql`${c}::text`} as v from ${t}
            where (${matches}) and ctid > ${last}::tid order by ctid limit ${batchSize} for update`.execute(trx)
        ).rows;
        for (const row of rows) {
          last = row.ctid;
          const count = { resealed: 0, unreadable: 0 };
          const next = isJson ? JSON.stringify(resealValue(JSON.parse(row.v), ring, sealer, count)) : (resealValue(row.v, ring, sealer, count) as string);
          if (count.unreadable) report.unreadable[key] = (report.unreadable[key] ?? 0) + count.unreadable;
          if (!count.resealed) continue;
          report.resealed[key] = (report.resealed[key] ?? 0) + count.resealed;
          report.rowsUpdated++;
          if (opts.dryRun) continue;
          const value =
            col.data_type === 'jsonb' ? sql`${next}::jsonb` : col.data_type === 'json' ? sql`${next}::json` : isBytes ? sql`${Buffer.from(next, 'utf8')}` : sql`${next}`;
          await sql`update ${t} set ${c} = ${value} where ctid = ${row.ctid}::tid`.execute(trx);
        }
        return rows.length < batchSize;
      });
      if (done) break;
    }
    if (report.resealed[key]) opts.log?.(`${key}: ${report.resealed[key]} value(s) sealed again with key ${ring.currentId}`);
  }
  return report;
}

/** Embedded default: put a new key first in DATA_DIR/data.key (the old ones stay, to decrypt). */
export function addKeyToKeyFile(dataDir: string): Keyring {
  const file = path.join(dataDir, 'data.key');
  const ring = loadKeyring({ dataDir });
  let n = ring.keys.size + 1;
  while (ring.keys.has(`k${n}`)) n++;
  const entries = [`k${n}:${crypto.randomBytes(32).toString('base64')}`, ...[...ring.keys].map(([id, k]) => `${id}:${k.toString('base64')}`)];
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${entries.join(',')}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  return parseKeyring(entries.join(','));
}

async function main(argv: string[]) {
  const config = loadConfig();
  const dryRun = argv.includes('--dry-run');
  const batch = Number(argv.find((a) => a.startsWith('--batch='))?.split('=')[1] ?? 500);
  if (argv.includes('--generate-key') && config.DATA_KEY) {
    throw new Error('--generate-key works on the key file of DATA_DIR; with DATA_KEY, put the new key first in DATA_KEY yourself.');
  }
  if (config.DATABASE_URL && !config.DATA_KEY) throw new Error('DATA_KEY must be set with DATABASE_URL (the new key first, then the old ones).');
  const handle = await openDb(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    const ring =
      argv.includes('--generate-key') && !dryRun
        ? addKeyToKeyFile(config.DATA_DIR)
        : loadKeyring({ dataKey: config.DATA_KEY, dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR });
    console.log(`Current key: ${ring.currentId}; older keys: ${[...ring.keys.keys()].filter((k) => k !== ring.currentId).join(', ') || 'none'}${dryRun ? ' (dry run)' : ''}`);
    const report = await rotateSealedValues(handle.db, ring, { batchSize: batch, dryRun, log: (l) => console.log(l) });
    const total = Object.values(report.resealed).reduce((a, b) => a + b, 0);
    console.log(`${dryRun ? 'Would seal' : 'Sealed'} ${total} value(s) in ${report.rowsUpdated} row(s) again with key ${report.currentKey}.`);
    for (const [k, n] of Object.entries(report.unreadable)) console.log(`WARNING ${k}: ${n} value(s) could not be opened with any key and were left as they were.`);
  } finally {
    await handle.close();
  }
}

runAsCommand(import.meta.url, main);
