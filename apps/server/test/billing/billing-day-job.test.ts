import { describe, expect, it } from 'vitest';
import { BILLING_DAY_KIND } from '../../src/modules/billing/job.ts';
import { startTestStore, TEST_DATABASE_URL } from '../helpers/store.ts';

const pending = (ts: Awaited<ReturnType<typeof startTestStore>>) =>
  ts.db
    .selectFrom('scheduled_jobs')
    .select(['id', 'due_at'])
    .where('kind', '=', BILLING_DAY_KIND)
    .where('status', '=', 'pending')
    .execute();

for (const kind of ['pglite', 'postgres'] as const)
  describe.skipIf(kind === 'postgres' && !TEST_DATABASE_URL)(`the billing day's job [${kind}]`, () => {
    it('waits for the next midnight in US Eastern time, runs the day, and leaves one job for the next day', async () => {
      let clock = new Date('2026-12-27T15:00:00Z');
      const ts = await startTestStore(kind, { now: () => clock });
      try {
        const [job] = await pending(ts);
        expect(new Date(job.due_at).toISOString()).toBe('2026-12-28T05:00:00.000Z');
        expect(await pending(ts)).toHaveLength(1);
        expect(await ts.app.jobs.runDue()).toBe(0);
        clock = new Date('2026-12-28T05:00:01Z');
        // The other daily jobs (the rep licences' notices, the renewal day) are due at the same midnight.
        expect(await ts.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
        const next = await pending(ts);
        expect(next.map((j) => new Date(j.due_at).toISOString())).toEqual(['2026-12-29T05:00:00.000Z']);
        const done = await ts.db.selectFrom('scheduled_jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow();
        expect(done.status).toBe('done');
      } finally {
        await ts.close();
      }
    }, 60_000);
  });
