import { HttpError } from '../../lib/errors.ts';
import * as eff from './effectuation-repository.ts';
import * as repo from './repository.ts';
import { isRejection, type Effectuation } from './x12/read-effectuation.ts';

const refuse = (message: string) => new HttpError(422, message, [{ target_element: 'content', error_message: message }]);

/** INS04 of a carrier's termination in words, the reason kept on the rejected plan. */
const rejectionReason = (e: Effectuation) =>
  `The carrier ended the coverage in its 834 (INS03 024${e.reason ? `, INS04 ${e.reason}` : ''}).`;

export interface AppliedEffectuation {
  confirmed: number[];
  rejected: number[];
}

/**
 * Applies a carrier's effectuation 834 (issue 39, decision 2630) in the caller's transaction with its audit row: each
 * subscriber named by our member id (REF*0F) marks that member's plans with this carrier confirmed, with the carrier's
 * policy number (REF*1L), or rejected (INS03 024). A member id the store does not know for this carrier refuses the
 * whole file (422, the ids named): nothing changes, as for a 999 naming no file of ours. A plan the carrier already
 * rejected stays rejected (the operator settles its premium); a confirmation seen again changes nothing else.
 */
export async function applyEffectuation(
  trx: repo.Db,
  carrier: repo.Carrier,
  members: Effectuation[],
  at: Date,
  by: { accountId: number | null; source: string },
): Promise<AppliedEffectuation> {
  const ids = [...new Set(members.map((m) => m.memberId))];
  const numeric = ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number);
  const policies = await eff.carrierPoliciesOfMembers(trx, carrier.id, numeric);
  const unknown = ids.filter((id) => !policies.some((p) => String(p.user_id) === id));
  if (unknown.length)
    throw refuse(`The 834 names member ids the store does not know for ${carrier.name}: ${unknown.join(', ')}. Nothing was applied.`);
  const out: AppliedEffectuation = { confirmed: [], rejected: [] };
  for (const m of members) {
    const open = policies.filter((p) => String(p.user_id) === m.memberId && p.carrier_status !== 'rejected').map((p) => p.policy_id);
    const rejected = isRejection(m);
    await eff.setCarrierStatus(trx, open, {
      status: rejected ? 'rejected' : 'confirmed',
      policyNumber: rejected ? null : m.policyNumber,
      reason: rejected ? rejectionReason(m) : null,
      at,
    });
    (rejected ? out.rejected : out.confirmed).push(...open);
  }
  await repo.writeAudit(trx, by.accountId, 'coverage.effectuation', `carrier:${carrier.id}`, {
    source: by.source,
    members: members.map((m) => ({ member_id: m.memberId, maintenance: m.maintenance, policy_number: m.policyNumber })),
    confirmed: out.confirmed,
    rejected: out.rejected,
  });
  return out;
}
