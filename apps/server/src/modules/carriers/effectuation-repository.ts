import { sql } from 'kysely';
import type { Db } from './repository.ts';

/**
 * SQL of the carrier's effectuation 834 (issue 39): a member's policies with this carrier's plans (not the association
 * membership, a store fee the carrier never receives), and their confirmation or rejection by the carrier.
 */
export const carrierPoliciesOfMembers = (db: Db, carrierId: number, userIds: readonly number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('policies')
        .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
        .select(['policies.policy_id', 'policies.user_id', 'policies.carrier_status'])
        .where('policies.user_id', 'in', userIds)
        .where('plans.carrier_id', '=', carrierId)
        .where(sql<boolean>`coalesce(plans.rules->>'membership', 'false') <> 'true'`)
        .orderBy('policies.policy_id')
        .forUpdate()
        .execute();

export const setCarrierStatus = (
  db: Db,
  policyIds: readonly number[],
  v: { status: 'confirmed' | 'rejected'; policyNumber: string | null; reason: string | null; at: Date },
) =>
  policyIds.length === 0
    ? Promise.resolve()
    : db
        .updateTable('policies')
        .set({
          carrier_status: v.status,
          carrier_policy_number: v.policyNumber,
          carrier_rejection_reason: v.reason,
          carrier_status_at: v.at,
          carrier_status_source: 'effectuation',
        })
        .where('policy_id', 'in', policyIds)
        .execute()
        .then(() => undefined);
