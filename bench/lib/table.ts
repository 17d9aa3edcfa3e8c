/** One line of the benchmark table: medians of the rounds, the ratio to hello-world at the same connections. */
export interface Row {
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio: number;
  /** req/s of each round */
  runs: number[];
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function printTable(rows: Row[]) {
  const head = ['scenario', 'conn', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'x hello', 'req/s of each round'];
  const cells = rows.map((r) => [r.scenario, String(r.connections), String(r.rps), String(r.p50), String(r.p99), String(r.errors), r.ratio.toFixed(2), r.runs.join(' ')]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => (i === 0 || i === c.length - 1 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const c of cells) console.log(line(c));
}
