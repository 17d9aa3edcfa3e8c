import { messageIdOf } from '../../../apps/server/src/plugins/mailer.ts';
import { checkAnswers, checkCompletions, checkSaves, type Row } from '../verify.ts';
import { sleep, startWorld } from '../world.ts';

const MAIL_FROM = 'Benefit Store <no-reply@benefitstore.example.com>';

/**
 * The mail server down (refusing with 421, then off its port) while two store processes take completions, each of
 * which queues a receipt; then back. Every mail queued is delivered once (counted by Message-ID at the catcher), none
 * is marked failed for the outage; a mail to a mailbox that does not exist (550) is marked failed when the server answers so.
 */
export async function mailDown(opts: { quick: boolean }): Promise<Row[]> {
  const fault = 'mail down';
  const world = await startWorld({ stores: 2, env: { MAIL_FROM, MAIL_RETRY_SECONDS: '1' }, warm: true });
  try {
    world.smtp.mode = 'refuse';
    let stop = false;
    const traffic = world.shop(opts.quick ? 3 : 6, () => stop);
    const bounce = world.shop(1, () => stop, undefined, world.smtp.bouncePrefix);
    await sleep(opts.quick ? 6000 : 30_000);
    await world.smtp.close();
    await sleep(opts.quick ? 6000 : 30_000);
    stop = true;
    const shopped = await traffic;
    const bounced = await bounce;
    const during = await world.pg.query<{ status: string; n: number }>(`select status, count(*)::int as n from outbox group by status`);
    world.smtp.mode = 'accept';
    await world.smtp.open();
    // Back: the waits have grown to a few seconds at most (MAIL_RETRY_SECONDS=1); every mail goes out.
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const [{ n }] = await world.pg.query<{ n: number }>(`select count(*)::int as n from outbox where status in ('pending', 'sending')`);
      if (n === 0) break;
      await sleep(500);
    }
    const rows = await world.pg.query<{
      id: number;
      created_at: Date;
      status: string;
      to_address: string;
      attempts: number;
      last_error: string | null;
    }>('select id, created_at, status, to_address, attempts, last_error from outbox order by id');
    const toBounce = rows.filter((r) => r.to_address.startsWith(world.smtp.bouncePrefix));
    const normal = rows.filter((r) => !r.to_address.startsWith(world.smtp.bouncePrefix));
    const notDelivered = normal.filter((r) => r.status !== 'sent' || !world.smtp.byMessageId.has(messageIdOf(r, MAIL_FROM)));
    const twice = [...world.smtp.byMessageId.values()].filter((n) => n > 1).length;
    // Refused for now while the server was down (its tries then), refused for good on its first try after: failed, 550.
    const wrongBounce = toBounce.filter((r) => r.status !== 'failed' || !/550/.test(r.last_error ?? ''));
    const ops = [...shopped.ops, ...bounced.ops];
    const journeys = [...shopped.journeys, ...bounced.journeys];
    return [
      await checkSaves(world.pg, fault, journeys, ops),
      await checkCompletions(world.pg, fault, journeys, ops),
      checkAnswers(fault, ops),
      {
        fault,
        what: 'mail (by Message-ID)',
        sent: normal.length,
        acknowledged: normal.length - notDelivered.length,
        lost: notDelivered.length + world.smtp.withoutId,
        duplicated: twice,
        note:
          `outbox while down: ${during.map((d) => `${d.status} ${d.n}`).join(', ')}` +
          (notDelivered.length
            ? `; not delivered: ${notDelivered
                .slice(0, 3)
                .map((r) => `${r.id} ${r.status}`)
                .join(', ')}`
            : ''),
      },
      {
        fault,
        what: 'mail refused for good (550)',
        sent: toBounce.length,
        acknowledged: toBounce.length - wrongBounce.length,
        lost: wrongBounce.length,
        duplicated: 0,
        note: wrongBounce.length
          ? wrongBounce.map((r) => `${r.id} ${r.status} after ${r.attempts}`).join(', ')
          : 'failed with the 550, not retried',
      },
    ];
  } finally {
    await world.close();
  }
}
