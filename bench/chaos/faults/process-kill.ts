import fs from 'node:fs';
import { messageIdOf } from '../../../apps/server/src/plugins/mailer.ts';
import { checkAnswers, checkCompletions, checkSaves, type Row } from '../verify.ts';
import { sleep, startWorld } from '../world.ts';

const MAIL_FROM = 'Benefit Store <no-reply@benefitstore.example.com>';

/**
 * One of two store processes killed (SIGKILL) while shoppers complete enrollments and a slow mail server holds its
 * mail in 'sending': each completion whole or absent, the shopper's retry (on the other process) completing it once,
 * and the mail the dead process held sent by the other once its lease (MAIL_LEASE_SECONDS, short here) has run out.
 */
export async function processKill(opts: { quick: boolean }): Promise<Row[]> {
  const fault = 'process killed';
  const lease = 5;
  const world = await startWorld({ stores: 2, env: { MAIL_FROM, MAIL_LEASE_SECONDS: String(lease), MAIL_RETRY_SECONDS: '1' } });
  try {
    world.smtp.delayMs = 1500;
    let stop = false;
    const traffic = world.shop(opts.quick ? 4 : 8, () => stop);
    // Kill when completions are under way: the first receipt is in the outbox.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const [{ n }] = await world.pg.query<{ n: number }>(`select count(*)::int as n from outbox where kind = 'enrollment-receipt'`);
      if (n >= 2) break;
      await sleep(200);
    }
    const victim = world.stores[0]!;
    victim.proc.kill('SIGKILL');
    await victim.exited;
    // Its DATA_DIR is not the world's any more (stopStores removes the live ones).
    fs.rmSync(victim.dataDir, { recursive: true, force: true });
    const held = await world.pg.query<{ n: number }>(`select count(*)::int as n from outbox where status = 'sending'`);
    // The slow server was there to have mail in the dead process's hands; the rest goes out at the usual pace.
    world.smtp.delayMs = 0;
    await sleep(opts.quick ? 8000 : 30_000);
    stop = true;
    const { journeys, ops } = await traffic;
    // The dead process's leases run out; the live one sends what it held.
    const until = Date.now() + (lease + 60) * 1000;
    while (Date.now() < until) {
      const [{ n }] = await world.pg.query<{ n: number }>(`select count(*)::int as n from outbox where status in ('pending', 'sending')`);
      if (n === 0) break;
      await sleep(500);
    }
    const rows = await world.pg.query<{ id: number; created_at: Date; status: string }>('select id, created_at, status from outbox');
    const notDelivered = rows.filter((r) => r.status !== 'sent' || !world.smtp.byMessageId.has(messageIdOf(r, MAIL_FROM)));
    const copies = [...world.smtp.byMessageId.values()].filter((n) => n > 1).length;
    const jobs = await world.pg.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from scheduled_jobs group by status`,
    );
    // A job the dead process held (its claiming transaction rolled back) is run by the other: none due is left behind.
    const [due] = await world.pg.query<{ all: number; done: number; overdue: number }>(
      `select count(*)::int as all, count(*) filter (where status = 'done')::int as done,
              count(*) filter (where status = 'pending' and due_at < now() - interval '10 seconds')::int as overdue
         from scheduled_jobs where due_at < now() - interval '10 seconds'`,
    );
    const [files] = await world.pg.query<{ all: number; delivered: number }>(
      `select count(*)::int as all, count(*) filter (where status = 'delivered')::int as delivered from carrier_files`,
    );
    return [
      await checkSaves(world.pg, fault, journeys, ops),
      await checkCompletions(world.pg, fault, journeys, ops),
      {
        // One process takes all the traffic after the kill: slower, which this fault does not judge (30 s: a hang).
        ...checkAnswers(
          fault,
          ops.filter((o) => o.status !== 0),
          30_000,
        ),
        what: 'requests (answered)',
      },
      {
        fault,
        what: 'jobs due (run by a live process)',
        sent: due!.all,
        acknowledged: due!.all - due!.overdue,
        lost: due!.overdue,
        duplicated: 0,
        note: `done: ${due!.done}, still pending 10 s past due: ${due!.overdue}`,
      },
      {
        fault,
        what: 'carrier files (delivery jobs)',
        sent: files!.all,
        acknowledged: files!.delivered,
        lost: files!.all - files!.delivered,
        duplicated: 0,
        note: 'each 834 of a completion delivered by its job, whichever process ran it',
      },
      {
        fault,
        what: 'mail (by Message-ID)',
        sent: rows.length,
        acknowledged: rows.length - notDelivered.length,
        lost: notDelivered.length,
        duplicated: 0,
        note:
          `held by the killed process: ${held[0]?.n ?? 0}; one Message-ID twice (sent, then the process died before its commit; a receiver drops it): ${copies}` +
          `; jobs: ${jobs.map((j) => `${j.status} ${j.n}`).join(', ') || 'none'}` +
          `; requests cut by the kill: ${ops.filter((o) => o.status === 0).length}, retried on the other`,
      },
    ];
  } finally {
    await world.close();
  }
}
