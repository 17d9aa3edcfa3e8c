import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { DELIVER_KIND } from '../../src/modules/carriers/service.ts';
import { ack999, completeFamily, droppedFiles, tempDropDir } from './helpers.ts';

const drop = tempDropDir();
let clock = new Date();

describeEachDb(
  "each enrollment's carrier files in the console",
  (ctx) => {
    let op: TestClient;
    let id = '';
    const statusOf = async () => (await op.get(`/api/admin/enrollments/${id}/carrier-files`)).body.data.items;

    it('shows the file, its status, and flags it when the carrier does not answer within its window', async () => {
      const ts = ctx();
      op = ts.client();
      await op.signIn(DEMO.operator.email, DEMO.operator.password);
      id = await completeFamily(ts, ts.client());
      const [generated] = await statusOf();
      expect(generated).toMatchObject({
        carrier: 'National Dental Carrier',
        maintenance: '021',
        transaction: '0001',
        status: 'generated',
        overdue: false,
      });
      await ts.app.jobs.runDue();
      expect((await statusOf())[0]).toMatchObject({ status: 'delivered', overdue: false, errors: [] });

      clock = new Date(clock.getTime() + 49 * 3_600_000);
      expect((await statusOf())[0]).toMatchObject({ status: 'delivered', overdue: true });
      const row = (await op.get('/api/admin/carrier-files')).body.data.items.find((f: any) => f.id === generated.file_id);
      expect(row.overdue).toBe(true);

      const reject = ack999(generated.file_id, 'R', [{ st: '0001', ik3: ['DMG', '9', '2100', '8'], ik4: ['2', '', '8'], ik5: ['R', '5'] }]);
      expect((await op.post('/api/admin/carrier-files/acknowledgments', { content: reject })).status).toBe(200);
      expect((await statusOf())[0]).toMatchObject({
        status: 'rejected',
        overdue: false,
        errors: [
          { code: '8', text: 'Segment has data element errors', transaction: '0001', segment: 'DMG at 9' },
          { code: '8', text: 'Invalid date (element 2)', transaction: '0001', segment: 'DMG at 9' },
          { code: '5', text: 'One or more segments in error', transaction: '0001' },
        ],
      });
    });

    it('never sends a blank SSN: a stored SSN that does not open marks the file errored and nothing is sent', async () => {
      const ts = ctx();
      const e = await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
      const member = await ts.db.selectFrom('members').select('ssn_enc').where('user_id', '=', e.user_id!).executeTakeFirstOrThrow();
      // Sealed for another row: the value exists but does not open here.
      const other = ts.app.sealer.seal('123456789', { table: 'members', column: 'ssn_enc', id: -1 });
      expect(member.ssn_enc).toBeTruthy();
      await ts.db.updateTable('members').set({ ssn_enc: other }).where('user_id', '=', e.user_id!).execute();
      // The 834s dropped (the billing day's job, due at the same midnight, may also drop the day's 820 of premium).
      const sent834 = () => droppedFiles(drop).filter((f) => path.basename(f).startsWith('834-'));
      const before = sent834();

      const r = await op.post(`/api/admin/enrollments/${id}/cancel`, { reason: 'Moved abroad', date: '2026-12-31' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const files = await ts.db.selectFrom('carrier_files').selectAll().orderBy('id').execute();
      const errored = files[files.length - 1];
      expect(errored.status).toBe('errored');
      expect(errored.ack_errors).toEqual([{ code: 'SSN', text: 'The SSN of the subscriber could not be opened; the file was not sent.' }]);
      const jobs = await ts.db.selectFrom('scheduled_jobs').select('payload').where('kind', '=', DELIVER_KIND).execute();
      expect(jobs.map((j) => j.payload.file_id)).not.toContain(errored.id);
      await ts.app.jobs.runDue();
      expect(sent834()).toEqual(before);
      expect((await statusOf())[1]).toMatchObject({
        maintenance: '024',
        status: 'errored',
        errors: [{ code: 'SSN', text: 'The SSN of the subscriber could not be opened; the file was not sent.' }],
      });
      const text = await op.get(`/api/admin/carrier-files/${errored.id}`);
      expect([text.status, text.body || '']).toEqual([200, '']);
    });
  },
  { CARRIER_DROP_DIR: drop, JOBS_POLL_MS: 0, now: () => clock },
);
