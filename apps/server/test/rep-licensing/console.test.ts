import { beforeEach, expect, it } from 'vitest';
import { LICENSE_TEXTS, repNotLicensed } from '@store/domain/rep-licensing';
import { QUOTE } from './fixtures.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { operatorClient } from '../after-enrollment/helpers.ts';
import { tellExpiringLicenses } from '../../src/modules/rep-licensing/expiry.ts';

/**
 * Issue 39: the operator edits a rep's NPN, licenses and carrier appointments in the console and loads licenses from
 * a CSV (all or nothing, problems by line); a license expiring within 30 days is told to the rep and the operators once.
 */
const licensesOf = async (ts: TestStore, agentId: number) =>
  (await ts.db.selectFrom('rep_licenses').select('state').where('agent_id', '=', agentId).orderBy('state').execute()).map((r) => r.state);

describeEachDb(
  'rep licenses in the console (issue 39)',
  (ctx) => {
    // The store is shared by the tests: each starts from the demo's licenses.
    let demo: { agent_id: number; state: string; expires_on: string }[] | null = null;
    beforeEach(async () => {
      const ts = ctx();
      demo ??= (await ts.db.selectFrom('rep_licenses').selectAll().execute()).map((r) => ({ ...r, expires_on: String(r.expires_on) }));
      await ts.db.deleteFrom('rep_license_notices').execute();
      await ts.db.deleteFrom('rep_licenses').execute();
      await ts.db.insertInto('rep_licenses').values(demo).execute();
    });
    it("shows Jordan Avery's licenses and appointments, refuses a bad form beside its fields, and saves a good one", async () => {
      const ts = ctx();
      const op = await operatorClient(ts);
      const got = await op.get('/api/admin/agents/20001/licensing');
      expect(got.status).toBe(200);
      expect(got.body.data.licenses.map((l: any) => `${l.state} ${l.state_name} ${l.current}`)).toEqual([
        'CT Connecticut true',
        'NJ New Jersey true',
        'NY New York true',
        'TX Texas true',
      ]);
      expect(got.body.data.carriers.length).toBeGreaterThan(0);
      expect(got.body.data.carriers.every((c: any) => c.appointed)).toBe(true);

      const bad = await op.put('/api/admin/agents/20001/licensing', {
        npn: '12ab',
        licenses: [
          { state: 'TX', expires_on: '12/31/2027' },
          { state: 'tx', expires_on: '02/30/2027' },
          { state: 'ZZ', expires_on: '2027-01-01' },
        ],
        carriers: [],
      });
      expect(bad.status).toBe(422);
      expect(bad.body.data).toEqual(
        expect.arrayContaining([
          { target_element: 'npn', error_message: LICENSE_TEXTS.npn },
          { target_element: 'licenses.1.expires_on', error_message: LICENSE_TEXTS.expiresOn },
          { target_element: 'licenses.2.state', error_message: LICENSE_TEXTS.state },
        ]),
      );
      expect(await licensesOf(ts, 20001)).toEqual(['CT', 'NJ', 'NY', 'TX']);

      const carrier = got.body.data.carriers[0].carrier_id as number;
      const saved = await op.put('/api/admin/agents/20001/licensing', {
        npn: '17012345',
        licenses: [
          { state: 'tx', expires_on: '12/31/2030' },
          { state: 'CA', expires_on: '2030-06-30' },
        ],
        carriers: [carrier],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.npn).toBe('17012345');
      expect(saved.body.data.licenses.map((l: any) => `${l.state} ${l.expires_on}`)).toEqual(['CA 2030-06-30', 'TX 2030-12-31']);
      expect(saved.body.data.carriers.filter((c: any) => c.appointed).map((c: any) => c.carrier_id)).toEqual([carrier]);
      const audit = await ts.db
        .selectFrom('audit_log')
        .select('detail')
        .where('action', '=', 'rep-licensing.save')
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(audit.detail)).not.toContain('17012345');

      // The quote follows the licenses saved: California now, New York no more.
      const c = ts.client();
      expect((await c.post('/api/v1/add-filter-for-new-user', { ...QUOTE, zip: '90210', agent_id: 20001 })).status).toBe(200);
      const ny = await c.post('/api/v1/add-filter-for-new-user', { ...QUOTE, zip: '10001', agent_id: 20001 });
      expect(ny.status).toBe(422);
      expect(ny.body.data).toEqual([{ target_element: 'zip', error_message: repNotLicensed('NY') }]);
    }, 60_000);

    it('is for operators only', async () => {
      const ts = ctx();
      const rep = ts.client();
      await rep.signIn(DEMO.rep.email, DEMO.rep.password);
      expect((await rep.get('/api/admin/agents/20001/licensing')).status).toBe(401);
      expect(
        (await ts.client().post('/api/admin/rep-licenses/import', { csv: 'agent_id,state,expires_on\n20001,CA,2030-01-01' })).status,
      ).toBe(401);
      expect(await licensesOf(ts, 20001)).toEqual(['CT', 'NJ', 'NY', 'TX']);
    });

    it('loads a license CSV all or nothing, saying each problem by its line', async () => {
      const ts = ctx();
      const op = await operatorClient(ts);
      const bad = await op.post('/api/admin/rep-licenses/import', {
        csv: 'state,agent_id,expires_on\r\nCA,20001,2030-01-01\r\nXX,20001,2030-01-01\r\nNV,99999,2030-01-01\r\nCA,20001,01/02/2031\r\nAZ,20002,13/01/2030\r\n',
      });
      expect(bad.status).toBe(422);
      expect(bad.body.data.map((e: any) => e.error_message)).toEqual([
        "Line 3: 'XX' is not a US state.",
        'Line 4: there is no rep 99999.',
        "Line 5: rep 20001's CA license is also on line 2.",
        "Line 6: expires_on '13/01/2030' is not a date (yyyy-mm-dd or mm/dd/yyyy).",
      ]);
      expect(bad.body.data.every((e: any) => e.target_element === 'csv')).toBe(true);
      expect(await licensesOf(ts, 20001)).toEqual(['CT', 'NJ', 'NY', 'TX']);

      const missing = await op.post('/api/admin/rep-licenses/import', { csv: 'agent,state\n20001,CA' });
      expect(missing.body.data).toEqual([
        {
          target_element: 'csv',
          error_message: 'The header row must name the columns agent_id, state, expires_on (missing: agent_id, expires_on).',
        },
      ]);

      const good = await op.post('/api/admin/rep-licenses/import', {
        csv: 'agent_id,state,expires_on\n20001,CA,2030-01-01\n20001,"TX",12/31/2030\n20002,NY,2030-01-01\n',
      });
      expect(good.status).toBe(200);
      expect(good.body.data).toEqual({ reps: 2, licenses: 3 });
      expect(await licensesOf(ts, 20001)).toEqual(['CA', 'TX']);
      expect(await licensesOf(ts, 20002)).toEqual(['NY']);
    });

    it('tells the rep and the operators once when a license expires within 30 days', async () => {
      const ts = ctx();
      const now = new Date('2027-12-05T15:00:00Z');
      // Demo licenses run to 2027-12-31: within 30 days of 5 December 2027; Texas renewed to 2028 is not.
      await ts.db
        .updateTable('rep_licenses')
        .set({ expires_on: '2028-12-31' })
        .where('agent_id', '=', 20001)
        .where('state', '=', 'TX')
        .execute();
      const mailsBefore = await ts.db.selectFrom('outbox').select('id').execute();
      const told = await ts.db.transaction().execute((trx) => tellExpiringLicenses(ts.app, trx, now));
      expect(told).toBeGreaterThanOrEqual(3);
      const mails = await ts.db
        .selectFrom('outbox')
        .select(['kind', 'to_address', 'subject'])
        .where('id', 'not in', mailsBefore.length ? mailsBefore.map((m) => m.id) : [0])
        .where('kind', 'like', 'rep-license-expiry%')
        .execute();
      const jordan = await ts.db.selectFrom('agents').select('email').where('agent_id', '=', 20001).executeTakeFirstOrThrow();
      const toJordan = mails
        .filter((m) => m.to_address === jordan.email)
        .map((m) => m.subject)
        .sort();
      expect(toJordan).toEqual([
        'License expiring: Connecticut, 12/31/2027',
        'License expiring: New Jersey, 12/31/2027',
        'License expiring: New York, 12/31/2027',
      ]);
      expect(mails.some((m) => m.kind === 'rep-license-expiry-operator' && m.to_address === DEMO.operator.email)).toBe(true);
      expect(mails.some((m) => m.subject.includes('Texas') && m.to_address === jordan.email)).toBe(false);
      // A second run (or another process) tells nobody again.
      expect(await ts.db.transaction().execute((trx) => tellExpiringLicenses(ts.app, trx, now))).toBe(0);
    });
  },
  { JOBS_POLL_MS: 0 },
);
