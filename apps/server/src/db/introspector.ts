import { PostgresIntrospector, sql, type Kysely, type TableMetadata } from 'kysely';

/**
 * The tables of the current schema only, for Kysely's migrator (it asks whether its own tables exist).
 *
 * Kysely's PostgreSQL introspector reads every table of every schema of the database and, for each column, calls
 * has_schema_privilege and pg_get_serial_sequence by name: when another store or test file drops its schema during
 * that query, it fails with "schema … does not exist" (the unexplained start-up failure of the PostgreSQL tests).
 * It also grew with every schema on the server. Columns are not listed (nothing here reads them).
 */
export class CurrentSchemaIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<any>;
  constructor(db: Kysely<any>) {
    super(db);
    this.#db = db;
  }

  override async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')`.execute(this.#db);
    return rows.map((r) => ({ name: r.name, schema: r.schema, isView: r.kind === 'v' || r.kind === 'm', columns: [] }));
  }
}
