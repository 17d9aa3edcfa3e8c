import type { Kysely, Transaction } from 'kysely';
import type { ColumnType, Generated } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ZPlanRules, type TPlanRules } from '@store/domain/plan-rules';

export interface QuotesTable {
  id: Generated<number>;
  enrollment_id: string;
  account_id: number | null;
  session_id: string | null;
  to_name: string;
  to_email: string;
  message: string | null;
  tab: string;
  data: ColumnType<Record<string, unknown>, Record<string, unknown> | string, Record<string, unknown> | string>;
  html: string;
  outbox_id: number | null;
  created_at: Generated<ColumnType<Date, Date | string | undefined, Date | string>>;
}

declare module '../../db/schema.ts' {
  interface Database {
    quotes: QuotesTable;
  }
}

type Db = Kysely<Database> | Transaction<Database>;

export interface CartItemRow {
  plan_id: number;
  plan_pricing_id: number;
  plan_name: string;
  plan_logo: string | null;
  price_cents: number;
  removable: boolean;
  parent_plan_id: number | null;
  rules: TPlanRules;
}

/** The cart's rows in the order they were added, with the plan's name, logo and rules. */
export async function listCartItems(db: Db, enrollmentId: string): Promise<CartItemRow[]> {
  const rows = await db
    .selectFrom('cart_items as c')
    .innerJoin('plans as p', 'p.plan_id', 'c.plan_id')
    .select(['c.plan_id', 'c.plan_pricing_id', 'p.plan_name', 'p.plan_logo', 'c.price_cents', 'c.removable', 'c.parent_plan_id', 'p.rules'])
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
  const r = await db.selectFrom('cart_items').select((eb) => eb.fn.countAll<string>().as('n')).where('enrollment_id', '=', enrollmentId).executeTakeFirst();
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
