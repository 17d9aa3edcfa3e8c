import type { Transaction } from 'kysely';
import { nextEasternMidnight, todayIso } from '@store/domain/dates';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Job } from '../../plugins/jobs.ts';
import { remitPremiums } from '../carriers/index.ts';
import { ensureAchDeliveryJob } from './ach-delivery.ts';
import { describeDay, runBillingDay } from './day-service.ts';
import { deleteWebhookEventsBefore } from './webhook-repository.ts';

export const BILLING_DAY_KIND = 'billing-day';
/** Days a processor's webhook event id is kept (Stripe retries an event for three days). */
export const WEBHOOK_EVENTS_KEEP_DAYS = 30;

type JobDeps = Pick<Deps, 'db' | 'sealer' | 'config' | 'jobs' | 'log' | 'origins' | 'payments'>;

/**
 * One pending billing day job at a time, due at the next midnight in US Eastern time: made at start when none waits
 * (two processes starting at once make one: an advisory lock serializes them) and by each run for the next day.
 */
export async function ensureBillingDayJob(deps: JobDeps, trx?: Transaction<Database>, running?: Job): Promise<void> {
  await deps.jobs.ensureOne(trx, { kind: BILLING_DAY_KIND, dueAt: nextEasternMidnight(deps.jobs.now()), exceptId: running?.id });
}

/**
 * The daily job: the billing run for today (US Eastern) — a store that was down runs it when it comes back, and the
 * run catches up every payment due since —, the carriers' 820s of the premium collected, then the next day's job. The run makes its own transactions (a batch each);
 * this job's row stays claimed meanwhile, so no other process runs the same job.
 */
export async function billingDayJob(deps: JobDeps, trx: Transaction<Database>, job: Job): Promise<'done'> {
  const day = todayIso(deps.jobs.now());
  const figures = await runBillingDay(
    {
      db: trx,
      sealer: deps.sealer,
      provider: deps.payments,
      achOutDir: deps.config.ACH_OUT_DIR,
      now: () => deps.jobs.now(),
      origin: () => deps.origins.checked(null, trx),
      graceDays: deps.config.BILLING_GRACE_DAYS,
      carriers: { ...deps, db: trx },
    },
    day,
  );
  deps.log.info({ billing: figures }, describeDay(figures).split('\n')[0]);
  // The day's NACHA file (and any the command made, or an earlier try left) to the bank's SFTP server, when it takes them so.
  await ensureAchDeliveryJob(deps, trx);
  // Issue 39: the premium collected, remitted to each carrier in an 820 (delivered like its 834s).
  const remitted = await remitPremiums(deps, trx, day);
  if (remitted.length) deps.log.info({ remitted }, `Billing day ${day}: ${remitted.length} carrier remittance file(s) (820).`);
  // Webhook events are kept to refuse a replay; no processor sends one again after a few days (decision 2670).
  await deleteWebhookEventsBefore(trx, new Date(deps.jobs.now().getTime() - WEBHOOK_EVENTS_KEEP_DAYS * 86400_000));
  await ensureBillingDayJob(deps, trx, job);
  return 'done';
}
