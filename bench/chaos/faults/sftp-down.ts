import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Sealer, parseKeyring } from '../../../apps/server/src/lib/crypto.ts';
import { carrierSftpSecretContext } from '../../../apps/server/src/db/sealed-columns.ts';
import { PROCESS_DATA_KEY } from '../../../apps/server/test/security/process.ts';
import { startSftpServer } from '../../../apps/server/test/carriers/sftp-server.ts';
import { checkAnswers, checkCompletions, checkSaves, type Row } from '../verify.ts';
import { DENTAL_ESSENTIALS, sleep, startWorld } from '../world.ts';

const FLAG_AFTER = 3;
const REMOTE_DIR = '/inbound/834';

/**
 * The carrier's SFTP server down while two store processes take completions, each of which writes an 834 for the
 * dental plan's carrier (set to SFTP, one file per enrollment): the files wait, tried again with a growing wait
 * (CARRIER_DELIVERY_RETRY_SECONDS=1 here), are flagged to the operator after CARRIER_DELIVERY_FLAG_AFTER tries, and when
 * the server is back (same port, same host key) each file arrives once, renamed from its .part.
 */
export async function sftpDown(opts: { quick: boolean }): Promise<Row[]> {
  const fault = 'carrier SFTP down';
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-sftp-'));
  const user = { username: 'benefitstore', password: 'chaos-Sftp-2026' };
  // Started once for its port and host key, then stopped: the carrier's server is down from the first completion.
  const first = await startSftpServer(root, user);
  await first.close();
  const world = await startWorld({
    stores: 2,
    env: { CARRIER_SFTP_ALLOW_PRIVATE: 'true', CARRIER_DELIVERY_RETRY_SECONDS: '1', CARRIER_DELIVERY_FLAG_AFTER: String(FLAG_AFTER) },
  });
  let server: Awaited<ReturnType<typeof startSftpServer>> | null = null;
  try {
    const [carrier] = await world.pg.query<{ id: number }>(
      `select c.id from carriers c join plans p on p.carrier_id = c.id where p.plan_id = $1`,
      [DENTAL_ESSENTIALS],
    );
    const secret = new Sealer(parseKeyring(PROCESS_DATA_KEY)).seal(
      JSON.stringify({ password: user.password }),
      carrierSftpSecretContext(carrier!.id),
    );
    await world.pg.query(
      `update carriers set delivery_method = 'sftp', batch_mode = 'per_enrollment', sftp_host = '127.0.0.1', sftp_port = $2,
         sftp_username = $3, sftp_remote_dir = $4, sftp_host_key = $5, sftp_secret_enc = $6 where id = $1`,
      [carrier!.id, first.port, user.username, REMOTE_DIR, first.fingerprint, secret],
    );
    // Warmed up once the carrier takes SFTP (its completions' files wait with the others'): the answers are timed.
    await world.warmUp();
    let stop = false;
    const traffic = world.shop(opts.quick ? 3 : 6, () => stop);
    await sleep(opts.quick ? 10_000 : 60_000);
    stop = true;
    const { journeys, ops } = await traffic;
    // Down until every file waiting has been flagged (its tries at the limit), or long enough.
    const flaggedBy = Date.now() + 60_000;
    let waiting: { id: number; flagged: boolean }[] = [];
    while (Date.now() < flaggedBy) {
      waiting = await world.pg.query(
        `select id, jsonb_array_length(ack_errors) > 0 as flagged from carrier_files where carrier_id = $1 and status = 'generated'`,
        [carrier!.id],
      );
      if (waiting.length && waiting.every((f) => f.flagged)) break;
      await sleep(500);
    }
    const [tries] = await world.pg.query<{ n: number }>(
      `select coalesce(max((payload->>'attempt')::int), 0)::int as n from scheduled_jobs where kind = 'carrier-file-deliver'`,
    );
    const deliveredWhileDown = fs.existsSync(path.join(root, REMOTE_DIR)) ? fs.readdirSync(path.join(root, REMOTE_DIR)).length : 0;
    server = await startSftpServer(root, user, { port: first.port, hostKey: first.hostKey });
    // Back: the waits have grown to a few seconds (1 s doubling); every file goes.
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const [{ n }] = await world.pg.query<{ n: number }>(
        `select count(*)::int as n from carrier_files where carrier_id = $1 and status = 'generated'`,
        [carrier!.id],
      );
      if (n === 0) break;
      await sleep(500);
    }
    const files = await world.pg.query<{ file_name: string; status: string; flagged: boolean }>(
      `select file_name, status, jsonb_array_length(ack_errors) > 0 as flagged from carrier_files where carrier_id = $1`,
      [carrier!.id],
    );
    const there = fs.existsSync(path.join(root, REMOTE_DIR)) ? fs.readdirSync(path.join(root, REMOTE_DIR)) : [];
    const renamedInto = (name: string) => server!.ops.filter((o) => o.startsWith('rename ') && o.endsWith(` ${REMOTE_DIR}/${name}`)).length;
    const arrived = files.filter((f) => f.status === 'delivered' && there.includes(f.file_name));
    const twice = files.filter((f) => renamedInto(f.file_name) > 1);
    const parts = there.filter((n) => n.endsWith('.part'));
    return [
      await checkSaves(world.pg, fault, journeys, ops),
      await checkCompletions(world.pg, fault, journeys, ops),
      checkAnswers(fault, ops),
      {
        fault,
        what: 'carrier files (SFTP)',
        sent: files.length,
        acknowledged: arrived.length,
        lost:
          files.length -
          arrived.length +
          parts.length +
          files.filter((f) => f.flagged).length +
          (deliveredWhileDown || !files.length || !waiting.every((f) => f.flagged) ? 1 : 0),
        duplicated: twice.length,
        note:
          `waiting while down: ${waiting.length}, flagged after ${FLAG_AFTER} tries: ${waiting.filter((f) => f.flagged).length}, ` +
          `most tries: ${tries?.n ?? 0}; flag left after delivery: ${files.filter((f) => f.flagged).length}; .part left: ${parts.length}` +
          (deliveredWhileDown ? `; files there while down: ${deliveredWhileDown}` : ''),
      },
    ];
  } finally {
    await server?.close();
    await world.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
