import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ZPlanRules, type TPlanRules } from '@store/domain/plan-rules';

export type Db = Kysely<Database> | Transaction<Database>;

export interface CartItemRow {
  plan_id: number;
  plan_pricing_id: number;
  plan_name: string;
  plan_logo: string | null;
  price_cents: number;
  removable: boolean;
  parent_plan_id: number | null;
  rules: TPlanRules;
  /** The plan needs evidence of insurability (migration 2540): it waits for the carrier's approval, unbilled. */
  needs_evidence: boolean;
}

/** The cart's rows in the order they were added, with the plan's name, logo and rules. */
export async function listCartItems(db: Db, enrollmentId: string): Promise<CartItemRow[]> {
  const rows = await db
    .selectFrom('cart_items as c')
    .innerJoin('plans as p', 'p.plan_id', 'c.plan_id')
    .select([
      'c.plan_id',
      'c.plan_pricing_id',
      'p.plan_name',
      'p.plan_logo',
      'c.price_cents',
      'c.removable',
      'c.parent_plan_id',
      'p.rules',
      'p.needs_evidence',
    ])
    .where('c.enrollment_id', '=', enrollmentId)
    .orderBy('c.created_at')
    .orderBy('c.plan_id')
    .execute();
  return rows.map((r) => {
    const parsed = ZPlanRules.safeParse(typeof r.rules === 'string' ? JSON.parse(r.rules) : r.rules);
    return { ...r, rules: parsed.success ? parsed.data : {} };
  });
}

export async function countCartItems(db: Db, enrollmentId: string): Promise<number> {
  // The plans the person chose: a row added with another (the association membership) is not an item (issue 37).
  const r = await db
    .selectFrom('cart_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('enrollment_id', '=', enrollmentId)
    .where('parent_plan_id', 'is', null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Removes the row and the rows that were added with it (its membership or riders); returns how many went. */
export async function deleteCartItem(trx: Db, enrollmentId: string, planId: number): Promise<number> {
  const r = await trx
    .deleteFrom('cart_items')
    .where('enrollment_id', '=', enrollmentId)
    .where((eb) => eb.or([eb('plan_id', '=', planId), eb('parent_plan_id', '=', planId)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The plan ids in the cart. */
export async function cartPlanIds(db: Db, enrollmentId: string): Promise<number[]> {
  const rows = await db.selectFrom('cart_items').select('plan_id').where('enrollment_id', '=', enrollmentId).execute();
  return rows.map((r) => r.plan_id);
}

export interface NewCartItem {
  enrollment_id: string;
  plan_id: number;
  plan_pricing_id: number;
  price_cents: number;
  removable: boolean;
  parent_plan_id: number | null;
}

export async function insertCartItem(db: Db, item: NewCartItem): Promise<void> {
  await db.insertInto('cart_items').values(item).execute();
}

/** An audit row of a cart change, written in the change's transaction. */
export async function insertAudit(
  db: Db,
  row: { account_id: number | null; action: string; target: string; detail: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ ...row, detail: JSON.stringify(row.detail) })
    .execute();
}

/** Checkout: the chosen effective date and the status (a completed enrollment stays completed). */
export async function setCheckedOut(
  db: Db,
  enrollmentId: string,
  effectiveDateIso: string,
  status: 'checked_out' | 'completed',
): Promise<void> {
  await db
    .updateTable('enrollments')
    .set({ effective_date: effectiveDateIso, status, updated_at: new Date() })
    .where('id', '=', enrollmentId)
    .execute();
}

/** The rules of a plan (any plan, active or not) as stored; undefined when there is no such plan. */
export async function findPlanRules(db: Db, planId: number): Promise<Record<string, unknown> | undefined> {
  const p = await db.selectFrom('plans').select('rules').where('plan_id', '=', planId).executeTakeFirst();
  if (!p) return undefined;
  return (typeof p.rules === 'string' ? JSON.parse(p.rules) : p.rules) as Record<string, unknown>;
}
