import fs from 'node:fs';

/** One line of the benchmark table: medians of the rounds, the ratio to hello-world at the same connections. */
export interface Row {
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio: number;
  /** CPU time the server process(es) spent per request, in ms: less sensitive than req/s to a busy machine */
  cpuMs: number;
  /** req/s of each round */
  runs: number[];
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function printTable(rows: Row[]) {
  const head = ['scenario', 'conn', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'x hello', 'CPU ms/req', 'req/s of each round'];
  const cells = rows.map((r) => [
    r.scenario,
    String(r.connections),
    String(r.rps),
    String(r.p50),
    String(r.p99),
    String(r.errors),
    r.ratio.toFixed(2),
    r.cpuMs.toFixed(3),
    r.runs.join(' '),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => (i === 0 || i === c.length - 1 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const c of cells) console.log(line(c));
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; NaN elsewhere). */
export function cpuMsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = 100;
