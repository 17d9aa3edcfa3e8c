import type { Transaction } from 'kysely';
import { nextEasternMidnight, todayIso } from '@store/domain/dates';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Job } from '../../plugins/jobs.ts';
import { makeStatements } from './statement-service.ts';

export const COMMISSION_STATEMENTS_KIND = 'commission-statements';
/** After the billing day's job (midnight): the statements run at 3 a.m. US Eastern. */
const AFTER_MIDNIGHT_MS = 3 * 3600_000;

type JobDeps = Pick<Deps, 'jobs' | 'log'>;

/** One pending statements job at a time (the job machinery's `ensureOne`), due at 3 a.m. US Eastern next. */
export async function ensureStatementsJob(deps: JobDeps, trx?: Transaction<Database>, running?: Job): Promise<void> {
  const dueAt = new Date(nextEasternMidnight(deps.jobs.now()).getTime() + AFTER_MIDNIGHT_MS);
  await deps.jobs.ensureOne(trx, { kind: COMMISSION_STATEMENTS_KIND, dueAt, exceptId: running?.id });
}

/**
 * The daily job: every rep's statement of last month that is not made yet (the first run of a month makes them; a
 * store down on the first makes them when it returns; a statement is unique per rep and month), then tomorrow's job.
 */
export async function statementsJob(deps: JobDeps, trx: Transaction<Database>, job: Job): Promise<'done'> {
  const { month, made } = await makeStatements(trx, todayIso(deps.jobs.now()));
  if (made) deps.log.info({ month, made }, `Commissions: ${made} statement(s) of ${month} made.`);
  await ensureStatementsJob(deps, trx, job);
  return 'done';
}
