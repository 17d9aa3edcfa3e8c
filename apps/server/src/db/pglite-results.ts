/**
 * Reading PGlite's answers: the store's own type parsers and the rows of protocol messages. Shared by the
 * database's worker thread (db/pglite-worker.ts), which parses, and the dialect.
 */

export type Parsers = Record<number, ((value: string, typeId: number) => unknown) | undefined>;

/** Dates come back as yyyy-mm-dd text, not as JS Dates shifted by the time zone; bigint counts as numbers (as with node-postgres, db/client.ts). */
export const STORE_PARSERS: Parsers = { 1082: (v) => v, 20: (v) => Number(v) };

export interface StatementResult<R = unknown> {
  rows: R[];
  affectedRows: number;
}

type Message = { name: string };
type RowDescription = Message & { fields: { name: string; dataTypeID: number }[] };
type DataRow = Message & { fields: (string | null)[] };

/**
 * The results of the statements in these backend messages, one per command completed, as PGlite's
 * parse.parseResults gives them (rows as objects, values parsed by type, affected rows counted across statements).
 * parseResults copies the whole parser table (over 300 types) with a spread on every call: about 0.1 ms, more than
 * the rest of a primary-key read. This reads the table in place.
 */
export function resultsOf<R>(messages: readonly Message[], parsers: Parsers): StatementResult<R>[] {
  const results: StatementResult<R>[] = [];
  let fields: RowDescription['fields'] = [];
  let rows: R[] = [];
  let affected = 0;
  for (const m of messages) {
    if (m.name === 'rowDescription') fields = (m as RowDescription).fields;
    else if (m.name === 'dataRow') {
      const values = (m as DataRow).fields;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < values.length; i++) {
        const { name, dataTypeID } = fields[i]!;
        const v = values[i]!;
        const parser = v === null ? undefined : parsers[dataTypeID];
        row[name] = parser ? parser(v as string, dataTypeID) : v;
      }
      rows.push(row as R);
    } else if (m.name === 'commandComplete') {
      affected += affectedRowsOf((m as Message & { text: string }).text);
      results.push({ rows, affectedRows: affected });
      rows = [];
      fields = [];
    }
  }
  if (results.length === 0) results.push({ rows: [], affectedRows: 0 });
  return results;
}

/** The row count of a command tag ("UPDATE 1", "INSERT 0 3"), as PGlite counts it. */
function affectedRowsOf(tag: string): number {
  const [command, a, b] = tag.split(' ');
  if (command === 'INSERT') return Number.parseInt(b!, 10);
  if (command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE') return Number.parseInt(a!, 10);
  return 0;
}
