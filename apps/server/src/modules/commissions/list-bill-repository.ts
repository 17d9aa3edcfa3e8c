import { sql } from 'kysely';
import type { BillingLine } from '../../db/schema.ts';
import { WRITER, type Db } from './repository.ts';

/** A list-bill line with its ledger row, its writing rep and upline, and whether it is on this rep's statements. */
export interface ListBillLineRow {
  group_id: number;
  invoice_id: number;
  line_id: number;
  enrollment_id: string;
  covers_period: string;
  amount_cents: number;
  ledger_entry_id: number;
  lines: BillingLine[] | string;
  writing_agent_id: number | null;
  upline_agent_id: number | null;
  commissioned: boolean;
  /** What this rep earned on the line was taken back already (a reversal of the group's payment, decision 2812). */
  clawed_back: boolean;
}

/**
 * Every line of the invoices made before `cutoff` of the groups where this rep (or their downline) wrote an employee's
 * enrollment, oldest invoice first (the allocation's order, decision 2641); lines without an amount have no ledger row.
 */
export const listBillLinesFor = (db: Db, agentId: number, cutoff: Date) =>
  db
    .selectFrom('invoice_lines as il')
    .innerJoin('invoices as i', 'i.id', 'il.invoice_id')
    .innerJoin('ledger_entries as l', (j) => j.on(sql<boolean>`l.idempotency_key = 'invoice:' || il.invoice_id || ':line:' || il.id`))
    .innerJoin('enrollments as e', 'e.id', 'il.enrollment_id')
    .innerJoin('billing_records as b', 'b.enrollment_id', 'il.enrollment_id')
    .leftJoin('groups as g', 'g.group_id', 'e.group_id')
    .leftJoin('agents as w', (j) => j.on(sql<boolean>`w.agent_id = ${WRITER}`))
    .select(['i.group_id', 'il.invoice_id', 'il.id as line_id', 'il.enrollment_id', 'il.covers_period', 'il.amount_cents'])
    .select(['l.id as ledger_entry_id', 'b.lines', WRITER.as('writing_agent_id'), 'w.upline_agent_id'])
    .select(
      sql<boolean>`exists (select 1 from commission_entries c where c.agent_id = ${agentId} and c.ledger_entry_id = l.id)`.as(
        'commissioned',
      ),
    )
    .select(
      sql<boolean>`exists (select 1 from commission_entries c join commission_entries r on r.reverses_key = c.idempotency_key
        where c.agent_id = ${agentId} and c.ledger_entry_id = l.id and r.kind = 'refund_chargeback')`.as('clawed_back'),
    )
    .where('i.created_at', '<', cutoff)
    .where(
      'i.group_id',
      'in',
      db
        .selectFrom('invoice_lines as gl')
        .innerJoin('invoices as gi', 'gi.id', 'gl.invoice_id')
        .innerJoin('enrollments as ge', 'ge.id', 'gl.enrollment_id')
        .leftJoin('groups as gg', 'gg.group_id', 'ge.group_id')
        .leftJoin('agents as gw', (j) => j.on(sql<boolean>`gw.agent_id = coalesce(ge.agent_id, gg.agent_id)`))
        .select('gi.group_id')
        .where(sql<boolean>`(coalesce(ge.agent_id, gg.agent_id) = ${agentId} or gw.upline_agent_id = ${agentId})`),
    )
    .orderBy('i.group_id')
    .orderBy('i.period')
    .orderBy('i.id')
    .orderBy('il.id')
    .execute() as Promise<ListBillLineRow[]>;

/** Per group: what its payments recorded before `cutoff` total. */
export const groupsPaidBefore = (db: Db, groupIds: readonly number[], cutoff: Date) =>
  groupIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('invoice_payments as p')
        .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
        .select(['i.group_id', sql<string>`sum(p.amount_cents)`.as('paid_cents')])
        .where('i.group_id', 'in', [...groupIds])
        .where('p.created_at', '<', cutoff)
        .groupBy('i.group_id')
        .execute();

/** Per group: the ledger row of its newest payment reversal made before `cutoff` (decision 2812). */
export const groupsReversedBefore = (db: Db, groupIds: readonly number[], cutoff: Date) =>
  groupIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('invoice_payments as p')
        .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
        .innerJoin('ledger_entries as l', (j) => j.on(sql<boolean>`l.idempotency_key = 'invoice-payment-reversal:' || p.id`))
        .select(['i.group_id', sql<number>`max(l.id)`.as('ledger_entry_id')])
        .where('i.group_id', 'in', [...groupIds])
        .where('p.reverses_payment_id', 'is not', null)
        .where('l.created_at', '<', cutoff)
        .groupBy('i.group_id')
        .execute();
