import crypto from 'node:crypto';
import { hashPassword } from '../../src/lib/passwords.ts';
import type { TestStore } from '../helpers/store.ts';

/** A list-bill group of its own (bill day `billDay`) with its administrator's sign-in; its employees are added below. */
export async function listBillGroup(ts: TestStore, billDay: number) {
  const groupId = 900_000 + crypto.randomInt(90_000);
  const code = `LB${groupId}`;
  await ts.db
    .insertInto('groups')
    .values({
      group_id: groupId,
      gname: `List Bill Works ${groupId}`,
      gcode: code,
      agent_id: null,
      payment_method: 'list',
      bill_day: billDay,
    } as never)
    .execute();
  const email = `hr.${groupId}@example.org`;
  const password = 'List-Bill-Admin-2026';
  await ts.db
    .insertInto('accounts')
    .values({ email, password_hash: await hashPassword(password), role: 'group', agent_id: null, group_id: groupId, user_id: null })
    .execute();
  const signIn = async () => {
    const c = ts.client();
    await c.signIn(email, password);
    return c;
  };
  return { groupId, code, email, password, signIn };
}

/** An employee of the group with a completed enrollment paid by list bill: `monthly` cents from `startsOn`. */
export async function listBillEmployee(ts: TestStore, groupId: number, first: string, monthly: number, startsOn: string) {
  const m = await ts.db
    .insertInto('members')
    .values({
      first_name: first,
      last_name: 'Listbill',
      dob: '1981-03-04',
      gender: 'F',
      email: `${first.toLowerCase()}.${groupId}@example.org`,
      group_id: groupId,
    } as never)
    .returning('user_id')
    .executeTakeFirstOrThrow();
  const id = crypto.randomUUID();
  const confirmation = `L${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  await ts.db
    .insertInto('enrollments')
    .values({
      id,
      user_id: m.user_id,
      group_id: groupId,
      type: 'new-member',
      eprocess: 'member',
      status: 'completed',
      filter_info: '{}',
      tabs: '{}',
      confirmation_number: confirmation,
    } as never)
    .execute();
  await ts.db
    .insertInto('billing_records')
    .values({
      enrollment_id: id,
      payment_method: 'list',
      payment_label: 'List bill',
      lines: JSON.stringify([{ kind: 'plan', plan_id: 1, label: 'Dental', monthly_cents: monthly, admin_fee_cents: 0 }]),
      admin_fee_cents: 0,
      initial_cents: monthly,
      recurring_cents: monthly,
      bill_day: 1,
      first_charge_on: startsOn,
      starts_on: startsOn,
      recurring_from: startsOn,
    })
    .execute();
  return { id, confirmation, label: `${first} Listbill (${confirmation})` };
}
