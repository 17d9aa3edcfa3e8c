import type { BillingLine } from '../../db/schema.ts';
import { carrierFileContext } from '../../db/sealed-columns.ts';
import { nextRowId } from '../../lib/row-id-repository.ts';
import * as repo from './repository.ts';
import * as remit from './remittance-repository.ts';
import { DELIVER_KIND } from './service.ts';
import { listBillRemittances } from './list-bill-remittance.ts';
import { build820, total820, type Remitted820 } from './x12/build-820.ts';
import type { CarrierDeps } from './carrier-deps.ts';

/** The store as the 820's premium payer (N1*PR). */
const STORE_NAME = 'Benefit Store';

export interface RemittanceFigures {
  carrier_id: number;
  file_id: number;
  members: number;
  total_cents: number;
}

/** A plan's premium of a month as the carrier is owed it: the line's price less the store's administrative fee. */
const premiumOf = (lines: BillingLine[], planId: number) => {
  const line = lines.find((l) => l.kind === 'plan' && l.plan_id === planId);
  return line ? line.monthly_cents - line.admin_fee_cents : 0;
};

/**
 * The billing day's remittances (issue 39): for every carrier due one (daily, or on a month's first day for a monthly
 * carrier), the premium the ledger collected for its plans and not yet remitted, in one 820: a member (ENT, with the
 * 834's member id) per enrollment, an RMR per policy and month; a returned or refunded payment already remitted comes
 * back as a negative RMR. The store's own fees (the association membership, the administrative fee) are kept out. The
 * file is sealed, delivered and acknowledged like an 834 (carrier_files, kind 'remittance'); its lines are recorded
 * once per carrier and ledger row (a unique key), so a day run twice remits nothing twice. A carrier without its
 * federal tax id, or owed nothing, gets no file (the premium waits for the next run).
 */
export async function remitPremiums(deps: CarrierDeps, trx: repo.Db, day: string): Promise<RemittanceFigures[]> {
  const out: RemittanceFigures[] = [];
  for (const carrier of await remit.carriersWithPlans(trx)) {
    if (carrier.remittance_schedule === 'monthly' && !day.endsWith('-01')) continue;
    if (!carrier.federal_tax_id) {
      deps.log.warn({ carrierId: carrier.id }, 'No 820 for a carrier without its federal tax id; the premium waits');
      continue;
    }
    await repo.lockCarrier(trx, carrier.id);
    const rows = await remit.unremittedLedger(trx, carrier.id);
    // The money groups paid on their list bills, allocated to their members (decision 2641).
    const listBill = await listBillRemittances(trx, carrier.id);
    if (!rows.length && !listBill.length) continue;
    const policies = await remit.premiumPolicies(trx, carrier.id, [...new Set(rows.map((r) => r.enrollment_id))]);
    const inBatch = new Set(rows.filter((r) => r.kind === 'payment').map((r) => r.payment_id));
    const lines: Omit<Parameters<typeof remit.insertRemittanceLines>[1][number], 'file_id'>[] = [];
    const userOf = new Map<string, number | null>(rows.map((r) => [r.enrollment_id, r.user_id]));
    for (const r of rows) {
      const billing = (typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines) as BillingLine[];
      const back = r.kind !== 'payment';
      // A return or refund of a payment the carrier never got is not taken from it.
      if (back && !r.payment_remitted && !inBatch.has(r.payment_id)) continue;
      for (const p of policies.filter((x) => x.enrollment_id === r.enrollment_id)) {
        const premium = premiumOf(billing, p.plan_id);
        if (!premium) continue;
        const share = back ? -Math.round((premium * r.amount_cents) / (r.payment_cents || r.amount_cents)) : premium;
        lines.push({
          carrier_id: carrier.id,
          ledger_entry_id: r.id,
          enrollment_id: r.enrollment_id,
          policy_id: p.policy_id,
          period: r.period,
          amount_cents: share,
        });
      }
    }
    for (const { user_id, ...l } of listBill) {
      lines.push(l);
      userOf.set(l.enrollment_id, user_id);
    }
    const members = new Map<string, Remitted820>();
    const users = await remit.memberNames(trx, [...new Set([...userOf.values()].filter((u): u is number => u !== null))]);
    for (const l of lines) {
      const userId = userOf.get(l.enrollment_id) ?? null;
      const who = users.find((u) => u.user_id === userId);
      const m = members.get(l.enrollment_id) ?? {
        memberId: String(userId ?? l.enrollment_id),
        lastName: who?.last_name ?? '',
        firstName: who?.first_name ?? '',
        lines: [],
      };
      m.lines.push({ policyId: String(l.policy_id), cents: l.amount_cents, period: l.period });
      members.set(l.enrollment_id, m);
    }
    const file = { members: [...members.values()] };
    const total = total820(file);
    if (total <= 0) continue;
    const id = await nextRowId(trx, 'carrier_files');
    const at = deps.jobs.now();
    const text = build820({
      sender: { qualifier: carrier.isa_sender_qualifier, id: carrier.isa_sender_id },
      receiver: { qualifier: carrier.isa_receiver_qualifier, id: carrier.isa_receiver_id },
      usage: carrier.usage_indicator,
      controlNumber: id,
      at,
      reference: `820-${id}`,
      paidOn: day,
      receiverName: carrier.name,
      receiverTaxId: carrier.federal_tax_id,
      payerName: STORE_NAME,
      ...file,
    });
    await repo.insertFile(trx, {
      id,
      carrier_id: carrier.id,
      kind: 'remittance',
      file_name: `820-${String(id).padStart(9, '0')}.x12`,
      interchange_control_number: id,
      group_control_number: id,
      content_enc: deps.sealer.seal(text, carrierFileContext(id)),
      transaction_count: 1,
      created_at: at,
    });
    await remit.insertRemittanceLines(
      trx,
      lines.map((l) => ({ ...l, file_id: id })),
    );
    await deps.jobs.schedule(trx, { kind: DELIVER_KIND, enrollmentId: null, dueAt: at, payload: { file_id: id } });
    out.push({ carrier_id: carrier.id, file_id: id, members: members.size, total_cents: total });
  }
  return out;
}
