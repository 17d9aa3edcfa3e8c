import { Readable } from 'node:stream';
import { REP_HOME_CSV_HEADERS, centsToPlainDollars, csvRow, type TRepHomeList } from '@store/domain/rep-home';
import { STEP_ROUTES } from '@store/domain/codes';
import type { Db } from './repository.ts';
import { completedItems, inProgressItems, memberItems, quoteItems, type Rep } from './service.ts';

/** Rows a CSV batch reads: the export walks the list by keyset, never holding more than one batch. */
const BATCH = 500;

type Cursor = readonly [string, string | number];

/** One list as CSV lines: the header, then every row of the search in the list's order (SSNs masked, cells formula-safe). */
async function* lines(db: Db, rep: Rep, list: TRepHomeList, q: string): AsyncGenerator<string> {
  yield csvRow(REP_HOME_CSV_HEADERS[list]);
  if (list === 'members') {
    let after: readonly [string, string, number] | undefined;
    for (;;) {
      const { items, next } = await memberItems(db, rep, q, { limit: BATCH, afterMember: after });
      for (const m of items)
        yield csvRow([m.name, m.dob, m.email, m.ssn, m.group_name, m.plans.map((p) => `${p.plan_name} (${p.plan_status})`).join('; ')]);
      if (items.length < BATCH || !next) return;
      after = next;
    }
  }
  let after: Cursor | undefined;
  for (;;) {
    const batch = await cellsOf(db, rep, list, q, { limit: BATCH, after });
    for (const cells of batch.rows) yield csvRow(cells);
    if (batch.rows.length < BATCH || !batch.next) return;
    after = batch.next;
  }
}

/** One batch of a list's rows as CSV cells, and the keyset cursor after it. */
async function cellsOf(db: Db, rep: Rep, list: Exclude<TRepHomeList, 'members'>, q: string, w: { limit: number; after?: Cursor }) {
  if (list === 'in-progress') {
    const r = await inProgressItems(db, rep, q, w);
    return { next: r.next, rows: r.items.map((e) => [e.name, STEP_ROUTES[e.step].title, e.last_saved_at, e.reminder_sent_at ?? '']) };
  }
  if (list === 'completed') {
    const r = await completedItems(db, rep, q, w);
    return {
      next: r.next,
      rows: r.items.map((e) => [e.name, e.confirmation_number, e.completed_at, centsToPlainDollars(e.premium_cents)]),
    };
  }
  const r = await quoteItems(db, rep, q, w);
  return { next: r.next, rows: r.items.map((e) => [e.to_name, e.to_email, e.sent_at]) };
}

export const csvStream = (db: Db, rep: Rep, list: TRepHomeList, q: string) => Readable.from(lines(db, rep, list, q));
