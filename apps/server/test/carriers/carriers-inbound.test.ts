import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEachDb, twoStoresSharingPostgres, TEST_DATABASE_URL, type TestStore } from '../helpers/store.ts';
import { carrierFolderName } from '../../src/modules/carriers/delivery.ts';
import { scanInbound } from '../../src/modules/carriers/inbound.ts';
import { ack999, completeFamily, droppedFiles, tempDropDir } from './helpers.ts';

const drop = tempDropDir();
const acknowledgeAudits = (ts: TestStore) =>
  ts.db.selectFrom('audit_log').selectAll().where('action', '=', 'carrier-file.acknowledge').execute();

describeEachDb(
  "acknowledgments that land in the carrier's inbound folder",
  (ctx) => {
    let fileId = 0;
    let inbound = '';
    let folder = '';

    it('applies a 999, refuses what is not X12, and moves both aside', async () => {
      const ts = ctx();
      await completeFamily(ts, ts.client());
      await ts.app.jobs.runDue();
      const file = await ts.db.selectFrom('carrier_files').selectAll().executeTakeFirstOrThrow();
      fileId = file.id;
      const carrier = await ts.db.selectFrom('carriers').selectAll().where('id', '=', file.carrier_id).executeTakeFirstOrThrow();
      folder = carrierFolderName(carrier);
      inbound = path.join(drop, folder, 'inbound');
      // The same folder serves the run on each database: start empty.
      fs.rmSync(inbound, { recursive: true, force: true });
      fs.mkdirSync(inbound, { recursive: true });
      fs.writeFileSync(path.join(inbound, '999-accept.x12'), ack999(fileId, 'A', [{ st: '0001', ik5: ['A'] }]));
      fs.writeFileSync(path.join(inbound, 'junk.txt'), 'hello');
      fs.writeFileSync(path.join(inbound, '.999-upload-in-progress'), 'ISA*');

      const outcomes = await scanInbound(ts.app);
      expect(outcomes.sort((a, b) => a.file.localeCompare(b.file))).toEqual([
        { file: `${folder}/inbound/999-accept.x12`, outcome: 'applied' },
        { file: `${folder}/inbound/junk.txt`, outcome: 'refused' },
      ]);
      expect((await ts.db.selectFrom('carrier_files').select('status').where('id', '=', fileId).executeTakeFirstOrThrow()).status).toBe(
        'accepted',
      );
      const audits = await acknowledgeAudits(ts);
      expect(audits).toHaveLength(1);
      expect(JSON.stringify(audits[0].detail)).toContain(`${folder}/inbound/999-accept.x12`);
      expect(droppedFiles(inbound)).toEqual([
        '.999-upload-in-progress',
        expect.stringMatching(/^processed\/[0-9a-f]{12}-999-accept\.x12$/),
        expect.stringMatching(/^refused\/[0-9a-f]{12}-junk\.txt$/),
      ]);
      const refused = await ts.db
        .selectFrom('carrier_inbound_files')
        .selectAll()
        .where('outcome', '=', 'refused')
        .executeTakeFirstOrThrow();
      expect(refused.message).toBe('The content is not X12: it must begin with an ISA segment.');
    });

    it('a file applied before a crash (not yet moved) is not applied twice', async () => {
      const ts = ctx();
      fs.writeFileSync(path.join(inbound, '999-accept.x12'), ack999(fileId, 'A', [{ st: '0001', ik5: ['A'] }]));
      expect(await scanInbound(ts.app)).toEqual([{ file: `${folder}/inbound/999-accept.x12`, outcome: 'seen' }]);
      expect(await acknowledgeAudits(ts)).toHaveLength(1);
      expect(droppedFiles(inbound).filter((f) => !f.includes('/'))).toEqual(['.999-upload-in-progress']);
    });

    it('two passes at once apply a new acknowledgment once', async () => {
      const ts = ctx();
      const reject = ack999(fileId, 'R', [{ st: '0001', ik3: ['NM1', '12', '2100', '8'], ik5: ['R', '5'] }]);
      fs.writeFileSync(path.join(inbound, '999-reject.x12'), reject);
      const [a, b] = await Promise.all([scanInbound(ts.app), scanInbound(ts.app)]);
      const outcomes = [...a, ...b].filter((o) => o.file.endsWith('999-reject.x12')).map((o) => o.outcome);
      expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
      expect(await acknowledgeAudits(ts)).toHaveLength(2);
      const file = await ts.db.selectFrom('carrier_files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
      expect(file.status).toBe('rejected');
      expect(file.ack_errors).toEqual([
        { code: '8', text: 'Segment has data element errors', transaction: '0001', segment: 'NM1 at 12' },
        { code: '5', text: 'One or more segments in error', transaction: '0001' },
      ]);
      expect(fs.existsSync(path.join(inbound, '999-reject.x12'))).toBe(false);
    });

    it("a 999 in another carrier's inbound folder does not touch this carrier's file (issue 34)", async () => {
      const ts = ctx();
      const before = await ts.db.selectFrom('carrier_files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
      const other = await ts.db
        .selectFrom('carriers')
        .selectAll()
        .where('id', '!=', before.carrier_id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const otherInbound = path.join(drop, carrierFolderName(other), 'inbound');
      fs.rmSync(otherInbound, { recursive: true, force: true });
      fs.mkdirSync(otherInbound, { recursive: true });
      fs.writeFileSync(path.join(otherInbound, '999-foreign.x12'), ack999(fileId, 'A', [{ st: '0001', ik5: ['A'] }]));
      expect(await scanInbound(ts.app)).toEqual([{ file: `${carrierFolderName(other)}/inbound/999-foreign.x12`, outcome: 'refused' }]);
      expect(await ts.db.selectFrom('carrier_files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow()).toEqual(before);
      const refused = await ts.db
        .selectFrom('carrier_inbound_files')
        .selectAll()
        .where('carrier_id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(refused.message).toBe(`The 999 acknowledges group control number ${fileId}, which names no file of ours.`);
    });
  },
  { CARRIER_DROP_DIR: drop, JOBS_POLL_MS: 0 },
);

describe.skipIf(!TEST_DATABASE_URL)('two store processes reading the same inbound folder (PostgreSQL)', () => {
  const shared = tempDropDir();
  const stores = twoStoresSharingPostgres(() => ({ CARRIER_DROP_DIR: shared, JOBS_POLL_MS: 0 }));

  it('apply each acknowledgment once', async () => {
    const { one, two } = stores();
    await completeFamily(one, one.client());
    await one.app.jobs.runDue();
    const file = await one.db.selectFrom('carrier_files').selectAll().executeTakeFirstOrThrow();
    const carrier = await one.db.selectFrom('carriers').selectAll().where('id', '=', file.carrier_id).executeTakeFirstOrThrow();
    const inbound = path.join(shared, carrierFolderName(carrier), 'inbound');
    fs.mkdirSync(inbound, { recursive: true });
    fs.writeFileSync(path.join(inbound, '999.x12'), ack999(file.id, 'A', [{ st: '0001', ik5: ['A'] }]));
    const [a, b] = await Promise.all([scanInbound(one.app), scanInbound(two.app)]);
    expect([...a, ...b].filter((o) => o.outcome === 'applied')).toHaveLength(1);
    expect(await acknowledgeAudits(one)).toHaveLength(1);
    expect((await one.db.selectFrom('carrier_files').select('status').where('id', '=', file.id).executeTakeFirstOrThrow()).status).toBe(
      'accepted',
    );
    expect(droppedFiles(inbound)).toEqual([expect.stringMatching(/^processed\/[0-9a-f]{12}-999\.x12$/)]);
  }, 90_000);
});
