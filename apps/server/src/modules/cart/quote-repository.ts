import type { Insertable } from 'kysely';
import type { QuotesTable } from '../../db/schema.ts';
import type { Db } from './repository.ts';

/** The SQL of the personalised quote (quote-service.ts). */

/** The group's show_quotation setting ('no' hides quotes), undefined when there is no such group. */
export async function groupShowQuotation(db: Db, groupId: number): Promise<string | null | undefined> {
  const g = await db.selectFrom('groups').select('show_quotation').where('group_id', '=', groupId).executeTakeFirst();
  return g?.show_quotation;
}

export async function findAgentNames(db: Db, agentId: number) {
  return db.selectFrom('agents').select(['first_name', 'last_name', 'display_name']).where('agent_id', '=', agentId).executeTakeFirst();
}

export async function findGroupName(db: Db, groupId: number): Promise<string | undefined> {
  return (await db.selectFrom('groups').select(['gname']).where('group_id', '=', groupId).executeTakeFirst())?.gname;
}

export async function insertQuote(db: Db, row: Insertable<QuotesTable>): Promise<void> {
  await db.insertInto('quotes').values(row).execute();
}

/** The quotes mailed for an enrollment (the quote that led to it): how many and when the last one went. */
export async function mailedQuotes(db: Db, enrollmentId: string): Promise<{ count: number; last_at: Date | null }> {
  const rows = await db
    .selectFrom('quotes')
    .select('created_at')
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('created_at', 'desc')
    .execute();
  return { count: rows.length, last_at: rows[0] ? new Date(rows[0].created_at as unknown as string) : null };
}
