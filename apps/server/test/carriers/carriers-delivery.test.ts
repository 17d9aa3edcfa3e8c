import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { describeEachDb, startTestStore, twoStoresSharingPostgres, TEST_DATABASE_URL } from '../helpers/store.ts';
import { read834 } from '../../src/modules/carriers/x12/read-834.ts';
import { DAILY_KIND, DELIVER_KIND } from '../../src/modules/carriers/service.ts';
import { CARD, enrollmentAtStepFive, finish, enrollWith } from '../enrollment/finish/helpers.ts';
import { completeFamily, droppedFiles, openDropped, tempDropDir } from './helpers.ts';
import type { TestStore } from '../helpers/store.ts';

const filesOf = (ts: TestStore) => ts.db.selectFrom('carrier_files').selectAll().orderBy('id').execute();
const deliverJobs = (ts: TestStore) =>
  ts.db.selectFrom('scheduled_jobs').selectAll().where('kind', '=', DELIVER_KIND).orderBy('id').execute();

let clock = new Date();
const blocked = path.join(tempDropDir(), 'not-a-folder');

describeEachDb(
  'a delivery that fails is tried again and leaves one file',
  (ctx) => {
    it('retries after the folder could not be written, then delivers once', async () => {
      const ts = ctx();
      fs.rmSync(blocked, { recursive: true, force: true });
      fs.writeFileSync(blocked, 'a file where the drop folder should be');
      const id = await completeFamily(ts, ts.client());
      await ts.app.jobs.runDue();
      const [job] = await deliverJobs(ts);
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await filesOf(ts))[0].status).toBe('generated');

      fs.rmSync(blocked);
      clock = new Date(clock.getTime() + 6 * 60_000);
      await ts.app.jobs.runDue();
      await ts.app.jobs.runDue();
      const [file] = await filesOf(ts);
      expect(file.status).toBe('delivered');
      expect(droppedFiles(blocked)).toEqual([expect.stringMatching(new RegExp(`/${file.file_name}$`))]);
      expect((await deliverJobs(ts))[0]).toMatchObject({ status: 'done', attempts: 2 });
      expect(id).toBeTruthy();
    });
  },
  { CARRIER_DROP_DIR: blocked, JOBS_POLL_MS: 0, now: () => clock },
);

const daily = tempDropDir();
let dayClock = new Date();
describeEachDb(
  'a daily carrier gets one file a day',
  (ctx) => {
    it("queues the day's enrollments and writes them in one 834 after midnight", async () => {
      const ts = ctx();
      await ts.db.updateTable('carriers').set({ batch_mode: 'daily' }).where('name', '=', 'National Dental Carrier').execute();
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const c = ts.client();
        const id = await enrollmentAtStepFive(ts, c);
        await finish(c, id, () => enrollWith(c, id, CARD));
        ids.push(id);
      }
      expect(await filesOf(ts)).toEqual([]);
      const jobs = await ts.db.selectFrom('scheduled_jobs').selectAll().where('kind', '=', DAILY_KIND).execute();
      expect(jobs).toHaveLength(1);
      expect(await ts.app.jobs.runDue()).toBe(0);

      dayClock = new Date(new Date(jobs[0].due_at).getTime() + 60_000);
      await ts.app.jobs.runDue();
      const all = await filesOf(ts);
      // The billing day's job, due at the same midnight, remits the two first payments' premium in one 820 (issue 39).
      expect(all.filter((f) => f.kind === 'remittance').map((f) => [f.status, f.transaction_count])).toEqual([['delivered', 1]]);
      const files = all.filter((f) => f.kind !== 'remittance');
      expect(files.map((f) => [f.kind, f.status, f.transaction_count])).toEqual([['daily', 'delivered', 2]]);
      const [name] = droppedFiles(daily).filter((f) => path.basename(f).startsWith('834-'));
      const back = read834(openDropped(ts, daily, name));
      expect(back.transactionControlNumbers).toEqual(['0001', '0002']);
      expect(back.enrollments.map((e) => e.coverages.length)).toEqual([1, 1]);
      const items = await ts.db.selectFrom('carrier_file_items').selectAll().where('enrollment_id', 'in', ids).orderBy('id').execute();
      expect(items.map((i) => [i.file_id, i.transaction_control_number])).toEqual([
        [files[0].id, '0001'],
        [files[0].id, '0002'],
      ]);
    });
  },
  { CARRIER_DROP_DIR: daily, JOBS_POLL_MS: 0, now: () => dayClock },
);

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: store processes and crashes', () => {
  describe('a crash between completion and delivery', () => {
    const drop = tempDropDir();
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const key = crypto.randomBytes(32).toString('base64');
    const stores: { close(): Promise<void> }[] = [];
    afterAll(async () => {
      for (const s of stores.reverse()) await s.close();
    });

    it('delivers the file once after the restart', async () => {
      const first = await startTestStore(
        'postgres',
        { CARRIER_DROP_DIR: drop, JOBS_POLL_MS: 0, DATA_KEY: key },
        { schema, keepSchema: true },
      );
      await completeFamily(first, first.client());
      // The process ends before its worker ran the delivery: the completion and its file are committed.
      await first.close();
      expect(droppedFiles(drop)).toEqual([]);

      const second = await startTestStore('postgres', { CARRIER_DROP_DIR: drop, JOBS_POLL_MS: 0, DATA_KEY: key }, { schema });
      stores.push(second);
      expect(await second.app.jobs.runDue()).toBe(1);
      expect(await second.app.jobs.runDue()).toBe(0);
      const [file] = await filesOf(second);
      expect(file.status).toBe('delivered');
      expect(droppedFiles(drop)).toEqual([expect.stringMatching(new RegExp(`/${file.file_name}$`))]);
      expect(read834(openDropped(second, drop, droppedFiles(drop)[0])).enrollments[0].members).toHaveLength(4);
    }, 90_000);
  });

  describe('two store processes', () => {
    const drop = tempDropDir();
    const stores = twoStoresSharingPostgres(() => ({ CARRIER_DROP_DIR: drop, JOBS_POLL_MS: 0 }));

    it('deliver each file once', async () => {
      const { one, two } = stores();
      for (let i = 0; i < 3; i++) await completeFamily(one, (i % 2 ? one : two).client());
      const rename = vi.spyOn(fsp, 'rename');
      try {
        await Promise.all([one.app.jobs.runDue(), two.app.jobs.runDue(), one.app.jobs.runDue(), two.app.jobs.runDue()]);
        const into = rename.mock.calls.filter(([, to]) => String(to).startsWith(drop));
        const files = await filesOf(one);
        expect(files).toHaveLength(3);
        expect(files.every((f) => f.status === 'delivered')).toBe(true);
        expect(into).toHaveLength(3);
        expect(droppedFiles(drop)).toHaveLength(3);
        expect((await deliverJobs(one)).map((j) => [j.status, j.attempts])).toEqual([
          ['done', 1],
          ['done', 1],
          ['done', 1],
        ]);
      } finally {
        rename.mockRestore();
      }
    }, 90_000);
  });
});
