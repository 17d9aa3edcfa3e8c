import type { TestStore } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';

/** A new visitor's (or signed-in rep's) enrollment made through the quote filter. */
export async function newEnrollment(c: TestClient, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await c.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1985', gender: '0', tier: 'IO', ...extra });
  if (r.status !== 200) throw new Error(`filter failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.temp_enrollment_id as string;
}

/** Puts a plan in the cart directly (the catalog's add-plan-to-cart is tested by its owner). */
export async function putInCart(ts: TestStore, enrollmentId: string, planId: number, opts: { removable?: boolean; parent?: number } = {}) {
  const rate = await ts.db
    .selectFrom('plan_rates')
    .select(['plan_pricing_id', 'price_cents'])
    .where('plan_id', '=', planId)
    .where('tier', '=', 'IO')
    .orderBy('plan_pricing_id')
    .executeTakeFirstOrThrow();
  await ts.db
    .insertInto('cart_items')
    .values({
      enrollment_id: enrollmentId,
      plan_id: planId,
      plan_pricing_id: rate.plan_pricing_id,
      price_cents: rate.price_cents,
      removable: opts.removable ?? true,
      parent_plan_id: opts.parent ?? null,
    })
    .execute();
  return rate;
}
