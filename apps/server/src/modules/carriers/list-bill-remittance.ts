import { allocateGroupPayments, type AllocInvoice } from '@store/domain/list-bill';
import type { BillingLine } from '../../db/schema.ts';
import type { Db } from './repository.ts';
import * as remit from './remittance-repository.ts';

/** A remittance line before its file: what one policy of one list-bill line brings the carrier now. */
export interface ListBillRemittance {
  carrier_id: number;
  ledger_entry_id: number;
  enrollment_id: string;
  policy_id: number;
  period: string;
  amount_cents: number;
  installment: number;
  user_id: number | null;
}

const billingLines = (l: remit.ListBillLineForRemittance) => (typeof l.lines === 'string' ? JSON.parse(l.lines) : l.lines) as BillingLine[];

/**
 * List-bill money for a carrier's 820 (decision 2641). A group pays its invoices, not its members: its payments are
 * allocated to the invoice lines (packages/domain `allocateGroupPayments`: credits first, then oldest invoice first,
 * an invoice paid in part in proportion to its lines). Of what a line has collected, the carrier is owed each of its
 * policies' share of the enrollment's monthly amount (the plan's price less the administrative fee; the association
 * membership is the store's). What was remitted of the line before is taken off, so each 820 carries what the group's
 * newest money (or newest invoice) brought, under the group's installment number.
 */
export async function listBillRemittances(db: Db, carrierId: number): Promise<ListBillRemittance[]> {
  const lines = await remit.listBillLinesOfCarrier(db, carrierId);
  if (!lines.length) return [];
  const groups = [...new Set(lines.map((l) => l.group_id))];
  const totals = new Map((await remit.groupPaymentTotals(db, groups)).map((t) => [t.group_id, t]));
  const policies = await remit.premiumPolicies(db, carrierId, [...new Set(lines.map((l) => l.enrollment_id))]);
  const remitted = new Map(
    (
      await remit.remittedOfLedgerRows(
        db,
        carrierId,
        lines.map((l) => l.ledger_entry_id),
      )
    ).map((r) => [`${r.ledger_entry_id}:${r.policy_id}`, Number(r.cents)]),
  );
  const out: ListBillRemittance[] = [];
  for (const groupId of groups) {
    const mine = lines.filter((l) => l.group_id === groupId);
    const t = totals.get(groupId);
    const installment = Number(t?.payments ?? 0) + Number(t?.invoices ?? 0);
    const invoices: AllocInvoice[] = [];
    for (const l of mine) {
      const last = invoices.at(-1) as (AllocInvoice & { id?: number }) | undefined;
      if (last?.id === l.invoice_id) last.lines.push({ id: l.line_id, amount_cents: l.amount_cents });
      else invoices.push({ id: l.invoice_id, lines: [{ id: l.line_id, amount_cents: l.amount_cents }] } as AllocInvoice);
    }
    const collected = allocateGroupPayments(invoices, Number(t?.paid_cents ?? 0));
    for (const l of mine) {
      const billing = billingLines(l);
      // A line held for evidence of insurability is not billed (decision 2680): neither in the monthly amount nor owed.
      const billed = billing.filter((b) => !(b as { held?: boolean }).held);
      const monthly = billed.reduce((a, b) => a + b.monthly_cents, 0);
      const got = collected.get(l.line_id) ?? 0;
      for (const p of policies.filter((x) => x.enrollment_id === l.enrollment_id)) {
        const plan = billed.find((b) => b.kind === 'plan' && b.plan_id === p.plan_id);
        const premium = plan ? plan.monthly_cents - plan.admin_fee_cents : 0;
        const owed = monthly ? Math.round((got * premium) / monthly) : 0;
        const delta = owed - (remitted.get(`${l.ledger_entry_id}:${p.policy_id}`) ?? 0);
        if (delta === 0) continue;
        out.push({
          carrier_id: carrierId,
          ledger_entry_id: l.ledger_entry_id,
          enrollment_id: l.enrollment_id,
          policy_id: p.policy_id,
          period: l.covers_period,
          amount_cents: delta,
          installment,
          user_id: l.user_id,
        });
      }
    }
  }
  return out;
}
