import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { achFileContext, achSftpSecretContext } from '../../db/sealed-columns.ts';
import type { Sealer } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Job } from '../../plugins/jobs.ts';
import { deliveryRetryMs, sftpDelivery } from '../carriers/index.ts';
import { markAchDelivered, markAchDeliveryFailed, undeliveredAchFiles } from './ach-delivery-repository.ts';
import { achSettings, pendingJobOf, type Db } from './repository.ts';

/** The job that uploads the NACHA files not yet delivered to the bank's SFTP server (one pending at a time). */
export const ACH_DELIVER_KIND = 'ach-file-deliver';

type JobDeps = Pick<Deps, 'sealer' | 'config' | 'jobs' | 'log'>;

export interface AchDeliveryFigures {
  delivered: string[];
  failed: { file: string; error: string }[];
}

/**
 * Delivers every kept NACHA file not yet delivered, oldest first, with the carriers' SFTP adapter (the bank's server,
 * its host key pinned; uploaded under a temporary name, then renamed, so the bank never takes half a file and a
 * second delivery leaves one file). With `folder` (the default) the sealed copy in ACH_OUT_DIR is the delivery:
 * nothing is uploaded. A failure is counted on the file with its reason; the caller tries again later.
 */
export async function deliverAchFiles(deps: {
  db: Db;
  sealer: Sealer;
  allowPrivate: boolean;
  now?: () => Date;
}): Promise<AchDeliveryFigures> {
  const figures: AchDeliveryFigures = { delivered: [], failed: [] };
  const s = await achSettings(deps.db);
  if (s.delivery_method !== 'sftp') return figures;
  const secret = s.sftp_secret_enc
    ? deps.sealer.openJson<{ password?: string; private_key?: string }>(s.sftp_secret_enc, achSftpSecretContext())
    : {};
  const adapter = sftpDelivery({
    host: s.sftp_host,
    port: s.sftp_port,
    username: s.sftp_username,
    remoteDir: s.sftp_remote_dir,
    hostKey: s.sftp_host_key,
    password: secret.password || undefined,
    privateKey: secret.private_key || undefined,
    allowPrivate: deps.allowPrivate,
  });
  for (const f of await undeliveredAchFiles(deps.db)) {
    try {
      await adapter.deliver({ id: 0, name: 'bank' }, f.file_name, deps.sealer.open(f.content_enc!, achFileContext(f.id)));
      await markAchDelivered(deps.db, f.id, (deps.now ?? (() => new Date()))());
      figures.delivered.push(f.file_name);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await markAchDeliveryFailed(deps.db, f.id, error);
      figures.failed.push({ file: f.file_name, error });
    }
  }
  return figures;
}

/** Schedules the delivery job now when the bank takes files over SFTP, a file waits and no delivery job is pending. */
export async function ensureAchDeliveryJob(deps: JobDeps, trx: Transaction<Database>, running?: Job): Promise<void> {
  if ((await achSettings(trx)).delivery_method !== 'sftp') return;
  if ((await undeliveredAchFiles(trx)).length === 0) return;
  if (await pendingJobOf(trx, ACH_DELIVER_KIND, running?.id)) return;
  await deps.jobs.schedule(trx, { kind: ACH_DELIVER_KIND, enrollmentId: null, dueAt: deps.jobs.now(), payload: { attempt: 0 } });
}

/**
 * The delivery job: every waiting file tried; when the bank's server did not take one, tried again after a growing wait
 * (the carriers' backoff, CARRIER_DELIVERY_RETRY_SECONDS doubled each time, at most an hour), logged as an error from
 * CARRIER_DELIVERY_FLAG_AFTER tries on; the console's NACHA files show each file's tries and last error.
 */
export async function achDeliverJob(deps: JobDeps, trx: Transaction<Database>, job: Job): Promise<'done'> {
  const f = await deliverAchFiles({
    db: trx,
    sealer: deps.sealer,
    allowPrivate: deps.config.CARRIER_SFTP_ALLOW_PRIVATE,
    now: deps.jobs.now,
  });
  if (f.delivered.length) deps.log.info({ delivered: f.delivered }, `NACHA files delivered to the bank: ${f.delivered.length}`);
  if (f.failed.length) {
    const attempt = Number((job.payload as { attempt?: number } | null)?.attempt ?? 0) + 1;
    const dueAt = new Date(deps.jobs.now().getTime() + deliveryRetryMs(deps.config.CARRIER_DELIVERY_RETRY_SECONDS, attempt));
    await deps.jobs.schedule(trx, { kind: ACH_DELIVER_KIND, enrollmentId: null, dueAt, payload: { attempt } });
    const fields = { failed: f.failed, attempt, nextTry: dueAt.toISOString() };
    if (attempt >= deps.config.CARRIER_DELIVERY_FLAG_AFTER) deps.log.error(fields, 'NACHA file not delivered to the bank');
    else deps.log.warn(fields, 'NACHA file delivery failed');
  }
  return 'done';
}
