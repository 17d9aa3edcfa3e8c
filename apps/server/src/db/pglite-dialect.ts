import { protocol } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { CurrentSchemaIntrospector } from './introspector.ts';
import type { PGliteLink } from './pglite-link.ts';
import type { StatementResult } from './pglite-results.ts';

/**
 * A Kysely dialect for PGlite (embedded PostgreSQL). PGlite is one connection, so the driver hands it
 * out to one user at a time: a transaction never interleaves with other queries.
 * See docs/decisions/0002-kysely-pglite-dialect.md.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGliteLink) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<any>) {
    return new CurrentSchemaIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;
  constructor(pglite: PGliteLink) {
    this.connection = new PGliteConnection(pglite);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => turn);
    await previous;
    this.connection.release = release;
    return this.connection;
  }
  async beginTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection) {
    (conn as PGliteConnection).release?.();
  }
  async destroy() {}
}

/**
 * Parameters as the text the server parses, for the common types; undefined when one needs the type the server
 * infers (arrays, objects: JSON or array literal), which query() then handles.
 */
function textParameters(params: readonly unknown[]): (string | null)[] | undefined {
  const out: (string | null)[] = [];
  for (const p of params) {
    if (p === null || p === undefined) out.push(null);
    else if (typeof p === 'string') out.push(p);
    else if (typeof p === 'number' || typeof p === 'bigint') out.push(String(p));
    else if (typeof p === 'boolean') out.push(p ? 't' : 'f');
    else if (p instanceof Date) out.push(p.toISOString());
    else return undefined;
  }
  return out;
}

/** Protocol messages as one buffer. */
function join(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((n, x) => n + x.length, 0));
  let at = 0;
  for (const x of parts) {
    message.set(x, at);
    at += x.length;
  }
  return message;
}

/** One statement that reads or writes rows, or ends a transaction: it leaves prepared statements valid. */
const PLAIN = /^\s*(select|insert|update|delete|with|begin|commit|rollback|savepoint|release)\b[^;]*;?\s*$/i;

/** At most this many statements are kept prepared (the store has a few hundred); the others are parsed each time. */
const MAX_PREPARED = 2000;

class PGliteConnection implements DatabaseConnection {
  release?: () => void;
  /** Statement text to the name it was prepared under in the database's session. */
  private readonly prepared = new Map<string, string>();
  private named = 0;
  constructor(private readonly pglite: PGliteLink) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (compiled.parameters.length === 0) {
      // Simple protocol, as node-postgres does without parameters: several statements may be sent at once.
      // Anything but one plain statement (schema changes, settings) may change what a prepared one means: forget them.
      if (!PLAIN.test(compiled.sql)) this.prepared.clear();
      const results = await this.pglite.protocol(protocol.serialize.query(compiled.sql));
      const last = results[results.length - 1];
      return {
        rows: (last?.rows ?? []) as R[],
        numAffectedRows: last ? BigInt(last.affectedRows) : undefined,
      };
    }
    const values = textParameters(compiled.parameters);
    const result = values
      ? await this.extendedQuery<R>(compiled.sql, values)
      : await this.pglite.query<R>(compiled.sql, compiled.parameters as unknown[]);
    return { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) };
  }
  /**
   * Parse, bind, describe, execute and sync in one call into the database (PGlite's query() makes six, describing
   * the statement first to pick serializers): about 40 % less time per statement. Values go as text and the
   * server infers their types from the statement, as it does for query(). See docs/decisions/0002 and 0900.
   */
  private async extendedQuery<R>(text: string, values: (string | null)[]): Promise<StatementResult<R>> {
    const { serialize } = protocol;
    // A statement is parsed and planned once under a name of its own, then only bound and run (prepared statements
    // live for the session, also past a rollback). A name is remembered only once a call that parsed it succeeded:
    // after a failure the next call parses again under a new name.
    const statement = this.prepared.get(text);
    let parseMessage: Uint8Array | undefined;
    let fresh: string | undefined;
    if (statement === undefined) {
      if (this.prepared.size < MAX_PREPARED) fresh = `kysely_${++this.named}`;
      parseMessage = serialize.parse({ text, name: fresh });
    }
    const bind = serialize.bind({ values, statement: statement ?? fresh });
    const parts = [
      ...(parseMessage ? [parseMessage] : []),
      bind,
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
    const message = join(parts);
    try {
      const [result] = await this.pglite.protocol(message);
      if (fresh) this.prepared.set(text, fresh);
      return result as StatementResult<R>;
    } catch (err) {
      // A schema change made outside this connection's sight: parse everything afresh from now on.
      if ((err as { code?: string }).code === '0A000') this.prepared.clear();
      // The parse may have succeeded before the failure: drop the name (closing an unknown one is no error).
      if (fresh) await this.pglite.protocol(join([serialize.close({ type: 'S', name: fresh }), serialize.sync()])).catch(() => undefined);
      throw err;
    }
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream');
  }
}
