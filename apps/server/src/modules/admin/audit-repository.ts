import type { Db } from './db.ts';

/** SQL of the console's audit rows (audit.ts): one row per operator's action, in the caller's transaction. */
export async function insertAuditRow(
  db: Db,
  row: { accountId: number | null; action: string; target: string; detail: Record<string, unknown> },
) {
  await db
    .insertInto('audit_log')
    .values({ account_id: row.accountId, action: row.action, target: row.target, detail: JSON.stringify(row.detail) })
    .execute();
}
