import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { nextEasternMidnight, todayIso } from '@store/domain/dates';
import { achDeliveryOf, LEDGER_TEXT, type TAchFileList } from '@store/domain/ledger';
import type { Database } from '../../db/schema.ts';
import { achFileContext } from '../../db/sealed-columns.ts';
import type { Sealer } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { Job } from '../../plugins/jobs.ts';
import { achFile, achSettings, type Db } from './repository.ts';
import * as repo from './ledger-repository.ts';

/** The NACHA files in the console (issue 36): their list and totals, a file's text (audited), and their retention. */

/** Files the console lists (newest first); the totals count every file. */
export const ACH_LIST_LIMIT = 200;

/**
 * The files with their totals and each one's delivery to the bank (decision 2670): `flagAfter` failed uploads make a
 * file "failed" in the list (CARRIER_DELIVERY_FLAG_AFTER, when the log says it as an error; the tries go on).
 */
export async function achFiles(db: Db, flagAfter: number): Promise<TAchFileList> {
  const [rows, totals, retention, settings] = await Promise.all([
    repo.achFileList(db, ACH_LIST_LIMIT),
    repo.achFileTotals(db),
    repo.achRetentionDays(db),
    achSettings(db),
  ]);
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  return {
    items: rows.map(({ delivered_at, delivery_attempts, delivery_error, ...r }) => ({
      ...r,
      total_cents: Number(r.total_cents),
      purged_at: iso(r.purged_at),
      delivery: achDeliveryOf(
        { delivered_at: iso(delivered_at), delivery_attempts, delivery_error, purged_at: iso(r.purged_at) },
        settings.delivery_method,
        flagAfter,
      ),
    })),
    totals: { files: Number(totals.files), entries: Number(totals.entries), total_cents: Number(totals.cents) },
    retention_days: retention,
  };
}

/**
 * A file's text, unsealed (account numbers in clear): the route asks for a fresh second factor; who took it is written
 * in the audit log. 404 when there is no such file, 410 once its retention deleted it.
 */
export async function achFileText(deps: { db: Kysely<Database>; sealer: Sealer }, accountId: number, id: number) {
  const file = await achFile(deps.db, id);
  if (!file) throw notFound();
  if (file.purged_at || !file.content_enc) throw new HttpError(410, LEDGER_TEXT.ACH_PURGED);
  const text = deps.sealer.open(file.content_enc, achFileContext(file.id));
  await repo.auditRow(deps.db, accountId, 'ach-file.download', `ach_file:${file.id}`, { file_name: file.file_name });
  return { name: file.file_name, text };
}

/** Sets how many days NACHA files are kept (every kept file's deletion day follows); audited. */
export async function saveAchRetention(db: Kysely<Database>, accountId: number, days: number) {
  await db.transaction().execute(async (trx) => {
    await repo.setAchRetention(trx, days);
    await repo.auditRow(trx, accountId, 'ach-settings.retention', 'ach_settings:1', { retention_days: days });
  });
  return { retention_days: days };
}

/**
 * Deletes the NACHA files whose retention ended by `day`: the sealed text in the database is blanked and the sealed
 * copy in ACH_OUT_DIR removed (the totals stay for the console). Each file is claimed with SKIP LOCKED.
 */
export async function purgeAchFiles(deps: { db: Db; outDir: string }, day: string, at: Date): Promise<string[]> {
  const purge = async (trx: Transaction<Database>) => {
    const files = await repo.achFilesToPurge(trx, day, 500);
    for (const f of files) {
      await repo.markAchFilePurged(trx, f.id, at);
      await fs.rm(path.join(deps.outDir, path.basename(f.file_name)), { force: true });
    }
    return files.map((f) => f.file_name);
  };
  return deps.db.isTransaction ? purge(deps.db as Transaction<Database>) : deps.db.transaction().execute(purge);
}

export const ACH_PURGE_KIND = 'ach-purge';
type JobDeps = Pick<Deps, 'db' | 'config' | 'jobs' | 'log'>;

/** One pending purge job at a time, due an hour after the next midnight US Eastern (after the billing day's job). */
export async function ensureAchPurgeJob(deps: JobDeps, trx?: Transaction<Database>, running?: Job): Promise<void> {
  const dueAt = new Date(nextEasternMidnight(deps.jobs.now()).getTime() + 3_600_000);
  await deps.jobs.ensureOne(trx, { kind: ACH_PURGE_KIND, dueAt, exceptId: running?.id });
}

/** The daily purge: the files past their retention, then the next day's job. */
export async function achPurgeJob(deps: JobDeps, trx: Transaction<Database>, job: Job): Promise<'done'> {
  const now = deps.jobs.now();
  const purged = await purgeAchFiles({ db: trx, outDir: deps.config.ACH_OUT_DIR }, todayIso(now), now);
  if (purged.length) deps.log.info({ purged }, `NACHA files deleted after their retention: ${purged.length}`);
  await ensureAchPurgeJob(deps, trx, job);
  return 'done';
}
