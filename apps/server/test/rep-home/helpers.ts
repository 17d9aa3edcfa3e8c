import crypto from 'node:crypto';
import { hashPassword } from '../../src/lib/passwords.ts';
import type { TestStore } from '../helpers/store.ts';

export const OTHER_REP = { email: 'casey.morgan@example.com', password: 'Other-Rep-2026' };

/** The second demo rep (AGENT200, agent 20002) with an account of its own. */
export async function addOtherRep(ts: TestStore) {
  await ts.db
    .insertInto('accounts')
    .values({ email: OTHER_REP.email, password_hash: await hashPassword(OTHER_REP.password), role: 'rep', agent_id: 20002 })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export const accountId = async (ts: TestStore, email: string) =>
  (await ts.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** Enrollments of an account with a saved personal step, one per name, each saved a minute after the one before. */
export async function addInProgress(ts: TestStore, account: number, names: [string, string][], opts: { start?: number } = {}) {
  const start = opts.start ?? Date.now() - names.length * 60_000;
  const rows = names.map(([first, last], i) => ({
    id: crypto.randomUUID(),
    account_id: account,
    agent_id: 20001,
    type: 'new-member',
    eprocess: 'rep',
    filter_info: JSON.stringify({}),
    tabs: JSON.stringify({ primary_info: { first_name: first, last_name: last }, contact_info: { email: 'x@example.org' } }),
    updated_at: new Date(start + i * 60_000),
  }));
  if (rows.length) await ts.db.insertInto('enrollments').values(rows).execute();
  return rows.map((r) => r.id);
}

/** A completed enrollment of an account, completed now, with its monthly amount kept in billing_records. */
export async function addCompleted(ts: TestStore, account: number, name: [string, string], cents: number, confirmation: string) {
  const id = crypto.randomUUID();
  await ts.db
    .insertInto('enrollments')
    .values({
      id,
      account_id: account,
      agent_id: 20001,
      type: 'new-member',
      eprocess: 'rep',
      status: 'completed',
      filter_info: JSON.stringify({}),
      tabs: JSON.stringify({ primary_info: { first_name: name[0], last_name: name[1] } }),
      confirmation_number: confirmation,
      completed_at: new Date(),
    })
    .execute();
  const today = new Date().toISOString().slice(0, 10);
  await ts.db
    .insertInto('billing_records')
    .values({
      enrollment_id: id,
      payment_method: 'card',
      payment_label: 'Card ending 4242',
      lines: JSON.stringify([]),
      admin_fee_cents: 0,
      initial_cents: cents,
      recurring_cents: cents,
      bill_day: 1,
      first_charge_on: today,
      starts_on: today,
      recurring_from: today,
    } as never)
    .execute();
  return id;
}
