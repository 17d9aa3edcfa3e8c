import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { achSftpSecretContext } from '../../src/db/sealed-columns.ts';
import { ACH_DELIVER_KIND, ensureAchDeliveryJob } from '../../src/modules/billing/ach-delivery.ts';
import { runBillingDay } from '../../src/modules/billing/day-service.ts';
import { deliveryRetryMs } from '../../src/modules/carriers/service.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { startSftpServer, type TestSftpServer } from '../carriers/sftp-server.ts';
import { payingMember } from './members.ts';
import { readNacha } from './nacha-reader.ts';
import { DEMO } from '../helpers/client.ts';
import { signedIn } from './ledger-fixtures.ts';

/**
 * Issue 36: the day's NACHA file delivered to the bank with the carriers' SFTP adapter (decision 2521): uploaded as
 * .part and renamed, read back by the reader written from the Nacha layouts; the bank's server down: the file waits
 * and is tried again with a growing wait, then arrives once. The console's list says where the file is at each step
 * (decision 2670: waiting, retrying with the last error, failed from CARRIER_DELIVERY_FLAG_AFTER tries, delivered).
 */
const user = { username: 'ach-bank', password: 'ach-Secret-2026' };
const RETRY_SECONDS = 60;
const FLAG_AFTER = 2;
let server: (TestSftpServer & { hostKey: string }) | null = null;
let first: { port: number; hostKey: string; fingerprint: string };
let clock = new Date('2026-12-28T06:00:00Z');
beforeAll(async () => {
  const s = await startSftpServer(fs.mkdtempSync(path.join(os.tmpdir(), 'ach-sftp-')), user);
  first = { port: s.port, hostKey: s.hostKey, fingerprint: s.fingerprint };
  await s.close();
});
afterAll(() => server?.close());

const pending = (ts: TestStore) =>
  ts.db.selectFrom('scheduled_jobs').selectAll().where('kind', '=', ACH_DELIVER_KIND).where('status', '=', 'pending').execute();

describeEachDb(
  "NACHA files delivered to the bank's SFTP server",
  (ctx) => {
    it('delivers the day file once; the server down: tried again after a growing wait, then arrives once', async () => {
      const ts = ctx();
      // Down: nothing listens on the bank's port (the server of the other database's run is stopped).
      await server?.close();
      server = null;
      const sealer = ts.app.sealer;
      await ts.db
        .updateTable('ach_settings')
        .set({
          delivery_method: 'sftp',
          sftp_host: '127.0.0.1',
          sftp_port: first.port,
          sftp_username: user.username,
          sftp_remote_dir: '/inbound/ach',
          sftp_host_key: first.fingerprint,
          sftp_secret_enc: sealer.seal(JSON.stringify({ password: user.password }), achSftpSecretContext()),
        })
        .execute();
      const member = await payingMember(
        { db: ts.db, sealer },
        { bank: { routing: '021000021', account: '123456789012' } },
        { billDay: 28 },
      );
      const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ach-out-'));
      const day = await runBillingDay({ db: ts.db, sealer, provider: new LocalOfflineProvider(), achOutDir: outDir }, '2026-12-28');
      expect(day.bank.file?.entries).toBe(1);
      const name = day.bank.file!.name;
      const op = await signedIn(ts, DEMO.operator);
      const delivery = async () => {
        const list = await op.get('/api/admin/ach-files');
        expect(list.status).toBe(200);
        return list.body.data.items.find((f: { file_name: string }) => f.file_name === name).delivery;
      };
      expect(await delivery()).toEqual({ status: 'waiting' });
      // The bank's server is down (nothing listens on its port): the file waits, its tries counted, the wait doubles.
      await ts.db.transaction().execute((trx) => ensureAchDeliveryJob(ts.app, trx));
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 2; attempt++) {
        expect(await ts.app.jobs.runDue()).toBe(1);
        const jobs = await pending(ts);
        expect(jobs.map((j) => (j.payload as { attempt: number }).attempt)).toEqual([attempt]);
        const wait = new Date(jobs[0].due_at).getTime() - clock.getTime();
        waits.push(wait);
        // One failed try: retrying, with the adapter's error; at CARRIER_DELIVERY_FLAG_AFTER (2 here): failed.
        expect(await delivery()).toEqual({
          status: attempt < FLAG_AFTER ? 'retrying' : 'failed',
          attempts: attempt,
          error: expect.stringMatching(/\w/),
        });
        clock = new Date(clock.getTime() + wait - 1000);
        expect(await ts.app.jobs.runDue()).toBe(0);
        clock = new Date(clock.getTime() + 1000);
      }
      expect(waits).toEqual([1, 2].map((n) => deliveryRetryMs(RETRY_SECONDS, n)));
      const waiting = await ts.db.selectFrom('ach_files').selectAll().where('file_name', '=', name).executeTakeFirstOrThrow();
      expect(waiting).toMatchObject({ delivered_at: null, delivery_attempts: 2 });
      expect(waiting.delivery_error).toBeTruthy();

      // Back (same port and host key): the file arrives once, uploaded under a temporary name and renamed.
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ach-bank-'));
      server = await startSftpServer(root, user, first);
      expect(await ts.app.jobs.runDue()).toBe(1);
      expect(await pending(ts)).toEqual([]);
      const text = fs.readFileSync(path.join(root, 'inbound/ach', name), 'utf8');
      const read = readNacha(text);
      const entries = read.batches.flatMap((b) => b.entries);
      expect(entries.map((e) => [Number(e.amount), e.account])).toEqual([[3199, '123456789012']]);
      expect(server.ops.filter((o) => o.startsWith(`rename /inbound/ach/.${name}.`))).toHaveLength(1);
      const done = await ts.db.selectFrom('ach_files').selectAll().where('file_name', '=', name).executeTakeFirstOrThrow();
      expect(done.delivered_at).not.toBeNull();
      expect(done.delivery_error).toBeNull();
      expect(await delivery()).toEqual({ status: 'delivered', at: new Date(done.delivered_at!).toISOString() });
      // Nothing waits: the next billing day's job schedules no delivery, and nothing is sent twice.
      await ts.db.transaction().execute((trx) => ensureAchDeliveryJob(ts.app, trx));
      expect(await pending(ts)).toEqual([]);
      expect(member.id).toBeTruthy();
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
