import { sql, type Kysely } from 'kysely';

/**
 * Issue 26 (enrollment.md 4.10): how a group's people pay — cc, eft, list, elist or stmt. Null keeps the store's
 * rule (packages/domain billing.ts paymentMethodFor: group enrollments by list, others by card or EFT).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table groups add column if not exists payment_method text check (payment_method in ('cc', 'eft', 'list', 'elist', 'stmt'))`.execute(
    db,
  );
}
