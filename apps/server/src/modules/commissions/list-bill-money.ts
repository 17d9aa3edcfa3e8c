import type { LedgerMoney } from '@store/domain/commissions';
import { allocateGroupPayments, type AllocInvoice } from '@store/domain/list-bill';
import type { BillingLine } from '../../db/schema.ts';
import * as lb from './list-bill-repository.ts';
import type { Db } from './repository.ts';

/**
 * List-bill money that earns commission (decision 2811). A group pays its invoices, not its members: its payments
 * recorded before `cutoff` are allocated to its invoice lines as for the carriers' 820 (decision 2641: credits first,
 * then the oldest invoice first). A line its group has paid in full is a payment of its enrollment and month for the
 * line's writing rep (and their upline's override), commissioned on the line's share of the monthly amount; a line paid
 * in part waits until it is paid. Lines already on this rep's statements are left out (each row's key is unique).
 */
export async function listBillMoney(db: Db, agentId: number, cutoff: Date): Promise<LedgerMoney[]> {
  const lines = await lb.listBillLinesFor(db, agentId, cutoff);
  if (!lines.length) return [];
  const groups = [...new Set(lines.map((l) => l.group_id))];
  const paid = new Map((await lb.groupsPaidBefore(db, groups, cutoff)).map((p) => [p.group_id, Number(p.paid_cents)]));
  const reversed = new Map((await lb.groupsReversedBefore(db, groups, cutoff)).map((r) => [r.group_id, Number(r.ledger_entry_id)]));
  const out: LedgerMoney[] = [];
  for (const groupId of groups) {
    const mine = lines.filter((l) => l.group_id === groupId);
    const invoices: (AllocInvoice & { id: number })[] = [];
    for (const l of mine) {
      const last = invoices.at(-1);
      if (last?.id === l.invoice_id) last.lines.push({ id: l.line_id, amount_cents: l.amount_cents });
      else invoices.push({ id: l.invoice_id, lines: [{ id: l.line_id, amount_cents: l.amount_cents }] });
    }
    const collected = allocateGroupPayments(invoices, paid.get(groupId) ?? 0);
    for (const l of mine) {
      const ours = l.writing_agent_id === agentId || l.upline_agent_id === agentId;
      if (!ours || l.amount_cents === 0) continue;
      const paidInFull = collected.get(l.line_id) === l.amount_cents;
      // A line that earned and is no longer paid in full (the group's payment was reversed, decision 2812): what it
      // earned is taken back, as a returned payment's (the take-back names the reversal's ledger row).
      const reversal = reversed.get(groupId);
      if (l.commissioned && !paidInFull && !l.clawed_back && l.amount_cents > 0 && reversal !== undefined) {
        out.push({
          ledger_entry_id: reversal,
          enrollment_id: l.enrollment_id,
          period: l.covers_period,
          kind: 'return',
          amount_cents: -l.amount_cents,
          payment_entry_id: l.ledger_entry_id,
          payment_cents: l.amount_cents,
        });
        continue;
      }
      if (l.commissioned || !paidInFull) continue;
      const billing = (typeof l.lines === 'string' ? JSON.parse(l.lines) : l.lines) as BillingLine[];
      // A line held for evidence of insurability is not billed (decision 2680): not in the monthly amount.
      const monthly = billing.filter((b) => !(b as { held?: boolean }).held).reduce((a, b) => a + b.monthly_cents, 0);
      out.push({
        ledger_entry_id: l.ledger_entry_id,
        enrollment_id: l.enrollment_id,
        period: l.covers_period,
        kind: 'payment',
        amount_cents: l.amount_cents,
        payment_entry_id: null,
        payment_cents: null,
        share: { cents: l.amount_cents, of_cents: monthly },
      });
    }
  }
  return out;
}
