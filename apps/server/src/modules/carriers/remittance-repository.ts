import { sql, type Insertable } from 'kysely';
import type { BillingLine, CarrierRemittanceLinesTable } from '../../db/schema.ts';
import type { Db } from './repository.ts';

/** Carriers with at least one plan (those that can be owed premium), in id order. */
export const carriersWithPlans = (db: Db) =>
  db
    .selectFrom('carriers')
    .selectAll('carriers')
    .where((eb) => eb.exists(eb.selectFrom('plans').select('plans.plan_id').whereRef('plans.carrier_id', '=', 'carriers.id')))
    .orderBy('carriers.id')
    .execute();

export interface LedgerForRemittance {
  id: number;
  enrollment_id: string;
  period: string;
  kind: 'payment' | 'return' | 'refund';
  amount_cents: number;
  payment_id: number | null;
  payment_cents: number | null;
  user_id: number | null;
  lines: BillingLine[] | string;
  /** A return or refund whose payment was remitted to this carrier already. */
  payment_remitted: boolean;
}

/**
 * The ledger's collected money (payments, and returns and refunds of them) of enrollments holding a plan of this
 * carrier, not yet remitted to it, in ledger order.
 */
export const unremittedLedger = (db: Db, carrierId: number) =>
  db
    .selectFrom('ledger_entries as l')
    .innerJoin('billing_records as b', 'b.enrollment_id', 'l.enrollment_id')
    .innerJoin('enrollments as e', 'e.id', 'l.enrollment_id')
    .leftJoin('premium_payments as p', 'p.id', 'l.payment_id')
    .select(['l.id', 'l.enrollment_id', 'l.period', 'l.kind', 'l.amount_cents', 'l.payment_id', 'p.amount_cents as payment_cents'])
    .select(['e.user_id', 'b.lines'])
    .select(
      sql<boolean>`exists (select 1 from carrier_remittance_lines r join ledger_entries pl on pl.id = r.ledger_entry_id
        where r.carrier_id = ${carrierId} and pl.kind = 'payment' and pl.payment_id = l.payment_id)`.as('payment_remitted'),
    )
    .where('l.kind', 'in', ['payment', 'return', 'refund'])
    .where(
      sql<boolean>`exists (select 1 from policies po join plans pn on pn.plan_id = po.plan_id
        where po.enrollment_id = l.enrollment_id and pn.carrier_id = ${carrierId})`,
    )
    .where(
      sql<boolean>`not exists (select 1 from carrier_remittance_lines r where r.carrier_id = ${carrierId} and r.ledger_entry_id = l.id)`,
    )
    .orderBy('l.id')
    .execute() as Promise<LedgerForRemittance[]>;

/** The policies of these enrollments with this carrier's plans, not the association membership (a store fee). */
export const premiumPolicies = (db: Db, carrierId: number, enrollmentIds: readonly string[]) =>
  enrollmentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('policies')
        .innerJoin('plans', 'plans.plan_id', 'policies.plan_id')
        .select(['policies.policy_id', 'policies.enrollment_id', 'policies.plan_id'])
        .where('policies.enrollment_id', 'in', enrollmentIds)
        .where('plans.carrier_id', '=', carrierId)
        .where(sql<boolean>`coalesce(plans.rules->>'membership', 'false') <> 'true'`)
        .orderBy('policies.policy_id')
        .execute();

/** Subscribers' names by user id (NM1*IL of the 820). */
export const memberNames = (db: Db, userIds: readonly number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('members').select(['user_id', 'first_name', 'last_name']).where('user_id', 'in', userIds).execute();

export const insertRemittanceLines = (db: Db, rows: Insertable<CarrierRemittanceLinesTable>[]) =>
  rows.length === 0 ? Promise.resolve() : db.insertInto('carrier_remittance_lines').values(rows).execute();

/* ---------- list-bill money (decision 2641) ---------- */

export interface ListBillLineForRemittance {
  group_id: number;
  invoice_id: number;
  line_id: number;
  enrollment_id: string;
  covers_period: string;
  amount_cents: number;
  /** The line's ledger row (`invoice:<invoice>:line:<line>`). */
  ledger_entry_id: number;
  user_id: number | null;
  lines: BillingLine[] | string;
}

/**
 * Every invoice line (with its ledger row) of the groups that were billed for an enrollment holding a plan of this
 * carrier: the whole group, since the group's money is allocated over all its lines. Oldest invoice first.
 */
export const listBillLinesOfCarrier = (db: Db, carrierId: number) =>
  db
    .selectFrom('invoice_lines as il')
    .innerJoin('invoices as i', 'i.id', 'il.invoice_id')
    .innerJoin('ledger_entries as l', (j) => j.on(sql<boolean>`l.idempotency_key = 'invoice:' || il.invoice_id || ':line:' || il.id`))
    .innerJoin('enrollments as e', 'e.id', 'il.enrollment_id')
    .innerJoin('billing_records as b', 'b.enrollment_id', 'il.enrollment_id')
    .select(['i.group_id', 'il.invoice_id', 'il.id as line_id', 'il.enrollment_id', 'il.covers_period', 'il.amount_cents'])
    .select(['l.id as ledger_entry_id', 'e.user_id', 'b.lines'])
    .where(
      'i.group_id',
      'in',
      db
        .selectFrom('invoices as gi')
        .innerJoin('invoice_lines as gl', 'gl.invoice_id', 'gi.id')
        .innerJoin('policies as po', 'po.enrollment_id', 'gl.enrollment_id')
        .innerJoin('plans as pn', 'pn.plan_id', 'po.plan_id')
        .select('gi.group_id')
        .where('pn.carrier_id', '=', carrierId),
    )
    .orderBy('i.group_id')
    .orderBy('i.period')
    .orderBy('i.id')
    .orderBy('il.id')
    .execute() as Promise<ListBillLineForRemittance[]>;

/** Per group: what its payments total, and how many payments and invoices it has (the installment, decision 2641). */
export const groupPaymentTotals = (db: Db, groupIds: readonly number[]) =>
  groupIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('invoices as i')
        .leftJoin('invoice_payments as p', 'p.invoice_id', 'i.id')
        .select('i.group_id')
        .select([
          sql<string>`coalesce(sum(p.amount_cents), 0)`.as('paid_cents'),
          sql<string>`count(p.id)`.as('payments'),
          sql<string>`count(distinct i.id)`.as('invoices'),
        ])
        .where('i.group_id', 'in', groupIds)
        .groupBy('i.group_id')
        .execute();

/** What was remitted already to this carrier of these ledger rows, by ledger row and policy. */
export const remittedOfLedgerRows = (db: Db, carrierId: number, ledgerIds: readonly number[]) =>
  ledgerIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('carrier_remittance_lines')
        .select(['ledger_entry_id', 'policy_id', sql<string>`sum(amount_cents)`.as('cents')])
        .where('carrier_id', '=', carrierId)
        .where('ledger_entry_id', 'in', ledgerIds)
        .groupBy(['ledger_entry_id', 'policy_id'])
        .execute();
