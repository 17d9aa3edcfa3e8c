import { sql, type Kysely } from 'kysely';

/**
 * Issue 39: list-bill money in the carriers' 820 (docs/decisions/2641-list-bill-money-in-the-820.md). A list bill's
 * line is collected bit by bit as the group pays, so its premium can reach the carrier in more than one 820: each
 * remittance line of it carries the group's `installment` (how many payments and invoices the group had when it was
 * written), and the key becomes (carrier, ledger row, policy, installment). Lines of payments collected one by one
 * keep installment 0, so their key is unchanged: remitted once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table carrier_remittance_lines add column if not exists installment integer not null default 0;
    -- PostgreSQL's name of the key of migration 2561 (cut to 63 characters).
    alter table carrier_remittance_lines drop constraint if exists carrier_remittance_lines_carrier_id_ledger_entry_id_policy__key;
    alter table carrier_remittance_lines drop constraint if exists carrier_remittance_lines_once;
    alter table carrier_remittance_lines add constraint carrier_remittance_lines_once unique (carrier_id, ledger_entry_id, policy_id, installment);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table carrier_remittance_lines drop constraint if exists carrier_remittance_lines_once;
    alter table carrier_remittance_lines drop column if exists installment;
    alter table carrier_remittance_lines add constraint carrier_remittance_lines_carrier_id_ledger_entry_id_policy__key unique (carrier_id, ledger_entry_id, policy_id);
  `.execute(db);
}
