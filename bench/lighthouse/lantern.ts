import * as Lantern from '@paulirish/trace_engine/models/trace/lantern/lantern.js';

/**
 * LANTERN=1: the nodes of the last run's simulated LCP (Lighthouse's own simulation, 'lantern'), as it timed them:
 * requests with their simulated start and end, and main-thread tasks longer than 10 ms (already multiplied by the
 * CPU slowdown). Lantern keeps the timings of its last simulations in Simulator.allNodeTimings.
 */
export function printLcpGraphs() {
  const all = (Lantern as any).Simulation.Simulator.allNodeTimings as Map<string, Map<any, { startTime: number; endTime: number }>>;
  for (const label of ['optimisticLargestContentfulPaint', 'pessimisticLargestContentfulPaint']) {
    const timings = all.get(label);
    if (!timings) continue;
    const rows = [...timings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
    console.log(`    ${label}: ${Math.round(Math.max(...rows.map(([, t]) => t.endTime)))} ms`);
    for (const [node, t] of rows) {
      const what =
        node.type === 'network'
          ? `${node.request.resourceType} ${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70)}`
          : `cpu ${node.childEvents
              ?.slice(0, 40)
              .map((e: any) => e.name)
              .filter((n: string) => /Evaluate|Layout|Paint|ParseHTML|FunctionCall|TimerFire|v8\.|Compile/.test(n))
              .slice(0, 4)
              .join(',')}`;
      if (node.type === 'cpu' && t.endTime - t.startTime < 10) continue;
      const deps = node
        .getDependencies()
        .map((d: any) =>
          d.type === 'network'
            ? d.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 30)
            : `cpu@${Math.round(timings.get(d)?.startTime ?? -1)}`,
        );
      console.log(
        `      ${String(Math.round(t.startTime)).padStart(6)} ${String(Math.round(t.endTime)).padStart(6)}  ${what}  <- ${deps.join(' ')}`,
      );
      if (process.env.LANTERN === '2' && node.type === 'cpu')
        console.log(`          ${[...new Set(node.childEvents.map((e: any) => e.name))].join(',').slice(0, 400)}`);
    }
  }
}
