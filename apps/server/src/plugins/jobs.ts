import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ScheduledJobsTable } from '../db/schema.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import {
  cancelPendingJobs,
  claimDueJob,
  deleteFinishedJobs,
  failPendingJob,
  finishJob,
  insertJob,
  lockKind,
  pendingOfKind,
} from './jobs-repository.ts';

/**
 * Durable scheduled jobs (docs/decisions/0850-reminders-and-mail-language.md). A job is a row of scheduled_jobs
 * (kind, enrollment, due_at, payload, status, attempts). The worker of every store process claims due rows one
 * at a time with FOR UPDATE SKIP LOCKED and runs the job's handler in the same transaction as the row's change
 * to 'done': whatever the handler writes (the outbox row of a mail) commits exactly once, however many
 * processes poll. The clock is app.config.now (tests move it) and the worker stops with the app.
 */

type Db = Kysely<Database> | Transaction<Database>;
export type Job = import('kysely').Selectable<ScheduledJobsTable>;
/** Runs one job inside the claiming transaction; returns 'skipped' when the job no longer applies. */
export type JobHandler = (trx: Transaction<Database>, job: Job) => Promise<'done' | 'skipped'>;

export interface Jobs {
  /** Adds a job in the caller's transaction. */
  schedule(db: Db, job: { kind: string; enrollmentId: string | null; dueAt: Date; payload?: Record<string, unknown> }): Promise<void>;
  /**
   * Keeps one pending job of a daily kind (the billing day, a purge, a notice run): schedules it at `dueAt` unless one
   * other than `exceptId` (the job now running, which schedules its successor) already waits. Two processes starting
   * at once make one: an advisory lock of the kind serializes them. In the caller's transaction, or its own.
   */
  ensureOne(trx: Transaction<Database> | undefined, job: { kind: string; dueAt: Date; exceptId?: number }): Promise<void>;
  /** Cancels the pending jobs of an enrollment (of these kinds, or all). */
  cancel(db: Db, enrollmentId: string, kinds?: string[]): Promise<void>;
  /** The handler of a kind (modules register theirs when they load). */
  handle(kind: string, handler: JobHandler): void;
  /** Runs every job due now; resolves with the number run (tests call it after moving the clock). */
  runDue(): Promise<number>;
  now(): Date;
  /**
   * Drops finished rows: done and cancelled ones older than JOB_ROWS_KEEP_DAYS, failed ones older than four times
   * that (hourly in every process; the number dropped).
   */
  prune(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Tries of a job before it is 'failed' (a handler can tell its last try: `job.attempts + 1 === JOB_MAX_ATTEMPTS`). */
export const JOB_MAX_ATTEMPTS = 5;
const MAX_ATTEMPTS = JOB_MAX_ATTEMPTS;
const RETRY_MS = 5 * 60_000;
const BATCH = 50;

export default fp(
  async (app) => {
    const handlers = new Map<string, JobHandler>();
    const now = () => app.config.now?.() ?? new Date();
    let running: Promise<number> | null = null;
    let closing = false;

    /** Claims and runs one due job; false when none is left (or the others hold the rest). */
    async function runOne(): Promise<boolean> {
      const at = now();
      let claimed: Job | null = null;
      try {
        return await app.db.transaction().execute(async (trx) => {
          const job = await claimDueJob(trx, at, [...handlers.keys(), '']);
          if (!job) return false;
          claimed = job;
          const outcome = await handlers.get(job.kind)!(trx, job);
          await finishJob(trx, job, outcome, at);
          return true;
        });
      } catch (err) {
        const job = claimed as Job | null;
        if (!job) throw err;
        // The handler failed: its writes were rolled back; count the attempt and try later (or give up).
        const attempts = job.attempts + 1;
        await failPendingJob(app.db, job.id, {
          attempts,
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          due_at: new Date(at.getTime() + RETRY_MS),
          last_error: String((err as Error).message).slice(0, 500),
          updated_at: at,
        });
        app.log.warn({ jobId: job.id, kind: job.kind }, 'scheduled job failed');
        return true;
      }
    }

    const jobs: Jobs = {
      async schedule(db, job) {
        await insertJob(db, {
          kind: job.kind,
          enrollment_id: job.enrollmentId,
          due_at: job.dueAt,
          payload: JSON.stringify(job.payload ?? {}),
          created_at: now(),
          updated_at: now(),
        });
      },
      async ensureOne(trx, job) {
        const once = async (t: Transaction<Database>) => {
          await lockKind(t, job.kind);
          if (await pendingOfKind(t, job.kind, job.exceptId)) return;
          await jobs.schedule(t, { kind: job.kind, enrollmentId: null, dueAt: job.dueAt });
        };
        if (trx) await once(trx);
        else await app.db.transaction().execute(once);
      },
      async cancel(db, enrollmentId, kinds) {
        await cancelPendingJobs(db, enrollmentId, kinds, now());
      },
      handle(kind, handler) {
        handlers.set(kind, handler);
      },
      runDue() {
        // Passes run one after another: a call made during a pass gets a pass of its own that sees the clock now.
        const pass = (running ?? Promise.resolve(0))
          .catch(() => 0)
          .then(async () => {
            let count = 0;
            while (!closing && count < BATCH && (await runOne())) count++;
            // Jobs mostly write mail to the outbox: send it now rather than at the mailer's next round.
            if (count > 0 && !closing) app.mailer.flushSoon();
            return count;
          });
        running = pass;
        void pass
          .finally(() => {
            if (running === pass) running = null;
          })
          .catch(() => undefined);
        return pass;
      },
      now,
      async prune() {
        const day = 86_400_000;
        const keep = app.config.JOB_ROWS_KEEP_DAYS * day;
        const at = now().getTime();
        return deleteFinishedJobs(app.db, new Date(at - keep), new Date(at - 4 * keep));
      },
    };
    app.decorate('jobs', jobs);

    let timer: NodeJS.Timeout | null = null;
    const pruning = setInterval(
      () =>
        void jobs.prune().catch((err) => {
          if (!isDatabaseUnavailable(err)) app.log.warn({ err }, 'job rows prune failed');
        }),
      3600_000,
    );
    pruning.unref();
    app.addHook('onReady', async () => {
      if (app.config.JOBS_POLL_MS <= 0) return;
      timer = setInterval(() => {
        void jobs
          .runDue()
          .catch((err) =>
            isDatabaseUnavailable(err)
              ? app.log.warn({ reason: (err as Error).message }, 'scheduled jobs wait for the database')
              : app.log.error({ err }, 'scheduled jobs pass failed'),
          );
      }, app.config.JOBS_POLL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(pruning);
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'jobs', dependencies: ['db', 'mailer'] },
);
