import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CARRIER_TEXTS } from '@store/domain/carriers';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { read834 } from '../../src/modules/carriers/x12/read-834.ts';
import { fileText } from '../../src/modules/carriers/service.ts';
import { lifeMember } from '../member-home/helpers.ts';
import { secondFactorCheckedAgo } from '../security/fixtures.ts';
import { parseKeyring, Sealer } from '../../src/lib/crypto.ts';
import { carrierArchiveContext } from '../../src/db/sealed-columns.ts';
import { resealCarrierArchive } from '../../src/cli/reseal-carrier-archive.ts';
import { ack999, completeFamily, droppedFiles, runDailyCarrierJobs, tempDropDir } from './helpers.ts';

/**
 * Issue 34, finding 3: the carrier-drop folder is the store's archive and staging, sealed at rest; an operator downloads
 * a file through the console (fresh second factor, audited); files are deleted after the carrier's retention once a
 * 999 accepted them or the operator resolved them; a day's changes of an enrollment make one change file.
 */
const drop = tempDropDir();
let clock = new Date();
const DAY = 86_400_000;

const filesOf = (ts: TestStore) => ts.db.selectFrom('carrier_files').selectAll().orderBy('id').execute();
const fileRow = (ts: TestStore, id: number) => ts.db.selectFrom('carrier_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const archived = (name: string) => droppedFiles(drop).filter((f) => f.endsWith(`/${name}`));

describeEachDb(
  "the carriers' files at rest",
  (ctx) => {
    let accepted = 0;
    let unacknowledged = 0;
    const operator = async () => {
      const c = ctx().client();
      await c.signIn(DEMO.operator.email, DEMO.operator.password);
      return c;
    };

    it('after an enrollment the carrier-drop folder holds no SSN, date of birth or X12 in clear', async () => {
      const ts = ctx();
      fs.rmSync(drop, { recursive: true, force: true });
      await completeFamily(ts, ts.client());
      await completeFamily(ts, ts.client());
      await ts.app.jobs.runDue();
      const files = await filesOf(ts);
      expect(files.map((f) => f.status)).toEqual(['delivered', 'delivered']);
      [accepted, unacknowledged] = files.map((f) => f.id);
      const all = droppedFiles(drop);
      expect(all.length).toBeGreaterThanOrEqual(2);
      for (const f of all) {
        const bytes = fs.readFileSync(path.join(drop, f)).toString('latin1');
        for (const clear of [
          '123456789',
          '587654321',
          '587654322',
          '587654323',
          '19850412',
          '19840202',
          'ISA*',
          'Whitfield',
          'Main Street',
        ])
          expect(bytes, `${f} holds ${clear}`).not.toContain(clear);
      }
    });

    it('an operator downloads the exact 834 through the console, with an audit row naming the operator', async () => {
      const ts = ctx();
      const c = await operator();
      const file = await fileRow(ts, accepted);
      const r = await c.get(`/api/admin/carrier-files/${accepted}/download`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^application\/edi-x12/);
      expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${file.file_name}"`);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.body).toBe(fileText(ts.app, file));
      const back = read834(r.body);
      expect(back.controlNumber).toBe(accepted);
      expect(back.enrollments[0].members.map((m) => m.ssn)).toEqual(['123456789', '587654321', '587654322', '587654323']);
      const account = await ts.db.selectFrom('accounts').select('id').where('email', '=', DEMO.operator.email).executeTakeFirstOrThrow();
      const audit = await ts.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'carrier-file.download')
        .where('target', '=', `carrier_file:${accepted}`)
        .execute();
      expect(audit.map((a) => a.account_id)).toEqual([account.id]);
      // Nobody but an operator, and an operator only within 5 minutes of a second-factor check.
      expect((await ts.client().get(`/api/admin/carrier-files/${accepted}/download`)).status).toBe(401);
      await secondFactorCheckedAgo(ts, c, 6 * 60_000);
      expect((await c.get(`/api/admin/carrier-files/${accepted}/download`)).status).toBe(403);
      expect(await ts.db.selectFrom('audit_log').select('id').where('action', '=', 'carrier-file.download').execute()).toHaveLength(1);
    });

    it('deletes a file 30 days after a 999 accepted it and keeps the one never acknowledged until the operator resolves it', async () => {
      const ts = ctx();
      const c = await operator();
      const ack = await c.post('/api/admin/carrier-files/acknowledgments', {
        content: ack999(accepted, 'A', [{ st: '0001', ik5: ['A'] }]),
      });
      expect(ack.status, JSON.stringify(ack.body)).toBe(200);
      const names = Object.fromEntries((await filesOf(ts)).map((f) => [f.id, f.file_name]));

      clock = new Date(clock.getTime() + 29 * DAY);
      await ts.app.jobs.runDue();
      expect(archived(names[accepted])).toHaveLength(1);
      expect((await fileRow(ts, accepted)).purged_at).toBeNull();

      clock = new Date(clock.getTime() + 2 * DAY);
      await ts.app.jobs.runDue();
      expect(archived(names[accepted])).toEqual([]);
      const purged = await fileRow(ts, accepted);
      expect(purged.purged_at).not.toBeNull();
      expect(fileText(ts.app, purged)).toBe('');
      const gone = await c.get(`/api/admin/carrier-files/${accepted}/download`);
      expect(gone.status).toBe(410);
      expect(gone.body.message).toBe(CARRIER_TEXTS.FILE_PURGED);

      // Never acknowledged: kept, however long.
      expect(archived(names[unacknowledged])).toHaveLength(1);
      expect((await fileRow(ts, unacknowledged)).purged_at).toBeNull();
      const resolved = await c.post(`/api/admin/carrier-files/${unacknowledged}/resolve`, {});
      expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
      const audit = await ts.db.selectFrom('audit_log').selectAll().where('action', '=', 'carrier-file.resolve').execute();
      expect(audit.map((a) => a.target)).toEqual([`carrier_file:${unacknowledged}`]);
      // Resolved once: a second time is refused.
      const again = await c.post(`/api/admin/carrier-files/${unacknowledged}/resolve`, {});
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(CARRIER_TEXTS.FILE_NOT_RESOLVABLE);

      clock = new Date(clock.getTime() + 29 * DAY);
      await ts.app.jobs.runDue();
      expect(archived(names[unacknowledged])).toHaveLength(1);
      clock = new Date(clock.getTime() + 2 * DAY);
      await ts.app.jobs.runDue();
      expect(archived(names[unacknowledged])).toEqual([]);
      expect((await fileRow(ts, unacknowledged)).purged_at).not.toBeNull();
    });

    it("keeps a carrier's files the days its operator set", { timeout: 90_000 }, async () => {
      const ts = ctx();
      const c = await operator();
      const carriers = (await c.get('/api/admin/carriers')).body.data.items;
      const dental = carriers.find((x: { name: string }) => x.name === 'National Dental Carrier');
      expect(dental.file_retention_days).toBe(30);
      const { id, plan_count: _p, sftp_secret_set: _s, ...rest } = dental;
      const tooMany = await c.request('PUT', `/api/admin/carriers/${id}`, { body: { ...rest, file_retention_days: 0 } });
      expect(tooMany.body.data).toEqual([{ target_element: 'file_retention_days', error_message: CARRIER_TEXTS.FILE_RETENTION }]);
      const saved = await c.request('PUT', `/api/admin/carriers/${id}`, { body: { ...rest, file_retention_days: 7 } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data.file_retention_days).toBe(7);

      await completeFamily(ts, ts.client());
      await ts.app.jobs.runDue();
      const file = (await filesOf(ts)).at(-1)!;
      expect(
        (await c.post('/api/admin/carrier-files/acknowledgments', { content: ack999(file.id, 'A', [{ st: '0001', ik5: ['A'] }]) })).status,
      ).toBe(200);
      clock = new Date(clock.getTime() + 6 * DAY);
      await ts.app.jobs.runDue();
      expect(archived(file.file_name)).toHaveLength(1);
      clock = new Date(clock.getTime() + 2 * DAY);
      await ts.app.jobs.runDue();
      expect(archived(file.file_name)).toEqual([]);
    });

    it("two address changes on one day give one change file, with the day's last address", async () => {
      const ts = ctx();
      const dana = await lifeMember(ts);
      await ts.app.jobs.runDue();
      const before = (await filesOf(ts)).length;
      for (const address1 of ['5 First Street', '77 Harbor Road']) {
        const r = await dana.member.put('/api/v1/member-home/address', {
          address1,
          address2: '',
          city: 'Portland',
          state: 'ME',
          zip: '04101',
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      expect(await filesOf(ts)).toHaveLength(before);
      await runDailyCarrierJobs(ts);
      const files = (await filesOf(ts)).slice(before);
      expect(files).toHaveLength(1);
      expect(files[0].transaction_count).toBe(1);
      const items = await ts.db
        .selectFrom('carrier_file_items')
        .selectAll()
        .where('enrollment_id', '=', dana.id)
        .where('maintenance', '=', '001')
        .execute();
      expect(items.map((i) => [i.file_id, i.transaction_control_number])).toEqual([
        [files[0].id, '0001'],
        [files[0].id, '0001'],
      ]);
      const back = read834(fileText(ts.app, files[0]));
      expect(back.enrollments).toHaveLength(1);
      expect(back.enrollments[0].maintenance).toBe('001');
      expect(back.enrollments[0].members[0].address?.line1).toBe('77 Harbor Road');
    });
  },
  { CARRIER_DROP_DIR: drop, JOBS_POLL_MS: 0, now: () => clock },
);

it('rotate-keys seals the archive again with the new key, and seals files an older store wrote in clear', async () => {
  const root = tempDropDir();
  const oldKey = crypto.randomBytes(32).toString('base64');
  const newKey = crypto.randomBytes(32).toString('base64');
  const before = new Sealer(parseKeyring(`k1:${oldKey}`));
  const after = new Sealer(parseKeyring(`k2:${newKey},k1:${oldKey}`));
  fs.mkdirSync(path.join(root, '1-dental', 'inbound'), { recursive: true });
  const sealed = '834-000000001.x12';
  const clear = '834-000000002.x12';
  fs.writeFileSync(path.join(root, '1-dental', sealed), before.sealBytes(Buffer.from('ISA*first~'), carrierArchiveContext(sealed)));
  fs.writeFileSync(path.join(root, '1-dental', clear), 'ISA*second~');
  fs.writeFileSync(path.join(root, '1-dental', 'inbound', '999.x12'), 'ISA*an acknowledgment~');

  expect(await resealCarrierArchive(root, after, 'k2', { dryRun: true })).toEqual({ resealed: 1, sealedClear: 1, unreadable: [] });
  expect(fs.readFileSync(path.join(root, '1-dental', clear), 'utf8')).toBe('ISA*second~');
  expect(await resealCarrierArchive(root, after, 'k2')).toEqual({ resealed: 1, sealedClear: 1, unreadable: [] });
  for (const [name, text] of [
    [sealed, 'ISA*first~'],
    [clear, 'ISA*second~'],
  ]) {
    const bytes = fs.readFileSync(path.join(root, '1-dental', name));
    expect(bytes.subarray(0, 6).toString('latin1')).toBe('b2.k2.');
    expect(new Sealer(parseKeyring(`k2:${newKey}`)).openBytes(bytes, carrierArchiveContext(name)).toString()).toBe(text);
  }
  // Bound to its name: renamed, it does not open.
  expect(() => after.openBytes(fs.readFileSync(path.join(root, '1-dental', sealed)), carrierArchiveContext(clear))).toThrow();
  expect(await resealCarrierArchive(root, after, 'k2')).toEqual({ resealed: 0, sealedClear: 0, unreadable: [] });
  expect(fs.readFileSync(path.join(root, '1-dental', 'inbound', '999.x12'), 'utf8')).toBe('ISA*an acknowledgment~');
});
