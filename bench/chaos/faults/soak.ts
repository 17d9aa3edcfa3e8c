import fs from 'node:fs';
import { checkAnswers, checkCompletions, checkSaves, type Row } from '../verify.ts';
import { sleep, startWorld } from '../world.ts';

/** What /proc says of a process: resident memory (kB) and open file handles. */
function sample(pid: number): { rssKb: number; fds: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { rssKb, fds: fs.readdirSync(`/proc/${pid}/fd`).length };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);

/**
 * The soak: mixed traffic (quotes, plan lists, carts, the wizard's saves, completions) on two processes for
 * CHAOS_SOAK_SECONDS (quick: 60, else 3600), sampling each process's memory and open file handles. After a warm-up (the
 * first fifth) memory grows less than 10 % and file handles stay flat (a few either way); the plan list's p99 is
 * reported (25 ms is the aim on a machine of its own; a shared machine's figure is a note, not a loss); the tables that
 * grow with traffic are counted at the end. Its short form is part of `--quick`; the hour: `npm run chaos -- --only soak`.
 */
/** The store processes' old generation in the soak, in MB (node's --max-old-space-size). */
const SOAK_HEAP_MB = 256;

export async function soak(opts: { quick: boolean }): Promise<Row[]> {
  const fault = 'soak';
  const seconds = Number(process.env.CHAOS_SOAK_SECONDS ?? (opts.quick ? 60 : 3600));
  // The heap capped as a production process's is (docs/operations.md): without a cap V8 lets a process's heap grow
  // for a minute or more of this traffic before its first full collection, and a short soak's window saw that rise
  // (229→396 MB, then 341 after the collection), not a leak.
  const world = await startWorld({ stores: 2, env: { NODE_OPTIONS: `--max-old-space-size=${SOAK_HEAP_MB}` } });
  try {
    const samples: { at: number; per: { rssKb: number; fds: number }[] }[] = [];
    const started = Date.now();
    const end = started + seconds * 1000;
    let stop = false;
    const traffic = world.shop(opts.quick ? 2 : 4, () => stop || Date.now() > end);
    while (Date.now() < end) {
      samples.push({ at: Date.now() - started, per: world.stores.map((s) => sample(s.proc.pid!)) });
      await sleep(2000);
    }
    stop = true;
    const { journeys, ops } = await traffic;
    // The warm-up: the first fifth of an hour's soak; the first half of the short one (a process's first completions
    // load the PDF fonts and grow its heap to its working size in the first half minute).
    const warm = samples.filter((s) => s.at >= (seconds * 1000) / (seconds >= 600 ? 5 : 2));
    const head = warm.slice(0, 3);
    const tail = warm.slice(-3);
    const growth = world.stores.map((_, i) => {
      const a = mean(head.map((s) => s.per[i]!.rssKb));
      const b = mean(tail.map((s) => s.per[i]!.rssKb));
      const fdA = Math.min(...head.map((s) => s.per[i]!.fds));
      const fdB = Math.max(...tail.map((s) => s.per[i]!.fds));
      return { pct: a ? ((b - a) / a) * 100 : 0, fromMb: a / 1024, toMb: b / 1024, fdA, fdB };
    });
    // Each process's memory every 2 s (MB), on stderr: to tell a rise from the swing of its collections.
    world.stores.forEach((st, i) =>
      console.error(`  ${st.name} rss MB: ${samples.map((x) => Math.round(x.per[i]!.rssKb / 1024)).join(' ')}`),
    );
    const plans = ops
      .filter((o) => o.path === '/api/v1/get-filtered-plans' && o.status === 200)
      .map((o) => o.ms)
      .sort((a, b) => a - b);
    const p99 = plans[Math.floor(plans.length * 0.99)] ?? 0;
    const tables = ['sessions', 'rate_limits', 'quotes', 'enrollments', 'scheduled_jobs', 'outbox'];
    const counts: string[] = [];
    for (const t of tables) {
      const r = await world.pg.query<{ n: number }>(`select count(*)::int as n from ${t}`).catch(() => [{ n: -1 }]);
      counts.push(`${t} ${r[0]!.n}`);
    }
    const memBad = growth.filter((g) => g.pct >= 10).length;
    const fdBad = growth.filter((g) => g.fdB - g.fdA > 5).length;
    return [
      await checkSaves(world.pg, fault, journeys, ops),
      await checkCompletions(world.pg, fault, journeys, ops),
      { ...checkAnswers(fault, ops, 30_000), what: 'requests (answered)' },
      {
        fault,
        what: 'memory after warm-up',
        sent: growth.length,
        acknowledged: growth.length - memBad,
        lost: memBad,
        duplicated: 0,
        note: growth.map((g, i) => `store-${i + 1} ${g.fromMb.toFixed(0)}→${g.toMb.toFixed(0)} MB (${g.pct.toFixed(1)} %)`).join(', '),
      },
      {
        fault,
        what: 'open file handles',
        sent: growth.length,
        acknowledged: growth.length - fdBad,
        lost: fdBad,
        duplicated: 0,
        note: growth.map((g, i) => `store-${i + 1} ${g.fdA}→${g.fdB}`).join(', '),
      },
      {
        fault,
        what: 'plan list p99 (note)',
        sent: plans.length,
        acknowledged: plans.length,
        lost: 0,
        duplicated: 0,
        note: `p99 ${p99} ms over ${seconds} s (aim: 25 ms); rows at the end: ${counts.join(', ')}`,
      },
    ];
  } finally {
    await world.close();
  }
}
