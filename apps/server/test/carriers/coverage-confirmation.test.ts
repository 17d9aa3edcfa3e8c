import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { COVERAGE_CONFIRMATION_TEXT as T } from '@store/domain/coverage-confirmation';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { carrierFolderName } from '../../src/modules/carriers/delivery.ts';
import { scanInbound } from '../../src/modules/carriers/inbound.ts';
import { memberHome } from '../../src/modules/member-home/service.ts';
import { tellReps } from '../../src/modules/coverage-confirmation/notice.ts';
import { ack999, completeFamily, droppedFiles, tempDropDir } from './helpers.ts';

const drop = tempDropDir();
const DAY = 86_400_000;
let clock = new Date();

/**
 * A carrier's effectuation 834 written by hand from the 005010X220A1 layout: ISA/GS (BE) envelope, ST*834 with its
 * BGN, the sponsor and payer (N1*P5, N1*IN), and per member loop 2000 (INS, REF*0F our member id, REF*1L the carrier's
 * policy number), its NM1*IL and a 2300 coverage (HD, DTP*348). SE01 counts ST to SE; `badCount` breaks it.
 */
function effectuation834(members: { id: string; policy?: string; ins03?: string; ins04?: string }[], control: number, badCount = false) {
  const isa = [
    'ISA',
    '00',
    ' '.repeat(10),
    '00',
    ' '.repeat(10),
    'ZZ',
    'CARRIER01'.padEnd(15),
    'ZZ',
    'BENEFITSTORE'.padEnd(15),
    '261210',
    '0800',
    '^',
    '00501',
    String(control).padStart(9, '0'),
    '0',
    'T',
    ':',
  ].join('*');
  const body = [
    'ST*834*0001*005010X220A1',
    `BGN*00*EFF${control}*20261210*0800*ET***2`,
    'N1*P5*Benefit Store*FI*123456789',
    'N1*IN*The Carrier*FI*987654321',
  ];
  for (const m of members) {
    body.push(`INS*Y*18*${m.ins03 ?? '021'}*${m.ins04 ?? '28'}*A***FT`);
    body.push(`REF*0F*${m.id}`);
    if (m.policy) body.push(`REF*1L*${m.policy}`);
    body.push('NM1*IL*1*RIVERA*DANA');
    body.push('HD*021**DEN**FAM');
    body.push('DTP*348*D8*20261201');
  }
  const count = body.length + 1 + (badCount ? 3 : 0);
  return [
    isa,
    `GS*BE*CARRIER01*BENEFITSTORE*20261210*0800*${control}*X*005010X220A1`,
    ...body,
    `SE*${count}*0001`,
    `GE*1*${control}`,
    `IEA*1*${String(control).padStart(9, '0')}`,
  ]
    .map((s) => `${s}~`)
    .join('\n');
}

async function operator(ts: TestStore): Promise<TestClient> {
  const op = ts.client();
  await op.signIn(DEMO.operator.email, DEMO.operator.password);
  return op;
}

describeEachDb(
  'coverage confirmed by the carrier (issue 39)',
  (ctx) => {
    let enrollmentId = '';
    let userId = 0;
    let policyId = 0;
    let inbound = '';
    let folder = '';
    const unconfirmed = async (op: TestClient) => {
      const d = await op.get('/api/admin/dashboard');
      expect(d.status, JSON.stringify(d.body)).toBe(200);
      return d.body.data.unconfirmed as { count: number; held_cents: number; items: { policy_id: number; held_cents: number }[] };
    };
    const drop834 = async (ts: TestStore, name: string, text: string) => {
      fs.writeFileSync(path.join(inbound, name), text);
      return scanInbound(ts.app);
    };
    const policy = (ts: TestStore) => ts.db.selectFrom('policies').selectAll().where('policy_id', '=', policyId).executeTakeFirstOrThrow();

    it('a paid plan is listed after the window, stays when a 999 accepts its file, leaves when the effectuation names it', async () => {
      const ts = ctx();
      clock = new Date();
      enrollmentId = await completeFamily(ts, ts.client());
      await ts.app.jobs.runDue();
      const e = await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', enrollmentId).executeTakeFirstOrThrow();
      userId = e.user_id!;
      const p = await ts.db.selectFrom('policies').selectAll().where('enrollment_id', '=', enrollmentId).execute();
      expect(p).toHaveLength(1);
      policyId = p[0].policy_id;
      const paid = await ts.db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('enrollment_id', '=', enrollmentId)
        .where('kind', '=', 'payment')
        .execute();
      expect(paid).toHaveLength(1);
      const file = await ts.db.selectFrom('carrier_files').selectAll().where('kind', '!=', 'remittance').executeTakeFirstOrThrow();
      const carrier = await ts.db.selectFrom('carriers').selectAll().where('id', '=', file.carrier_id).executeTakeFirstOrThrow();
      expect(carrier.confirmation_window_days).toBe(10);
      folder = carrierFolderName(carrier);
      inbound = path.join(drop, folder, 'inbound');
      fs.rmSync(inbound, { recursive: true, force: true });
      fs.mkdirSync(inbound, { recursive: true });

      const op = await operator(ts);
      // Within the carrier's window: nothing to flag.
      expect((await unconfirmed(op)).count).toBe(0);
      clock = new Date(Date.now() + 11 * DAY);
      const late = await unconfirmed(op);
      expect(late.count).toBe(1);
      expect(late.items[0].policy_id).toBe(policyId);
      // The plan's premium of the payment: the dental plan's price less the administrative fee (the membership kept out).
      expect(late.items[0].held_cents).toBeGreaterThan(0);
      expect(late.items[0].held_cents).toBeLessThanOrEqual(paid[0].amount_cents);
      expect(late.held_cents).toBe(late.items[0].held_cents);
      expect((await memberHome(ts.db, userId, clock)).coverage.find((c) => c.policy_id === policyId)).toMatchObject({
        awaiting_carrier: true,
        carrier_status: null,
      });

      // The member's rep: the list on the rep home, and one mail however often the daily job runs.
      const rep = await ts.db.selectFrom('accounts').select('agent_id').where('email', '=', DEMO.rep.email).executeTakeFirstOrThrow();
      await ts.db.updateTable('members').set({ agent_id: rep.agent_id }).where('user_id', '=', userId).execute();
      const repClient = ts.client();
      await repClient.signIn(DEMO.rep.email, DEMO.rep.password);
      const repList = await repClient.get('/api/v1/rep-home/unconfirmed-payments');
      expect(repList.status, JSON.stringify(repList.body)).toBe(200);
      expect(repList.body.data.items.map((i: { policy_id: number }) => i.policy_id)).toEqual([policyId]);
      expect((await op.get('/api/v1/rep-home/unconfirmed-payments')).status).toBe(403);
      expect(await ts.db.transaction().execute((trx) => tellReps(ts.app, trx, clock))).toBe(1);
      expect(await ts.db.transaction().execute((trx) => tellReps(ts.app, trx, clock))).toBe(0);
      const mails = await ts.db
        .selectFrom('outbox')
        .select(['kind', 'to_address'])
        .where('kind', '=', 'coverage-unconfirmed-rep')
        .execute();
      expect(mails).toEqual([{ kind: 'coverage-unconfirmed-rep', to_address: DEMO.rep.email }]);

      // A 999 accepting the 834 only says the carrier's translator read it: still listed.
      expect(await drop834(ts, '999.x12', ack999(file.id, 'A', [{ st: '0001', ik5: ['A'] }]))).toEqual([
        { file: `${folder}/inbound/999.x12`, outcome: 'applied' },
      ]);
      expect((await ts.db.selectFrom('carrier_files').select('status').where('id', '=', file.id).executeTakeFirstOrThrow()).status).toBe(
        'accepted',
      );
      expect((await unconfirmed(op)).items.map((i) => i.policy_id)).toEqual([policyId]);

      // An effectuation naming a member the store does not know: refused whole, nothing changed, the id named.
      expect(
        await drop834(
          ts,
          'eff-unknown.x12',
          effectuation834(
            [
              { id: String(userId), policy: 'POL-1' },
              { id: '99999999', policy: 'POL-2' },
            ],
            501,
          ),
        ),
      ).toEqual([{ file: `${folder}/inbound/eff-unknown.x12`, outcome: 'refused' }]);
      expect((await policy(ts)).carrier_status).toBeNull();
      const refused = await ts.db
        .selectFrom('carrier_inbound_files')
        .selectAll()
        .where('file_name', '=', 'eff-unknown.x12')
        .executeTakeFirstOrThrow();
      expect(refused.message).toContain('99999999');
      expect(refused.message).not.toContain(String(userId) + ',');

      // A malformed one (SE01 does not count its segments): refused with the reason, nothing changed, moved aside.
      expect(await drop834(ts, 'eff-broken.x12', effectuation834([{ id: String(userId), policy: 'POL-1' }], 502, true))).toEqual([
        { file: `${folder}/inbound/eff-broken.x12`, outcome: 'refused' },
      ]);
      const broken = await ts.db
        .selectFrom('carrier_inbound_files')
        .selectAll()
        .where('file_name', '=', 'eff-broken.x12')
        .executeTakeFirstOrThrow();
      expect(broken.message).toMatch(/not well formed/);
      expect((await policy(ts)).carrier_status).toBeNull();
      expect((await unconfirmed(op)).count).toBe(1);

      // The carrier's effectuation names the member with its policy number: confirmed, off the list.
      expect(await drop834(ts, 'eff.x12', effectuation834([{ id: String(userId), policy: 'DEN-4471-A' }], 503))).toEqual([
        { file: `${folder}/inbound/eff.x12`, outcome: 'applied' },
      ]);
      expect(await policy(ts)).toMatchObject({
        carrier_status: 'confirmed',
        carrier_policy_number: 'DEN-4471-A',
        carrier_status_source: 'effectuation',
      });
      expect(await unconfirmed(op)).toEqual({ count: 0, held_cents: 0, items: [] });
      expect((await memberHome(ts.db, userId, clock)).coverage.find((c) => c.policy_id === policyId)).toMatchObject({
        awaiting_carrier: false,
        carrier_status: 'confirmed',
        carrier_policy_number: 'DEN-4471-A',
      });
      const shown = await op.get(`/api/admin/enrollments/${enrollmentId}/coverage`);
      expect(shown.body.data.items).toEqual([
        expect.objectContaining({ policy_id: policyId, carrier_status: 'confirmed', carrier_policy_number: 'DEN-4471-A', flagged: false }),
      ]);
      // Every file moved aside, applied or refused (the prefix is the content's hash).
      expect(
        droppedFiles(inbound)
          .map((f) => f.replace(/\/[0-9a-f]{12}-/, '/'))
          .sort(),
      ).toEqual(['processed/999.x12', 'processed/eff.x12', 'refused/eff-broken.x12', 'refused/eff-unknown.x12']);
      const audit = await ts.db.selectFrom('audit_log').selectAll().where('action', '=', 'coverage.effectuation').execute();
      expect(audit).toHaveLength(1);
    });

    it("the operator records the carrier's confirmation by hand (audited), 422 beside a bad policy number", async () => {
      const ts = ctx();
      const op = await operator(ts);
      const bad = await op.post(`/api/admin/policies/${policyId}/carrier-confirmation`, { policy_number: 'no<script>' });
      expect(bad.status).toBe(422);
      expect(bad.body.data).toEqual([{ target_element: 'policy_number', error_message: T.POLICY_NUMBER }]);
      const r = await op.post(`/api/admin/policies/${policyId}/carrier-confirmation`, { policy_number: 'DEN-4471-B' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({
        carrier_status: 'confirmed',
        carrier_policy_number: 'DEN-4471-B',
        carrier_status_source: 'operator',
      });
      const a = await ts.db.selectFrom('audit_log').selectAll().where('action', '=', 'coverage.confirm').executeTakeFirstOrThrow();
      expect(a.target).toBe(`policy:${policyId}`);
    });

    it("a rejected plan's premium is refunded once through the refund path", async () => {
      const ts = ctx();
      clock = new Date();
      const op = await operator(ts);
      const early = await op.post(`/api/admin/policies/${policyId}/rejected-premium`, { choice: 'refund' });
      expect(early.status).toBe(422);
      expect(early.body.data).toEqual([{ target_element: 'choice', error_message: T.NOT_REJECTED }]);
      const rejected = await op.post(`/api/admin/policies/${policyId}/carrier-rejection`, { reason: 'Not eligible with the carrier' });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
      const held = rejected.body.data.held_cents as number;
      expect(held).toBeGreaterThan(0);
      const refund = await op.post(`/api/admin/policies/${policyId}/rejected-premium`, { choice: 'refund' });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      expect(refund.body.data).toMatchObject({ carrier_status: 'rejected', rejection_settlement: 'refunded', held_cents: 0 });
      const again = await op.post(`/api/admin/policies/${policyId}/rejected-premium`, { choice: 'refund' });
      expect(again.status).toBe(422);
      expect(again.body.data).toEqual([{ target_element: 'choice', error_message: T.ALREADY_SETTLED }]);
      const refunds = await ts.db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('enrollment_id', '=', enrollmentId)
        .where('kind', '=', 'refund')
        .execute();
      expect(refunds.map((r) => [r.amount_cents, r.idempotency_key])).toEqual([
        [held, expect.stringMatching(new RegExp(`carrier-rejected-${policyId}$`))],
      ]);
      expect(
        await ts.db.selectFrom('audit_log').select('action').where('action', '=', 'coverage.rejected-premium.refund').execute(),
      ).toHaveLength(1);
    });
  },
  { CARRIER_DROP_DIR: drop, JOBS_POLL_MS: 0, now: () => clock },
);
