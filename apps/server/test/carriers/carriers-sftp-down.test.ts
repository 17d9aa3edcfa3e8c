import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CARRIER_TEXTS } from '@store/domain/carriers';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { read834 } from '../../src/modules/carriers/x12/read-834.ts';
import { DELIVER_KIND, deliveryRetryMs } from '../../src/modules/carriers/service.ts';
import { completeFamily, droppedFiles, tempDropDir } from './helpers.ts';
import { startSftpServer, type TestSftpServer } from './sftp-server.ts';

/**
 * Issue 40: the carrier's SFTP server down. Files wait and are tried again with a growing wait; after
 * CARRIER_DELIVERY_FLAG_AFTER tries the file is flagged in the console; when the server is back each file arrives once
 * (uploaded as .part, then renamed) and the flag goes.
 */
const user = { username: 'benefitstore', password: 'sftp-Secret-2026' };
let server: (TestSftpServer & { hostKey: string }) | null = null;
let first: { port: number; hostKey: string; fingerprint: string };
let clock = new Date('2026-03-02T15:00:00Z');
beforeAll(async () => {
  const s = await startSftpServer(tempDropDir(), user);
  first = { port: s.port, hostKey: s.hostKey, fingerprint: s.fingerprint };
  await s.close();
});
afterAll(() => server?.close());

const RETRY_SECONDS = 60;
const FLAG_AFTER = 3;

describeEachDb(
  "a carrier's SFTP server down",
  (ctx) => {
    let op: TestClient;
    beforeAll(async () => {
      op = ctx().client();
      await op.signIn(DEMO.operator.email, DEMO.operator.password);
      const carrier = (await op.get('/api/admin/carriers')).body.data.items.find((c: any) => c.name === 'National Dental Carrier');
      const { id, plan_count: _p, sftp_secret_set: _s, ...rest } = carrier;
      const r = await op.request('PUT', `/api/admin/carriers/${id}`, {
        body: {
          ...rest,
          delivery_method: 'sftp',
          sftp_host: '127.0.0.1',
          sftp_port: first.port,
          sftp_username: user.username,
          sftp_remote_dir: '/inbound/834',
          sftp_host_key: first.fingerprint,
          sftp_password: user.password,
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    });

    const pendingJobs = (ts = ctx()) =>
      ts.db
        .selectFrom('scheduled_jobs')
        .selectAll()
        .where('kind', '=', DELIVER_KIND)
        .where('status', '=', 'pending')
        .orderBy('id')
        .execute();
    const consoleFiles = async () => (await op.get('/api/admin/carrier-files', { limit: 50, offset: 0 })).body.data.items;

    it('waits with a growing backoff, is flagged after the limit, and arrives once when the server is back', async () => {
      const ts = ctx();
      // Down: nothing listens on the carrier's port (a server of the other database's run is stopped).
      await server?.close();
      server = null;
      const root = tempDropDir();
      await completeFamily(ts, ts.client());
      await completeFamily(ts, ts.client());
      const ours = (await ts.db.selectFrom('carrier_files').selectAll().orderBy('id').execute()).filter((f) => f.status === 'generated');
      expect(ours).toHaveLength(2);
      // Tries 1 .. FLAG_AFTER, each at its due time: the wait doubles; nothing delivered; the store keeps answering.
      const waits: number[] = [];
      for (let attempt = 1; attempt <= FLAG_AFTER; attempt++) {
        expect(await ts.app.jobs.runDue()).toBe(2);
        const jobs = await pendingJobs();
        expect(jobs.map((j) => j.payload.attempt)).toEqual([attempt, attempt]);
        const wait = new Date(jobs[0].due_at).getTime() - clock.getTime();
        waits.push(wait);
        // Not due yet: nothing runs a second before.
        clock = new Date(clock.getTime() + wait - 1000);
        expect(await ts.app.jobs.runDue()).toBe(0);
        clock = new Date(clock.getTime() + 1000);
        const files = await consoleFiles();
        for (const f of ours) {
          const shown = files.find((x: any) => x.id === f.id);
          expect(shown.status).toBe('generated');
          expect(shown.errors).toEqual(attempt >= FLAG_AFTER ? [{ code: 'SFTP', text: CARRIER_TEXTS.NOT_DELIVERED }] : []);
        }
      }
      expect(waits).toEqual([1, 2, 3].map((n) => deliveryRetryMs(RETRY_SECONDS, n)));
      expect(waits).toEqual([60_000, 120_000, 240_000]);
      expect(droppedFiles(root)).toEqual([]);

      // The server is back (same port, same host key): each file arrives once, renamed from its .part.
      server = await startSftpServer(root, user, first);
      expect(await ts.app.jobs.runDue()).toBe(2);
      expect(await pendingJobs()).toEqual([]);
      expect(droppedFiles(root)).toEqual(ours.map((f) => `inbound/834/${f.file_name}`).sort());
      for (const f of ours) {
        expect(
          server.ops.filter(
            (o) => o.startsWith(`rename /inbound/834/.${f.file_name}.`) && o.endsWith('.part ' + `/inbound/834/${f.file_name}`),
          ),
        ).toHaveLength(1);
        expect(read834(fs.readFileSync(path.join(root, 'inbound/834', f.file_name), 'utf8')).enrollments[0].members).toHaveLength(4);
      }
      const files = await consoleFiles();
      for (const f of ours) expect(files.find((x: any) => x.id === f.id)).toMatchObject({ status: 'delivered', errors: [] });
      // Nothing more to try: a later pass sends nothing again.
      clock = new Date(clock.getTime() + 3_600_000);
      expect(await ts.app.jobs.runDue()).toBe(0);
      expect(server.ops.filter((o) => o.startsWith('rename'))).toHaveLength(2);
    });
  },
  {
    JOBS_POLL_MS: 0,
    CARRIER_SFTP_ALLOW_PRIVATE: true,
    CARRIER_DELIVERY_RETRY_SECONDS: RETRY_SECONDS,
    CARRIER_DELIVERY_FLAG_AFTER: FLAG_AFTER,
    now: () => clock,
  },
);
