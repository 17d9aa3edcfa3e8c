import { expect, it } from 'vitest';
import { addDaysIso, todayIso } from '@store/domain/dates';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DOCUMENT_PURGE_KIND } from '../../src/modules/life-events/purge-job.ts';
import { enrollInPlans, PLAN_IDS } from './helpers.ts';

let clock = new Date();
const DAY = 86_400_000;

/** A decided event with a (private) proof document, decided `daysAgo` days before the clock. */
async function decidedEvent(ts: TestStore, enrollmentId: string, type: string, daysAgo: number) {
  const e = await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', enrollmentId).executeTakeFirstOrThrow();
  const mediaId = `life-event-retention-${type}-${daysAgo}-${Date.now()}`;
  await ts.db
    .insertInto('media')
    .values({ id: mediaId, content_type: 'application/pdf', data: new Uint8Array([1, 2, 3]), private: true })
    .execute();
  const date = addDaysIso(todayIso(clock), -daysAgo - 5);
  const row = await ts.db
    .insertInto('life_events')
    .values({
      user_id: e.user_id!,
      enrollment_id: enrollmentId,
      event_type: type,
      event_date: date,
      effective_date: date,
      window_closes: date,
      status: 'approved',
      reported_by: null,
      reported_by_rep: false,
      document_media_id: mediaId,
      document_type: 'application/pdf',
      decided_at: new Date(clock.getTime() - daysAgo * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, mediaId };
}

/**
 * Issue 38 (decision 2660): life events' proof has a retention, a setting per event type (two years unless set); the
 * daily job kept by jobs.ensureOne deletes the documents of events decided longer ago and keeps the recent ones.
 */
describeEachDb(
  "life events' proof retention",
  (ctx) => {
    it('deletes an old decided event’s document at the daily purge and keeps a recent one', async () => {
      const ts = ctx();
      const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
      // The marriage's proof is kept 30 days; a loss of other coverage's, the default two years.
      await ts.db.updateTable('life_event_settings').set({ document_retention_days: 30 }).where('event_type', '=', 'marriage').execute();
      const marriageOld = await decidedEvent(ts, id, 'marriage', 40);
      const marriageNew = await decidedEvent(ts, id, 'marriage', 10);
      const lossOld = await decidedEvent(ts, id, 'loss_of_coverage', 800);
      const lossRecent = await decidedEvent(ts, id, 'loss_of_coverage', 40);

      // One pending purge, however many processes start.
      const pending = await ts.db
        .selectFrom('scheduled_jobs')
        .select('id')
        .where('kind', '=', DOCUMENT_PURGE_KIND)
        .where('status', '=', 'pending')
        .execute();
      expect(pending).toHaveLength(1);
      clock = new Date(clock.getTime() + DAY + 60_000);
      await ts.app.jobs.runDue();

      const media = async (m: string) => (await ts.db.selectFrom('media').select('id').where('id', '=', m).executeTakeFirst()) ?? null;
      const docOf = async (e: { id: number }) =>
        await ts.db.selectFrom('life_events').select(['document_media_id', 'status']).where('id', '=', e.id).executeTakeFirstOrThrow();
      expect(await media(marriageOld.mediaId)).toBeNull();
      expect(await media(lossOld.mediaId)).toBeNull();
      expect(await docOf(marriageOld)).toEqual({ document_media_id: null, status: 'approved' });
      expect(await media(marriageNew.mediaId)).not.toBeNull();
      expect(await media(lossRecent.mediaId)).not.toBeNull();
      expect((await docOf(lossRecent)).document_media_id).toBe(lossRecent.mediaId);
      // The next day's purge is scheduled.
      const next = await ts.db
        .selectFrom('scheduled_jobs')
        .select('due_at')
        .where('kind', '=', DOCUMENT_PURGE_KIND)
        .where('status', '=', 'pending')
        .execute();
      expect(next).toHaveLength(1);
      expect(new Date(next[0].due_at).getTime()).toBeGreaterThan(clock.getTime());
    });
  },
  { JOBS_POLL_MS: 0, now: () => clock },
);
