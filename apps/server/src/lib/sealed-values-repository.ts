import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * The SQL of the key rotation (cli/rotate-keys.ts): it reads the schema as it is, whatever the tables become, so it is
 * typed by no table (Kysely<any>, as the migrations are). Every value is bound: table and column names as identifiers,
 * the marks and values as parameters; a row is found again by its ctid within the batch's transaction.
 */
type AnyDb = Kysely<any> | Transaction<any>;

export interface SealableColumn {
  table_name: string;
  column_name: string;
  data_type: string;
}

/** Every column of a base table that may hold a sealed value: text, JSON or bytes. */
export async function sealableColumns(db: AnyDb): Promise<SealableColumn[]> {
  return (
    await sql<SealableColumn>`
      select c.table_name, c.column_name, c.data_type from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'bytea')
      order by c.table_name, c.column_name`.execute(db)
  ).rows;
}

/** The tables with an `id` column. */
export async function tablesWithId(db: AnyDb): Promise<Set<string>> {
  const rows = (
    await sql<{
      table_name: string;
    }>`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'id'`.execute(db)
  ).rows;
  return new Set(rows.map((r) => r.table_name));
}

/**
 * The next batch of rows (after ctid `after`, locked FOR UPDATE) whose column holds one of the marks: inside JSON
 * (as text), at the start of bytes, or at the start of text. `rowIdSql` is the row id's SQL (db/sealed-columns.ts).
 */
export async function lockMarkedRows(
  trx: AnyDb,
  col: SealableColumn,
  o: { marks: string[]; rowIdSql: string; after: string; limit: number },
): Promise<{ ctid: string; row_id: string; v: string | Uint8Array }[]> {
  const isJson = col.data_type === 'json' || col.data_type === 'jsonb';
  const isBytes = col.data_type === 'bytea';
  const t = sql.table(col.table_name);
  const c = sql.ref(col.column_name);
  const matches = sql.join(
    o.marks.map((m) =>
      isJson
        ? sql`position(${m} in ${c}::text) > 0`
        : isBytes
          ? sql`substring(${c} from 1 for ${Buffer.byteLength(m)}) = ${Buffer.from(m, 'utf8')}`
          : sql`starts_with(${c}, ${m})`,
    ),
    sql` or `,
  );
  return (
    await sql<{ ctid: string; row_id: string; v: string | Uint8Array }>`
            select ctid::text as ctid, ${sql.raw(o.rowIdSql)} as row_id, ${isBytes ? c : sql`${c}::text`} as v from ${t}
            where (${matches}) and ctid > ${o.after}::tid order by ctid limit ${o.limit} for update`.execute(trx)
  ).rows;
}

/** Writes a column of the row at `ctid` (locked in this transaction): bytes, text, or JSON given as its text. */
export async function setValueAt(trx: AnyDb, col: SealableColumn, ctid: string, next: string | Uint8Array): Promise<void> {
  const t = sql.table(col.table_name);
  const c = sql.ref(col.column_name);
  const value = col.data_type === 'jsonb' ? sql`${next}::jsonb` : col.data_type === 'json' ? sql`${next}::json` : sql`${next}`;
  await sql`update ${t} set ${c} = ${value} where ctid = ${ctid}::tid`.execute(trx);
}

/** The next batch of private files (after id `after`, locked FOR UPDATE) whose bytes are not sealed. */
export async function lockPlainPrivateMedia(trx: AnyDb, after: string, limit: number): Promise<{ id: string; data: Uint8Array }[]> {
  const sealedHeads = sql.join(['b2.', 's1.', 's2.'].map((m) => sql`${Buffer.from(m, 'latin1')}`));
  return (
    await sql<{ id: string; data: Uint8Array }>`
          select id, data from media where private and id > ${after} and substring(data from 1 for 3) not in (${sealedHeads})
          order by id limit ${limit} for update`.execute(trx)
  ).rows;
}

export async function setMediaData(trx: AnyDb, id: string, data: Uint8Array): Promise<void> {
  await sql`update media set data = ${data} where id = ${id}`.execute(trx);
}
