import { SAVED_TAB_KEY } from '@store/domain/enrollment';
import type { OwnPostgres } from './postgres.ts';
import type { Journey, Op } from './shopper.ts';

/** One line of the report: what was sent, acknowledged, lost and duplicated, and the checks that are not counts. */
export interface Row {
  fault: string;
  what: string;
  sent: number;
  acknowledged: number;
  lost: number;
  duplicated: number;
  note?: string;
}

/** Saves: every tab a shopper saw acknowledged is in its enrollment's row. */
export async function checkSaves(pg: OwnPostgres, fault: string, journeys: Journey[], ops: Op[]): Promise<Row> {
  // Every step's save, the billing step's too when it completed (decision 2530: its op is the completion).
  const saves = ops.filter((o) => o.tab);
  const acked = journeys.flatMap((j) => j.acknowledgedTabs.map((tab) => ({ id: j.enrollmentId!, tab })));
  const rows = await pg.query<{ id: string; tabs: Record<string, unknown> }>('select id, tabs from enrollments where id = any($1)', [
    [...new Set(acked.map((a) => a.id))],
  ]);
  const tabs = new Map(rows.map((r) => [r.id, r.tabs ?? {}]));
  // Each step is kept under its saved key (the domain's SAVED_TAB_KEY: agreement_info is stored as aggrement_info).
  const lost = acked.filter((a) => !(SAVED_TAB_KEY[a.tab as keyof typeof SAVED_TAB_KEY] in (tabs.get(a.id) ?? {})));
  return {
    fault,
    what: 'enrollment saves',
    sent: new Set(saves.map((o) => `${o.enrollmentId}/${o.tab}`)).size,
    acknowledged: acked.length,
    lost: lost.length,
    duplicated: 0,
    note: lost.length
      ? `lost: ${lost
          .slice(0, 3)
          .map((l) => `${l.id}/${l.tab}`)
          .join(', ')}`
      : undefined,
  };
}

/**
 * Completions: each acknowledged one is whole (status completed, a policy per cart plan, one billing record, one
 * 'completed' trail event, one receipt mail queued, its carrier items queued); none is half (a policy without the
 * completed status); none twice.
 */
export async function checkCompletions(pg: OwnPostgres, fault: string, journeys: Journey[], ops: Op[]): Promise<Row> {
  const tried = [...new Set(ops.filter((o) => o.kind === 'complete').map((o) => o.enrollmentId!))];
  const rows = await pg.query<{
    id: string;
    status: string;
    cart: number;
    policies: number;
    billing: number;
    trail: number;
    receipts: number;
    carrier: number;
  }>(
    `select e.id, e.status,
       (select count(*)::int from cart_items c where c.enrollment_id = e.id) as cart,
       (select count(*)::int from policies p where p.enrollment_id = e.id) as policies,
       (select count(*)::int from billing_records b where b.enrollment_id = e.id) as billing,
       (select count(*)::int from enrollment_events v where v.enrollment_id = e.id and v.event_type = 'completed') as trail,
       (select count(*)::int from outbox o where o.enrollment_id = e.id and o.kind = 'enrollment-receipt') as receipts,
       (select count(*)::int from carrier_file_items i where i.enrollment_id = e.id) as carrier
     from enrollments e where e.id = any($1)`,
    [tried],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ackedIds = journeys.filter((j) => j.completed).map((j) => j.enrollmentId!);
  const problems: string[] = [];
  let lost = 0;
  let duplicated = 0;
  for (const id of tried) {
    const r = byId.get(id);
    const done = r?.status === 'completed';
    const acked = ackedIds.includes(id);
    if (!r || (acked && !done)) {
      lost++;
      problems.push(`${id}: acknowledged, not completed`);
      continue;
    }
    if (!done) {
      // Absent must mean absent: nothing of a completion without its status.
      if (r.policies || r.billing || r.receipts || r.trail) {
        problems.push(`${id}: half (no status, ${JSON.stringify(r)})`);
        lost++;
      }
      continue;
    }
    const whole = r.policies === r.cart && r.billing === 1 && r.trail === 1 && r.receipts === 1 && r.carrier >= 1;
    if (r.policies > r.cart || r.billing > 1 || r.trail > 1 || r.receipts > 1) {
      duplicated++;
      problems.push(`${id}: twice ${JSON.stringify(r)}`);
    } else if (!whole) {
      lost++;
      problems.push(`${id}: not whole ${JSON.stringify(r)}`);
    }
  }
  return {
    fault,
    what: 'completions',
    sent: tried.length,
    acknowledged: ackedIds.length,
    lost,
    duplicated,
    note: problems.slice(0, 3).join('; ') || undefined,
  };
}

/**
 * The requests' answers: no 5xx but 503, each 503 with Retry-After, none slower than slowMs beyond its usual time.
 * `faultsAt`: when each outage began. A request already running then (a completion that started while the database
 * was back and met the next outage) is timed from that moment: what is judged is how long it waited once the database
 * was gone, not the work it had done before.
 */
export function checkAnswers(fault: string, ops: Op[], slowMs = 2000, faultsAt: number[] = []): Row {
  const fiveHundreds = ops.filter((o) => o.status >= 500 && o.status !== 503);
  // A request that takes long when all is well (a completion makes PDFs) is allowed its usual time on top: it is a
  // wait for the database that must not pass slowMs.
  const usual = new Map<string, number>();
  for (const path of new Set(ops.map((o) => o.path))) {
    const ok = ops
      .filter((o) => o.path === path && o.status === 200)
      .map((o) => o.ms)
      .sort((a, b) => a - b);
    usual.set(path, ok[Math.floor(ok.length * 0.9)] ?? 0);
  }
  const waited = (o: Op) => o.at + o.ms - Math.max(o.at, ...faultsAt.filter((t) => t <= o.at + o.ms));
  const slow = ops.filter((o) => waited(o) > slowMs + (usual.get(o.path) ?? 0));
  const bare503 = ops.filter((o) => o.status === 503 && !o.retryAfter);
  const noAnswer = ops.filter((o) => o.status === 0);
  const bad = fiveHundreds.length + slow.length + bare503.length;
  return {
    fault,
    what: 'requests',
    sent: ops.length,
    acknowledged: ops.filter((o) => o.status > 0 && o.status < 500).length,
    lost: bad,
    duplicated: 0,
    note:
      `503: ${ops.filter((o) => o.status === 503).length}, no answer: ${noAnswer.length}` +
      (bad
        ? `; 5xx: ${fiveHundreds.length} ${fiveHundreds
            .map((o) => `${o.status} ${o.path}`)
            .slice(0, 2)
            .join(' ')}`
        : '') +
      (slow.length
        ? `; over ${slowMs} ms: ${slow.length} (${slow
            .slice(0, 3)
            .map((o) => `${o.status} ${o.path.replace('/api/v1/', '')} ${waited(o)} ms (usually ${usual.get(o.path)})`)
            .join(', ')})`
        : '') +
      (bare503.length ? `; 503 without Retry-After: ${bare503.length}` : ''),
  };
}

export function printTable(rows: Row[]): void {
  const cols: (keyof Row)[] = ['fault', 'what', 'sent', 'acknowledged', 'lost', 'duplicated', 'note'];
  const cells = rows.map((r) => cols.map((c) => String(r[c] ?? '')));
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => Math.min(row[i]!.length, 90))));
  const line = (v: string[]) => v.map((x, i) => (i === v.length - 1 ? x : x.slice(0, 90).padEnd(widths[i]!))).join(' | ');
  console.log(line(cols.map(String)));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of cells) console.log(line(row));
}
