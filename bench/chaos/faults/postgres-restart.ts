import { checkAnswers, checkCompletions, checkSaves, type Row } from '../verify.ts';
import { sleep, startWorld, untilHealthy, type World } from '../world.ts';

/**
 * PostgreSQL restarts under two store processes taking quotes, saves and completions: once stopped (pg_ctl stop -m
 * fast) and started again, once every connection terminated (pg_terminate_backend). During each outage a plan is
 * renamed as soon as the database is back, before the stores' LISTEN connections can have returned: the plan list
 * of every process must show the new name afterwards.
 */
export async function postgresRestart(opts: { quick: boolean }): Promise<Row[]> {
  const fault = 'postgres restart';
  const world = await startWorld({ stores: 2, warm: true });
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    let stop = false;
    const traffic = world.shop(opts.quick ? 4 : 8, () => stop);
    await sleep(3000);
    // When each outage began: a request already running then is judged from that moment (below).
    const outages: number[] = [];
    // 1. The server stopped and started.
    outages.push(Date.now());
    world.pg.stop();
    const downFor = opts.quick ? 4000 : 15_000;
    await sleep(downFor);
    world.pg.start();
    await rename(world, 'A');
    const back1 = await untilHealthy(world, 30_000);
    notes.push(`ready ${back1} ms after start`);
    await sleep(3000);
    // 2. Every connection terminated.
    outages.push(Date.now());
    const ended = await world.pg.terminateAll();
    await rename(world, 'B');
    const back2 = await untilHealthy(world, 30_000);
    notes.push(`terminated ${ended}, ready in ${back2} ms`);
    await sleep(3000);
    stop = true;
    const { journeys, ops } = await traffic;
    const alive = world.stores.filter((s) => s.proc.exitCode === null && s.proc.signalCode === null).length;
    const stale = await staleCaches(world, 'B');
    rows.push(await checkSaves(world.pg, fault, journeys, ops));
    rows.push(await checkCompletions(world.pg, fault, journeys, ops));
    rows.push(checkAnswers(fault, ops, 2000, outages));
    rows.push({
      fault,
      what: 'store processes',
      sent: world.stores.length,
      acknowledged: alive,
      lost: world.stores.length - alive + (back1 > 5000 ? 1 : 0) + (back2 > 5000 ? 1 : 0),
      duplicated: 0,
      note: notes.join('; ') + (alive < world.stores.length ? `; exited: ${exits(world)}` : ''),
    });
    rows.push({
      fault,
      what: 'plan renamed in outage',
      sent: world.stores.length,
      acknowledged: world.stores.length - stale.length,
      lost: stale.length,
      duplicated: 0,
      note: stale.join('; ') || undefined,
    });
    return rows;
  } finally {
    await world.close();
  }
}

async function rename(world: World, suffix: string) {
  await world.pg.query('update plans set plan_name = $1 where plan_id = $2', [`${world.plan.name} ${suffix}`, world.plan.planId]);
}

/** The stores whose plan list does not show the plan's name as the database has it. */
async function staleCaches(world: World, suffix: string): Promise<string[]> {
  const want = `${world.plan.name} ${suffix}`;
  const stale: string[] = [];
  for (const s of world.stores) {
    if (s.proc.exitCode !== null || s.proc.signalCode !== null) {
      stale.push(`${s.name}: not running`);
      continue;
    }
    const { Shopper } = await import('../shopper.ts');
    const shopper = new Shopper(() => s.baseUrl, { giveUpMs: 10_000, ...world.plan, seq: 0 });
    const j = await shopper.journey('saves');
    const r = await shopper.plans(j.enrollmentId ?? '');
    const names = ((r.body?.data?.result ?? []) as { plan_id: number; plan_name: string }[])
      .filter((p) => p.plan_id === world.plan.planId)
      .map((p) => p.plan_name);
    if (!names.includes(want)) stale.push(`${s.name}: ${r.status} ${JSON.stringify(names)}`);
  }
  return stale;
}

function exits(world: World) {
  return world.stores
    .filter((s) => s.proc.exitCode !== null || s.proc.signalCode !== null)
    .map((s) => `${s.name} (${s.proc.exitCode ?? s.proc.signalCode}): ${s.output().trim().split('\n').slice(-2).join(' / ').slice(0, 200)}`)
    .join(', ');
}
