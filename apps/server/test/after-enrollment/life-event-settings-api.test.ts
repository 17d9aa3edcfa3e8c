import { expect, it } from 'vitest';
import { addDaysIso, todayIso } from '@store/domain/dates';
import { LIFE_EVENT_SETTINGS_TEXT } from '@store/domain/life-event-settings';
import { DEMO } from '../helpers/client.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { secondFactorCheckedAgo } from '../security/fixtures.ts';
import { enrollInPlans, operatorClient, PLAN_IDS } from './helpers.ts';

let clock = new Date();
const DAY = 86_400_000;
const URL = '/api/admin/life-event-settings';

/** A decided marriage with a (private) proof document, decided `daysAgo` days before the clock. */
async function decidedMarriage(ts: TestStore, enrollmentId: string, daysAgo: number) {
  const e = await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', enrollmentId).executeTakeFirstOrThrow();
  const mediaId = `life-event-settings-${daysAgo}-${Date.now()}`;
  await ts.db
    .insertInto('media')
    .values({ id: mediaId, content_type: 'application/pdf', data: new Uint8Array([1, 2, 3]), private: true })
    .execute();
  const date = addDaysIso(todayIso(clock), -daysAgo - 5);
  await ts.db
    .insertInto('life_events')
    .values({
      user_id: e.user_id!,
      enrollment_id: enrollmentId,
      event_type: 'marriage',
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
    .execute();
  return mediaId;
}

/**
 * Decision 2724 (issue 38): the console reads and changes each life event type's window and proof retention
 * (life_event_settings); bad values are refused beside their fields and change nothing; the daily purge then keeps
 * the proof as long as the saved retention says.
 */
describeEachDb(
  "the console's life event settings",
  (ctx) => {
    it('answers 401 to anyone signed out and 403 to a rep or a group administrator', async () => {
      const ts = ctx();
      expect((await ts.client().get(URL)).status).toBe(401);
      expect((await ts.client().put(`${URL}/marriage`, { window_days: 30, document_retention_days: 730 })).status).toBe(401);
      for (const who of [DEMO.rep, DEMO.group]) {
        const c = ts.client();
        await c.signIn(who.email, who.password);
        expect((await c.get(URL)).status).toBe(403);
        expect((await c.put(`${URL}/marriage`, { window_days: 30, document_retention_days: 730 })).status).toBe(403);
      }
    });

    it('answers the older life event routes 401 signed out and 403 to a member, a rep or a group administrator', async () => {
      const ts = ctx();
      const calls = (c: ReturnType<TestStore['client']>) => [
        c.get('/api/admin/life-events'),
        c.post('/api/admin/life-events/1/decision', { decision: 'approved', reason: '' }),
        c.get('/api/admin/life-events/1/document'),
      ];
      for (const r of await Promise.all(calls(ts.client()))) expect(r.status).toBe(401);
      for (const who of [DEMO.member, DEMO.rep, DEMO.group]) {
        const c = ts.client();
        await c.signIn(who.email, who.password);
        for (const r of await Promise.all(calls(c))) expect(r.status).toBe(403);
      }
    });

    it('reads every type, refuses bad values with field errors, an unknown type with 404, a stale second factor with 403', async () => {
      const ts = ctx();
      const op = await operatorClient(ts);
      const before = await op.get(URL);
      expect(before.status).toBe(200);
      expect(before.body.data).toEqual([
        { event_type: 'marriage', window_days: 30, document_retention_days: 730 },
        { event_type: 'birth_adoption', window_days: 60, document_retention_days: 730 },
        { event_type: 'divorce', window_days: 30, document_retention_days: 730 },
        { event_type: 'loss_of_coverage', window_days: 30, document_retention_days: 730 },
        { event_type: 'move', window_days: 30, document_retention_days: 730 },
        { event_type: 'dependent_death', window_days: 30, document_retention_days: 730 },
      ]);
      const bad: [unknown, unknown][] = [
        [0, 29],
        [181, 3651],
        [2.5, 100.5],
        ['', ''],
        ['ten', null],
      ];
      for (const [w, r] of bad) {
        const res = await op.put(`${URL}/birth_adoption`, { window_days: w, document_retention_days: r });
        expect(res.status, `${w} ${r}`).toBe(422);
        expect(res.body.data).toEqual([
          { target_element: 'window_days', error_message: LIFE_EVENT_SETTINGS_TEXT.WINDOW_DAYS },
          { target_element: 'document_retention_days', error_message: LIFE_EVENT_SETTINGS_TEXT.RETENTION_DAYS },
        ]);
      }
      expect((await op.put(`${URL}/wedding`, { window_days: 30, document_retention_days: 730 })).status).toBe(404);
      await secondFactorCheckedAgo(ts, op, 6 * 60_000);
      const stale = await op.put(`${URL}/birth_adoption`, { window_days: 90, document_retention_days: 365 });
      expect(stale.status).toBe(403);
      expect(stale.body.data.map((f: any) => f.target_element)).toEqual(['second_factor']);
      expect((await op.get(URL)).body.data).toEqual(before.body.data);
      const audits = await ts.db.selectFrom('audit_log').select('id').where('action', '=', 'life-event-settings.save').execute();
      expect(audits).toEqual([]);
    });

    it('saves good values with an audit row, and the daily purge follows the saved retention', async () => {
      const ts = ctx();
      const op = await operatorClient(ts);
      const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
      const older = await decidedMarriage(ts, id, 45);
      const newer = await decidedMarriage(ts, id, 20);

      const saved = await op.put(`${URL}/marriage`, { window_days: '45', document_retention_days: '40' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.message).toBe(LIFE_EVENT_SETTINGS_TEXT.SAVED);
      expect(saved.body.data).toEqual({ event_type: 'marriage', window_days: 45, document_retention_days: 40 });
      expect((await op.get(URL)).body.data[0]).toEqual({ event_type: 'marriage', window_days: 45, document_retention_days: 40 });
      const audit = await ts.db
        .selectFrom('audit_log')
        .select(['target', 'detail'])
        .where('action', '=', 'life-event-settings.save')
        .executeTakeFirstOrThrow();
      expect(audit.target).toBe('life_event_settings:marriage');
      const detail = typeof audit.detail === 'string' ? JSON.parse(audit.detail) : audit.detail;
      expect(detail).toEqual({
        before: { window_days: 30, document_retention_days: 730 },
        after: { window_days: 45, document_retention_days: 40 },
      });

      clock = new Date(clock.getTime() + DAY + 60_000);
      await ts.app.jobs.runDue();
      const media = async (m: string) => (await ts.db.selectFrom('media').select('id').where('id', '=', m).executeTakeFirst()) ?? null;
      // Decided 46 days ago (past the saved 40): deleted; 21 days ago: kept (the default 730 would have kept both).
      expect(await media(older)).toBeNull();
      expect(await media(newer)).not.toBeNull();
    });
  },
  { JOBS_POLL_MS: 0, now: () => clock },
);
