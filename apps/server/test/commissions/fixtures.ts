import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import type { TestStore } from '../helpers/store.ts';
import { ledgerMember } from '../billing/ledger-fixtures.ts';

export const JORDAN = 20001;
export const CASEY = 20002;
/** Dental Essentials: a plan of a demo carrier. */
export const PLAN = PLAN_IDS.dentalEssentials;

/**
 * A member paying $31.99 a month by card (the $26.99 plan and the $5 association membership: ledger-fixtures'
 * member), the plan being Dental Essentials (a demo carrier's), written by this rep: the enrollment's rep and its policy.
 */
export async function commissionedMember(ts: TestStore, agentId: number, first: string, card = '4242424242424242') {
  const m = await ledgerMember(ts, { card }, first);
  const record = await ts.db.selectFrom('billing_records').select('lines').where('enrollment_id', '=', m.id).executeTakeFirstOrThrow();
  const lines = (typeof record.lines === 'string' ? JSON.parse(record.lines) : record.lines) as { kind: string; plan_id: number | null }[];
  const moved = lines.map((l) => (l.kind === 'plan' ? { ...l, plan_id: PLAN } : l));
  await ts.db
    .updateTable('billing_records')
    .set({ lines: JSON.stringify(moved) })
    .where('enrollment_id', '=', m.id)
    .execute();
  await ts.db.updateTable('enrollments').set({ agent_id: agentId }).where('id', '=', m.id).execute();
  await ts.db
    .insertInto('policies')
    .values({ user_id: m.userId, plan_id: PLAN, tier: 'IO', status: 'ACTIVE', effective_date: '2026-12-01', enrollment_id: m.id })
    .execute();
  return m;
}
