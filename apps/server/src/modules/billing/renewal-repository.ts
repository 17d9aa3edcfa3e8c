import { sql } from 'kysely';
import type { Db } from './repository.ts';

/** From `from` on, the enrollment's monthly amount changes by `cents` (a policy's renewal price, issue 38). */
export interface RenewalStep {
  from: string;
  cents: number;
}

/**
 * The renewal steps of these enrollments (decision 2560): each policy in force that has a price for a later period
 * (`policy_renewals`, priced by modules/renewals from the period's rate grid) changes the amount by the difference
 * from its price at enrollment; a discontinued plan without a replacement stops being charged (its price is null).
 */
export async function renewalSteps(db: Db, enrollmentIds: readonly string[]): Promise<Map<string, RenewalStep[]>> {
  const out = new Map<string, RenewalStep[]>();
  if (enrollmentIds.length === 0) return out;
  const rows = await db
    .selectFrom('policy_renewals as r')
    .innerJoin('policies as p', 'p.policy_id', 'r.policy_id')
    .where('r.enrollment_id', 'in', enrollmentIds)
    .where('p.status', '=', 'ACTIVE')
    .where('p.ends_on', 'is', null)
    .where(sql<boolean>`coalesce(p.eoi_status, 'none') not in ('pending', 'more_information', 'declined')`)
    .select([
      'r.enrollment_id',
      sql<string>`to_char(r.starts_on, 'YYYY-MM-DD')`.as('from'),
      sql<number>`coalesce(r.renewal_cents, 0) - r.current_cents`.as('cents'),
    ])
    .execute();
  for (const r of rows) {
    if (r.enrollment_id === null) continue;
    const list = out.get(r.enrollment_id) ?? [];
    list.push({ from: r.from, cents: Number(r.cents) });
    out.set(r.enrollment_id, list);
  }
  return out;
}
