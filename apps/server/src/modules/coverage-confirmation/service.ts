import type { Kysely } from 'kysely';
import {
  COVERAGE_CONFIRMATION_TEXT as T,
  heldPremiumCents,
  pastConfirmationWindow,
  planPremiumCents,
  type PremiumLine,
  type TPolicyCoverage,
  type TSettleRejectionRequest,
  type TUnconfirmedPayment,
} from '@store/domain/coverage-confirmation';
import { centsToDollars } from '@store/domain/format';
import type { Database } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { PaymentProvider } from '../../lib/payment-provider.ts';
import { refundPayment } from '../billing/index.ts';
import * as repo from './repository.ts';

/** Coverage confirmed by the carrier (issue 39, decision 2630): what the console, the rep and the member see of it. */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const linesOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as PremiumLine[];

type Collected = Awaited<ReturnType<typeof repo.collectedRows>>;

/** The premium each plan holds: its share of each collected payment, less returns and refunds (domain rule). */
async function premiumHeld(db: repo.Db, plans: readonly { enrollment_id: string | null; plan_id: number; policy_id: number }[]) {
  const ids = [...new Set(plans.map((p) => p.enrollment_id).filter((e): e is string => !!e))];
  const [rows, lines] = await Promise.all([repo.collectedRows(db, ids), repo.billingLinesOf(db, ids)]);
  const held = new Map<number, number>();
  for (const p of plans) {
    const mine = rows.filter((r) => r.enrollment_id === p.enrollment_id);
    const premium = planPremiumCents(linesOf(lines.find((l) => l.enrollment_id === p.enrollment_id)?.lines), p.plan_id);
    held.set(p.policy_id, heldPremiumCents(mine, premium));
  }
  return { held, rows };
}

const coverageOut = (p: repo.PolicyRow, held: number, now: Date): TPolicyCoverage => ({
  policy_id: p.policy_id,
  plan_name: p.plan_name,
  carrier: p.carrier,
  status: p.status,
  carrier_status: p.carrier_status,
  carrier_policy_number: p.carrier_policy_number,
  carrier_status_at: iso(p.carrier_status_at),
  carrier_status_source: p.carrier_status_source,
  carrier_rejection_reason: p.carrier_rejection_reason,
  rejection_settlement: p.rejection_settlement,
  // A refunded plan holds nothing: its refund rows name the plan (the proportional rule is for shared payments).
  held_cents: p.rejection_settlement === 'refunded' ? 0 : held,
  flagged: isFlagged(p, held, now),
});

const isFlagged = (p: repo.PolicyRow, held: number, now: Date) =>
  p.status === 'ACTIVE' &&
  p.carrier_status === null &&
  held > 0 &&
  !!p.paid_since &&
  pastConfirmationWindow(p.paid_since, p.confirmation_window_days, now);

/** An enrollment's plans with their carrier's confirmation (the console's enrollment page). */
export async function enrollmentCoverage(db: Kysely<Database>, enrollmentId: string, now: Date) {
  const plans = await repo.policiesOfEnrollment(db, enrollmentId);
  const { held } = await premiumHeld(db, plans);
  return plans.map((p) => coverageOut(p, held.get(p.policy_id) ?? 0, now));
}

/** The policy ids of a member's plans whose premium waits for the carrier past its window (the member home). */
export async function awaitingCarrier(db: Kysely<Database>, userId: number, now: Date): Promise<Set<number>> {
  const plans = await repo.policiesOfUser(db, userId);
  const { held } = await premiumHeld(db, plans);
  return new Set(plans.filter((p) => isFlagged(p, held.get(p.policy_id) ?? 0, now)).map((p) => p.policy_id));
}

/**
 * Paid plans in force not confirmed by their carrier within its window, oldest first, with the premium held: all of
 * them (the console's dashboard) or one rep's members'.
 */
export async function unconfirmedPayments(db: repo.Db, now: Date, agentId?: number) {
  const rows = await repo.unconfirmedPastWindow(db, now, agentId);
  const { held } = await premiumHeld(db, rows);
  return rows
    .map((r) => ({ row: r, held: held.get(r.policy_id) ?? 0 }))
    .filter((x) => x.held > 0)
    .map(({ row, held: cents }) => ({
      item: {
        policy_id: row.policy_id,
        enrollment_id: row.enrollment_id ?? '',
        member: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || `Member ${row.user_id}`,
        plan_name: row.plan_name,
        carrier: row.carrier,
        paid_since: iso(row.paid_since)!,
        held_cents: cents,
      } satisfies TUnconfirmedPayment,
      agentId: row.agent_id,
      told: !!row.unconfirmed_told_at,
    }));
}

/** The plan locked for an operator's record, or 404. */
async function lockedPlan(trx: Parameters<typeof repo.lockPolicy>[0], policyId: number) {
  const p = await repo.lockPolicy(trx, policyId);
  if (!p) throw notFound();
  return p;
}

/** The operator records the carrier's confirmation with its policy number (audited); a rejected plan stays rejected. */
export async function confirmByOperator(db: Kysely<Database>, accountId: number, policyId: number, policyNumber: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    const p = await lockedPlan(trx, policyId);
    if (p.status !== 'ACTIVE') throw fieldError('policy_number', T.NOT_ACTIVE);
    if (p.carrier_status === 'rejected') throw fieldError('policy_number', T.ALREADY_DECIDED);
    await repo.setOperatorStatus(trx, policyId, { status: 'confirmed', policyNumber, reason: null, at: now });
    await repo.audit(trx, accountId, 'coverage.confirm', `policy:${policyId}`, {
      policy_number: policyNumber,
      before: p.carrier_status,
      enrollment_id: p.enrollment_id,
    });
    return (await enrollmentCoverage(trx as never, p.enrollment_id ?? '', now)).find((c) => c.policy_id === policyId)!;
  });
}

/** The operator records the carrier's rejection with its reason (audited); its premium is then refunded or held. */
export async function rejectByOperator(db: Kysely<Database>, accountId: number, policyId: number, reason: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    const p = await lockedPlan(trx, policyId);
    if (p.carrier_status === 'rejected') throw fieldError('reason', T.ALREADY_DECIDED);
    await repo.setOperatorStatus(trx, policyId, { status: 'rejected', policyNumber: null, reason, at: now });
    await repo.audit(trx, accountId, 'coverage.reject', `policy:${policyId}`, {
      reason,
      before: p.carrier_status,
      enrollment_id: p.enrollment_id,
    });
    return (await enrollmentCoverage(trx as never, p.enrollment_id ?? '', now)).find((c) => c.policy_id === policyId)!;
  });
}

/** Each collected payment's share of the plan's premium, less the same share of what was returned or refunded of it. */
function sharesByPayment(rows: Collected, premium: number) {
  const out = new Map<number, { rows: Collected; period: string; method: string | null }>();
  for (const r of rows) {
    if (r.payment_id === null) continue;
    const cur = out.get(r.payment_id) ?? { rows: [], period: r.period, method: r.method };
    cur.rows.push(r);
    out.set(r.payment_id, cur);
  }
  return [...out.entries()]
    .map(([id, s]) => [id, { cents: heldPremiumCents(s.rows, premium), period: s.period, method: s.method }] as const)
    .filter(([, s]) => s.cents > 0);
}

/**
 * The premium of a plan the carrier rejected, refunded or held by the operator's choice, never silently kept (issue
 * 39): a refund goes through the ledger's refund path (the provider, a refund row per payment, its idempotency key
 * `refund:<payment>:carrier-rejected-<policy>` enforced by the database); a hold is a ledger row per payment (an
 * adjustment of 0 cents naming the amount held, key `hold:carrier-rejected:<policy>:<payment>`). Audited; once.
 */
export async function settleRejectedPremium(
  deps: { db: Kysely<Database>; payments: Pick<PaymentProvider, 'refund'> },
  accountId: number,
  policyId: number,
  body: TSettleRejectionRequest,
  now: Date,
) {
  const choice = body.choice;
  const p = await repo.policyById(deps.db, policyId);
  if (!p) throw notFound();
  if (p.carrier_status !== 'rejected') throw fieldError('choice', T.NOT_REJECTED);
  if (p.rejection_settlement) throw fieldError('choice', T.ALREADY_SETTLED);
  const premium = await planPremium(deps.db, p);
  const rows = await repo.collectedRows(deps.db, [p.enrollment_id ?? '']);
  const shares = sharesByPayment(rows, premium);
  if (!shares.length) throw fieldError('choice', T.NOTHING_HELD);
  if (choice === 'refund') {
    if (shares.some(([, s]) => s.method !== 'cc')) throw fieldError('choice', T.REFUND_NOT_CARD);
    // Each refund is its own transaction with its key: a retry after a failure refunds only what is left.
    for (const [paymentId, s] of shares)
      await refundPayment({ db: deps.db, provider: deps.payments }, accountId, {
        payment_id: paymentId,
        amount: centsToDollars(s.cents),
        reason: `The carrier rejected the coverage (policy ${policyId})`,
        key: `carrier-rejected-${policyId}`,
      });
  }
  return deps.db.transaction().execute(async (trx) => {
    const locked = await lockedPlan(trx, policyId);
    if (locked.rejection_settlement) throw fieldError('choice', T.ALREADY_SETTLED);
    if (choice === 'hold')
      for (const [paymentId, s] of shares)
        await repo.insertHoldRow(trx, {
          enrollment_id: p.enrollment_id!,
          period: s.period,
          payment_id: paymentId,
          reason: `premium_held: the carrier rejected policy ${policyId}; $${centsToDollars(s.cents)} held`,
          idempotency_key: `hold:carrier-rejected:${policyId}:${paymentId}`,
        });
    await repo.setSettlement(trx, policyId, choice === 'refund' ? 'refunded' : 'held', now);
    await repo.audit(trx, accountId, `coverage.rejected-premium.${choice}`, `policy:${policyId}`, {
      payments: shares.map(([id, s]) => ({ payment_id: id, cents: s.cents })),
      total_cents: shares.reduce((n, [, s]) => n + s.cents, 0),
      enrollment_id: p.enrollment_id,
    });
    return (await enrollmentCoverage(trx as never, p.enrollment_id ?? '', now)).find((c) => c.policy_id === policyId)!;
  });
}

async function planPremium(db: repo.Db, p: { enrollment_id: string | null; plan_id: number }) {
  const lines = await repo.billingLinesOf(db, [p.enrollment_id ?? '']);
  return planPremiumCents(linesOf(lines[0]?.lines), p.plan_id);
}
