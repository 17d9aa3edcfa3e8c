import crypto from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { nextRowId } from '../../src/lib/row-id-repository.ts';
import { collectCardPayments } from '../../src/modules/billing/collect-service.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import type { TestStore } from '../helpers/store.ts';
import { payingMember, type PaidWith } from './members.ts';

const offline = new LocalOfflineProvider();

/**
 * A member (members row and sign-in account) with a completed enrollment paying $31.99 a month on bill day 5 (enrolled
 * 11/28/2026, coverage from 12/01/2026: payment 1 is due 12/05 and pays the period 2027-01), made by the demo rep.
 */
export async function ledgerMember(ts: TestStore, paid: PaidWith, first: string) {
  const email = `${first.toLowerCase()}.${crypto.randomBytes(4).toString('hex')}@example.org`;
  const m = await ts.db
    .insertInto('members')
    .values({ first_name: first, last_name: 'Ledger', dob: '1980-01-02', gender: 'F', email })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  const e = await payingMember({ db: ts.db, sealer: ts.app.sealer }, paid, { billDay: 5, userId: m.user_id });
  if ('card' in paid) {
    // The card's row gets an id of the table's sequence, as the store gives it: a card the member adds later in the
    // member home (a higher id of the same sequence) is then the one the billing run charges.
    const id = await nextRowId(ts.db, 'member_payment_methods');
    await sql`insert into member_payment_methods (id, user_id, kind, card_brand, card_last4, card_token)
      select ${id}, user_id, kind, card_brand, card_last4, card_token from member_payment_methods where id = ${e.methodId}`.execute(ts.db);
    await ts.db.updateTable('billing_records').set({ payment_method_id: id }).where('enrollment_id', '=', e.id).execute();
    await ts.db.deleteFrom('member_payment_methods').where('id', '=', e.methodId).execute();
  }
  const rep = await ts.db.selectFrom('accounts').select(['id', 'agent_id']).where('email', '=', DEMO.rep.email).executeTakeFirstOrThrow();
  const confirmation = `C${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  await ts.db
    .updateTable('enrollments')
    // Written by the demo rep, who keyed it in.
    .set({ account_id: rep.id, agent_id: rep.agent_id, confirmation_number: confirmation, completed_at: new Date() })
    .where('id', '=', e.id)
    .execute();
  const password = 'Ledger-Member-2026';
  await ts.db
    .insertInto('accounts')
    .values({ email, password_hash: await hashPassword(password), role: 'member', agent_id: null, group_id: null, user_id: m.user_id })
    .execute();
  const signIn = async (): Promise<TestClient> => {
    const c = ts.client();
    await c.signIn(email, password);
    return c;
  };
  return { ...e, email, confirmation, signIn };
}

/** The billing run's steps of a day for cards (the offline provider). */
export async function runCards(ts: TestStore, day: string) {
  await createDuePayments(ts.db, day);
  await collectCardPayments(ts.db, offline, day);
}

export const signedIn = async (ts: TestStore, who: { email: string; password: string }) => {
  const c = ts.client();
  await c.signIn(who.email, who.password);
  return c;
};

/** The 422's field errors as [field, message]. */
export const fieldsOf = (r: { status: number; body: any }) => {
  expect(r.status).toBe(422);
  return (r.body.data as { target_element: string; error_message: string }[]).map((f) => [f.target_element, f.error_message]);
};
