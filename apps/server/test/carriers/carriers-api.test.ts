import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { read834 } from '../../src/modules/carriers/x12/read-834.ts';
import { DELIVER_KIND } from '../../src/modules/carriers/service.ts';
import { ack999, completeFamily, droppedFiles, openDropped, ta1, tempDropDir } from './helpers.ts';

const drop = tempDropDir();

describeEachDb(
  '834 files reach the carriers',
  (ctx) => {
    let op: TestClient;
    const operator = async () => {
      if (!op) {
        op = ctx().client();
        await op.signIn(DEMO.operator.email, DEMO.operator.password);
      }
      return op;
    };
    const fileOf = (enrollmentId: string) =>
      ctx()
        .db.selectFrom('carrier_file_items')
        .innerJoin('carrier_files', 'carrier_files.id', 'carrier_file_items.file_id')
        .selectAll('carrier_files')
        .where('carrier_file_items.enrollment_id', '=', enrollmentId)
        .executeTakeFirstOrThrow();
    let familyId = '';
    let fileId = 0;

    it("writes the family enrollment's 834 in the completing transaction, sealed, and delivers it into the carrier's folder", async () => {
      const ts = ctx();
      familyId = await completeFamily(ts, ts.client());
      const file = await fileOf(familyId);
      fileId = file.id;
      expect(file.status).toBe('generated');
      expect(file.content_enc).toMatch(/^s2\./);
      expect(file.content_enc).not.toContain('587654321');
      const job = await ts.db
        .selectFrom('scheduled_jobs')
        .selectAll()
        .where('kind', '=', DELIVER_KIND)
        .where('payload', '=', JSON.stringify({ file_id: file.id }) as never)
        .executeTakeFirst();
      expect(job?.status).toBe('pending');

      await ts.app.jobs.runDue();
      const after = await fileOf(familyId);
      expect(after.status).toBe('delivered');
      const dropped = droppedFiles(drop).filter((f) => f.endsWith(file.file_name));
      expect(dropped).toEqual([`${path.dirname(dropped[0])}/834-${String(file.id).padStart(9, '0')}.x12`]);
      expect(dropped[0]).toMatch(/^\d+-national-dental-carrier\//);

      const e = await ts.db.selectFrom('enrollments').selectAll().where('id', '=', familyId).executeTakeFirstOrThrow();
      const text = openDropped(ts, drop, dropped[0]);
      const back = read834(text);
      expect(back.controlNumber).toBe(file.id);
      expect(back.groupControlNumber).toBe(file.id);
      expect(back.transactionControlNumbers).toEqual(['0001']);
      expect(back.payer).toBe('National Dental Carrier');
      const [enrollment] = back.enrollments;
      expect(enrollment.maintenance).toBe('021');
      expect(enrollment.subscriberId).toBe(String(e.user_id));
      expect(enrollment.members.map((m) => [m.relationship, m.firstName, m.lastName, m.ssn, m.birthDate, m.gender])).toEqual([
        ['18', 'Dana', 'Whitfield', '123456789', '1985-04-12', 'F'],
        ['01', 'Sam', 'Whitfield', '587654321', '1984-02-02', 'M'],
        ['19', 'Ava', 'Whitfield', '587654322', '2012-03-04', 'F'],
        ['19', 'Ben', 'Whitfield', '587654323', '2015-07-08', 'M'],
      ]);
      expect(enrollment.members[0].address).toEqual({ line1: '1 Main Street', city: 'New York', state: 'NY', zip: '10001' });
      // The enrollment's effective date, or the day it was completed when it names none.
      const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
      const effective = e.effective_date ? day(e.effective_date) : day(e.completed_at);
      expect(enrollment.coverages).toEqual([{ insuranceLine: 'DEN', coverageLevel: 'FAM', effectiveDate: effective, endDate: null }]);
      // SE01 counts ST through SE; GE01 one set; IEA01 one group; trailers repeat the control numbers.
      expect(text).toContain(`SE*${5 + 1 + 8 + 6 * 3 + 1}*0001~`); // with N1*BO, the rep's NPN
      expect(text).toContain('N1*BO*Jordan Avery*94*17654321~');
      expect(text).toContain(`GE*1*${file.id}~`);
      expect(text).toContain(`IEA*1*${String(file.id).padStart(9, '0')}~`);
    });

    it("lists the files to operators and answers a file's X12 text, with an audit row", async () => {
      const c = await operator();
      const list = await c.get('/api/admin/carrier-files');
      expect(list.status).toBe(200);
      const row = list.body.data.items.find((r: any) => r.id === fileId);
      const e = await ctx().db.selectFrom('enrollments').select('confirmation_number').where('id', '=', familyId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        carrier: 'National Dental Carrier',
        status: 'delivered',
        confirmation_numbers: [e.confirmation_number],
        overdue: false,
        errors: [],
      });
      const text = await c.get(`/api/admin/carrier-files/${fileId}`);
      expect(text.status).toBe(200);
      expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(read834(text.body).enrollments[0].members).toHaveLength(4);
      const audit = await ctx()
        .db.selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'carrier-file.view')
        .where('target', '=', `carrier_file:${fileId}`)
        .execute();
      expect(audit).toHaveLength(1);
      expect((await c.get('/api/admin/carriers')).body.data.items.map((x: any) => x.name)).toContain('National Dental Carrier');
    });

    it('gives nothing to anonymous callers, reps or members', async () => {
      const rep = ctx().client();
      await rep.signIn(DEMO.rep.email, DEMO.rep.password);
      const member = ctx().client();
      await member.signIn(DEMO.member.email, DEMO.member.password);
      for (const c of [ctx().client(), rep, member]) {
        expect((await c.get('/api/admin/carrier-files')).status).toBe(401);
        expect((await c.get(`/api/admin/carrier-files/${fileId}`)).status).toBe(401);
        expect((await c.get('/api/admin/carriers')).status).toBe(401);
        expect((await c.request('PUT', '/api/admin/carriers/1', { body: { name: 'Mine' } })).status).toBe(401);
        expect((await c.get(`/api/admin/enrollments/${familyId}/carrier-files`)).status).toBe(401);
        expect((await c.post(`/api/admin/enrollments/${familyId}/cancel`, { reason: 'Moved', date: '2026-12-31' })).status).toBe(401);
        expect(
          (await c.post('/api/admin/carrier-files/acknowledgments', { content: ack999(fileId, 'A', [{ st: '0001', ik5: ['A'] }]) })).status,
        ).toBe(401);
      }
      expect((await fileOf(familyId)).status).toBe('delivered');
    });

    it('refuses an acknowledgment that is not X12, names no file of ours, or has broken counts, and changes nothing', async () => {
      const c = await operator();
      const cases: [string, string][] = [
        ['hello', 'The content is not X12: it must begin with an ISA segment.'],
        [
          ack999(fileId + 10_000, 'A', [{ st: '0001', ik5: ['A'] }]),
          `The 999 acknowledges group control number ${fileId + 10_000}, which names no file of ours.`,
        ],
        [
          ack999(fileId, 'A', [{ st: '0001', ik5: ['A'] }]).replace(/SE\*\d+\*/, 'SE*99*'),
          'The X12 is not well formed: The value in SE01 (99) does not match the number of segments in the transaction (6).',
        ],
        [ack999(fileId, 'A', [{ st: '0007', ik5: ['A'] }]), `The 999 names transaction set 0007, which file ${fileId} does not hold.`],
      ];
      for (const [content, message] of cases) {
        const r = await c.post('/api/admin/carrier-files/acknowledgments', { content });
        expect(r.status, content).toBe(422);
        expect(r.body.data).toEqual([{ target_element: 'content', error_message: message }]);
      }
      expect((await c.post('/api/admin/carrier-files/acknowledgments', { content: '' })).status).toBe(422);
      expect((await fileOf(familyId)).status).toBe('delivered');
    });

    it('a 999 reject sets rejected with the errors in words; a 999 accept sets accepted', async () => {
      const c = await operator();
      const reject = ack999(fileId, 'R', [{ st: '0001', ik3: ['NM1', '12', '2100', '8'], ik4: ['9', '', '7'], ik5: ['R', '5'] }]);
      const r = await c.post('/api/admin/carrier-files/acknowledgments', { content: reject });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const errors = [
        { code: '8', text: 'Segment has data element errors', transaction: '0001', segment: 'NM1 at 12' },
        { code: '7', text: 'Invalid code value (element 9)', transaction: '0001', segment: 'NM1 at 12' },
        { code: '5', text: 'One or more segments in error', transaction: '0001' },
      ];
      expect(r.body.data.files).toEqual([{ id: fileId, status: 'rejected', errors }]);
      const row = (await c.get('/api/admin/carrier-files', { status: 'rejected' })).body.data.items.find((x: any) => x.id === fileId);
      expect(row.errors).toEqual(errors);

      const accept = await c.post('/api/admin/carrier-files/acknowledgments', {
        content: ack999(fileId, 'A', [{ st: '0001', ik5: ['A'] }]),
      });
      expect(accept.body.data.files).toEqual([{ id: fileId, status: 'accepted', errors: [] }]);
      expect((await fileOf(familyId)).status).toBe('accepted');
    });

    it('a TA1 that rejects the interchange sets rejected with its note in words', async () => {
      const c = await operator();
      const r = await c.post('/api/admin/carrier-files/acknowledgments', { content: ta1(fileId, 'R', '006') });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.files).toEqual([
        { id: fileId, status: 'rejected', errors: [{ code: '006', text: 'Invalid interchange sender ID' }] },
      ]);
    });

    it('"Cancel enrollment" sends the carrier a maintenance 834 (INS03 024, DTP*349) and ends the policies', async () => {
      const c = await operator();
      const bad = await c.post(`/api/admin/enrollments/${familyId}/cancel`, { reason: ' ', date: '2026-02-30' });
      expect(bad.status).toBe(422);
      expect(await ctx().db.selectFrom('carrier_files').select('id').execute()).toHaveLength(1);
      const r = await c.post(`/api/admin/enrollments/${familyId}/cancel`, { reason: 'Moved abroad', date: '2026-12-31' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toEqual({ enrollment_id: familyId, carrier_files: 1 });
      const files = await ctx().db.selectFrom('carrier_files').selectAll().orderBy('id').execute();
      const text = (await c.get(`/api/admin/carrier-files/${files[1].id}`)).body as string;
      const [e] = read834(text).enrollments;
      expect(e.maintenance).toBe('024');
      expect(e.members).toHaveLength(4);
      expect(e.coverages[0].endDate).toBe('2026-12-31');
      expect(text).toContain('INS*Y*18*024*AI*A***FT~');
      const policies = await ctx().db.selectFrom('policies').select('status').where('enrollment_id', '=', familyId).execute();
      expect(policies.map((p) => p.status)).toEqual(['INACTIVE']);
      expect((await c.post(`/api/admin/enrollments/${familyId}/cancel`, { reason: 'Again', date: '2026-12-31' })).status).toBe(409);
    });
  },
  { CARRIER_DROP_DIR: drop, JOBS_POLL_MS: 0 },
);
