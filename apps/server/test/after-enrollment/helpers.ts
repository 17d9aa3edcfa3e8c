import { expect } from 'vitest';
import type { TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { agree, CARD, EFT, enrollmentAtStepFive, PLAN_IDS, stepsBeforeBilling, enrollWith } from '../enrollment/finish/helpers.ts';
import { carrierFileContext } from '../../src/db/sealed-columns.ts';
import { openedMail } from '../helpers/mail.ts';
import { hashPassword } from '../../src/lib/passwords.ts';

export { PLAN_IDS };

/** How an enrollment is paid: a card (group 77's), or the method a group of that method takes (3101 EFT, 3102 elist). */
export interface PaidBy {
  groupId?: number;
  billing: Record<string, unknown>;
}
export const BY_CARD: PaidBy = { billing: CARD };
export const BY_BANK: PaidBy = { groupId: 3101, billing: EFT };
export const BY_LIST_BILL: PaidBy = { groupId: 3102, billing: { payment_method: 'elist', bill_date: 28 } };

/**
 * A member enrolled through the wizard's API in these plans (a membership listed after Term Life is added with it, as
 * the cart adds it), paying by card on the 28th (or as `how` says). Answers the enrollment id and the member's client.
 */
export async function enrollInPlans(ts: TestStore, plans: number[], how: PaidBy = BY_CARD) {
  const c = ts.client();
  const id = await enrollmentAtStepFive(ts, c, { tier: 'IO', plans, group_id: how.groupId });
  if (plans.includes(PLAN_IDS.termLife100k))
    await ts.db
      .updateTable('cart_items')
      .set({ parent_plan_id: PLAN_IDS.termLife100k })
      .where('enrollment_id', '=', id)
      .where('plan_id', '=', PLAN_IDS.associationMembership)
      .execute();
  await stepsBeforeBilling(c, id);
  expect((await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' })).status).toBe(200);
  expect((await agree(c, id, { user_name: 'Dana Whitfield' })).status).toBe(200);
  const r =
    how.billing.payment_method === 'cc' || how.billing.payment_method === 'eft'
      ? await enrollWith(c, id, how.billing)
      : await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...how.billing, first_enroll: 1 });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return id;
}

/** The demo operator, signed in with the second factor. */
export async function operatorClient(ts: TestStore) {
  const op = ts.client();
  await op.signIn(DEMO.operator.email, DEMO.operator.password);
  return op;
}

/** The enrollment's policies by plan: [plan_id, status, eoi_status, effective_date, ends_on]. */
export const policiesOf = async (ts: TestStore, id: string) =>
  (
    await ts.db
      .selectFrom('policies')
      .select(['policy_id', 'plan_id', 'status', 'eoi_status', 'effective_date', 'ends_on'])
      .where('enrollment_id', '=', id)
      .orderBy('plan_id')
      .execute()
  ).map((p) => ({ ...p, effective_date: iso(p.effective_date), ends_on: iso(p.ends_on) }));

const iso = (v: unknown) =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

/** The 834 items of the enrollment: [carrier, maintenance, plan_id, file built?]. */
export const itemsOf = async (ts: TestStore, id: string) =>
  (
    await ts.db
      .selectFrom('carrier_file_items')
      .innerJoin('carriers', 'carriers.id', 'carrier_file_items.carrier_id')
      .select(['carriers.name', 'carrier_file_items.maintenance', 'carrier_file_items.plan_id', 'carrier_file_items.file_id'])
      .where('enrollment_id', '=', id)
      .orderBy('carrier_file_items.id')
      .execute()
  ).map((i) => [i.name, i.maintenance, i.plan_id, i.file_id !== null]);

/** The X12 text of the file that holds the enrollment's latest item, opened with the store's key. */
export async function latestFileText(ts: TestStore, id: string) {
  const f = await ts.db
    .selectFrom('carrier_file_items')
    .innerJoin('carrier_files', 'carrier_files.id', 'carrier_file_items.file_id')
    .select(['carrier_files.id', 'carrier_files.content_enc'])
    .where('carrier_file_items.enrollment_id', '=', id)
    .orderBy('carrier_file_items.id', 'desc')
    .executeTakeFirstOrThrow();
  return ts.app.sealer.open(f.content_enc, carrierFileContext(f.id));
}

/** The mails of a kind sent about an enrollment, opened. */
export const mailsOf = async (ts: TestStore, id: string, kind: string) =>
  (await ts.db.selectFrom('outbox').selectAll().where('enrollment_id', '=', id).where('kind', '=', kind).orderBy('id').execute()).map((m) =>
    openedMail(ts, m),
  );

/** A member account for the enrollment's member, signed in. */
export async function memberClient(ts: TestStore, enrollmentId: string) {
  const e = await ts.db.selectFrom('enrollments').select(['user_id']).where('id', '=', enrollmentId).executeTakeFirstOrThrow();
  const email = `member.${e.user_id}.${Date.now()}@example.org`;
  const password = 'Dana-Member-2026';
  await ts.db
    .insertInto('accounts')
    .values({ email, password_hash: await hashPassword(password), role: 'member', agent_id: null, group_id: null, user_id: e.user_id })
    .execute();
  const member = ts.client();
  await member.signIn(email, password);
  return member;
}
