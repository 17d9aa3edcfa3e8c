import { sql, type Insertable } from 'kysely';
import type { AchFilesTable } from '../../db/schema.ts';
import { STATEMENT_ROWS, type Db } from './repository.ts';

/** The SQL of a day's NACHA file (issue 36): its trace numbers, its row and the payments it debits. */
/** `n` trace sequences, each used once (the sequence cycles after 9,999,999: years of debits). */
export async function nextTraceSequences(db: Db, n: number): Promise<number[]> {
  const rows = await sql<{ v: number }>`select nextval('ach_trace_seq')::int as v from generate_series(1, ${n}::int)`.execute(db);
  return rows.rows.map((r) => r.v);
}

/** How many NACHA files were made on a day (the next one's file id modifier). */
export async function achFilesMadeOn(db: Db, day: string): Promise<number> {
  const r = await db
    .selectFrom('ach_files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_on', '=', day)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertAchFile(db: Db, row: Insertable<AchFilesTable>): Promise<number> {
  return (await db.insertInto('ach_files').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function setAchFileContent(db: Db, id: number, contentEnc: string): Promise<void> {
  await db.updateTable('ach_files').set({ content_enc: contentEnc }).where('id', '=', id).execute();
}

/** Marks bank payments debited in a file, each with its trace sequence, in one statement. */
export async function markDebited(
  db: Db,
  fileId: number,
  entries: readonly { id: number; sequence: number; methodId: number }[],
  at: Date,
): Promise<void> {
  for (let i = 0; i < entries.length; i += STATEMENT_ROWS) {
    const values = sql.join(entries.slice(i, i + STATEMENT_ROWS).map((e) => sql`(${e.id}::int, ${e.sequence}::int, ${e.methodId}::int)`));
    await sql`
      update premium_payments p set status = 'submitted', ach_file_id = ${fileId}, ach_sequence = v.seq, method_id = v.method,
        attempts = p.attempts + 1, next_try_on = null, updated_at = ${at}
      from (values ${values}) as v(id, seq, method) where p.id = v.id`.execute(db);
  }
}
