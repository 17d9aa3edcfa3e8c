import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { EFT, enrollmentAtStepFive, finish } from '../enrollment/finish/helpers.ts';
import { purgeUnfinishedEnrollments } from '../../src/modules/enrollment/unfinished.ts';

/**
 * The tables that grow with traffic stay bounded (issue 40; decision 2580): unfinished enrollments nobody can resume,
 * finished job rows and the records of old mail are deleted after their keep; nothing still in use is.
 */
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

async function age(ts: TestStore, id: string, days: number) {
  await ts.db
    .updateTable('enrollments')
    .set({ updated_at: ago(days), resume_expires_at: null })
    .where('id', '=', id)
    .execute();
}
const exists = async (ts: TestStore, id: string) =>
  !!(await ts.db.selectFrom('enrollments').select('id').where('id', '=', id).executeTakeFirst());
const count = async (ts: TestStore, table: 'cart_items' | 'plan_answers', id: string) =>
  (
    await ts.db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .where('enrollment_id', '=', id)
      .executeTakeFirstOrThrow()
  ).n;

describeEachDb(
  'the tables that grow with traffic stay bounded (issue 40)',
  (ctx) => {
    it('deletes an unfinished enrollment nobody can resume after its keep, with its cart; never a completed one', async () => {
      const ts = ctx();
      const old = await enrollmentAtStepFive(ts, ts.client());
      const recent = await enrollmentAtStepFive(ts, ts.client());
      const resumable = await enrollmentAtStepFive(ts, ts.client());
      const c = ts.client();
      const done = await enrollmentAtStepFive(ts, c);
      await finish(c, done, () => c.post('/api/v1/save-billing-info', { enrollment_id: done, ...EFT }));
      expect(await count(ts, 'cart_items', old)).toBeGreaterThan(0);

      await age(ts, old, 61);
      await age(ts, recent, 59);
      await age(ts, done, 400);
      await age(ts, resumable, 61);
      await ts.db
        .updateTable('enrollments')
        .set({ resume_expires_at: new Date(Date.now() + DAY) })
        .where('id', '=', resumable)
        .execute();

      expect(await purgeUnfinishedEnrollments(ts.app)).toBe(1);
      expect(await exists(ts, old)).toBe(false);
      expect(await count(ts, 'cart_items', old)).toBe(0);
      expect(await exists(ts, recent)).toBe(true);
      expect(await exists(ts, resumable)).toBe(true);
      expect(await exists(ts, done)).toBe(true);
      // The completed enrollment still opens its receipt for its owner.
      expect((await c.get('/api/v1/get-receipt', { enrollment_id: done })).status).toBe(200);
      // A second pass finds nothing more.
      expect(await purgeUnfinishedEnrollments(ts.app)).toBe(0);
    }, 60_000);

    it('drops finished job rows after their keep and failed ones after four times that; never a pending one', async () => {
      const ts = ctx();
      const row = (kind: string, status: string, days: number) => ({
        kind,
        enrollment_id: null,
        due_at: ago(days),
        payload: '{}',
        status,
        attempts: 1,
        created_at: ago(days),
        updated_at: ago(days),
      });
      await ts.db
        .insertInto('scheduled_jobs')
        .values([
          row('t-done-old', 'done', 15),
          row('t-done-new', 'done', 13),
          row('t-cancelled-old', 'cancelled', 15),
          row('t-failed-mid', 'failed', 50),
          row('t-failed-old', 'failed', 57),
          row('t-pending-old', 'pending', 400),
        ] as never)
        .execute();
      await ts.app.jobs.prune();
      const kinds = (await ts.db.selectFrom('scheduled_jobs').select('kind').where('kind', 'like', 't-%').orderBy('kind').execute()).map(
        (r) => r.kind,
      );
      expect(kinds).toEqual(['t-done-new', 't-failed-mid', 't-pending-old']);
    });

    it("deletes a mail's record a year after its body was blanked; a recent record stays", async () => {
      const ts = ctx();
      const mail = (subject: string, purgedDays: number | null) => ({
        kind: 'test',
        to_address: 'someone@example.org',
        subject,
        html: '',
        text: '',
        status: 'sent',
        sent_at: ago(400),
        purged_at: purgedDays === null ? null : ago(purgedDays),
      });
      await ts.db
        .insertInto('outbox')
        .values([mail('t-old', 366), mail('t-recent', 10)] as never)
        .execute();
      await ts.app.mailer.purgeDelivered();
      const subjects = (await ts.db.selectFrom('outbox').select('subject').where('subject', 'like', 't-%').execute()).map((r) => r.subject);
      expect(subjects).toEqual(['t-recent']);
    });
  },
  { JOBS_POLL_MS: 0 },
);
