import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import { CurrentSchemaIntrospector } from './introspector.ts';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import { PGliteLink } from './pglite-link.ts';
import { fastFailWhileAway } from './unavailable.ts';
import type { Database } from './schema.ts';
import type { Listen } from '../lib/cache.ts';

export type DbKind = 'pglite' | 'postgres';
export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /**
   * Listens for the store's change notices (channel `store_changes_<schema>`, sent by the triggers of migration 1100)
   * on a connection of its own: lib/cache.ts's ChangeFeed. Resolves once listening; returns the function that stops.
   */
  listen: Listen;
  close(): Promise<void>;
}

/** The channel of the store's change notices in this schema (as the triggers' store_notify names it). */
export const changesChannel = (schema: string) => `store_changes_${schema}`;

// Dates come back as yyyy-mm-dd text, not as JS Dates shifted by the time zone; bigint counts as numbers.
pg.types.setTypeParser(1082, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbOptions {
  /** postgres://… to use a PostgreSQL server. */
  databaseUrl?: string;
  /** PGlite folder; omitted (with no databaseUrl) means in memory. */
  dataDir?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  schema?: string;
  /** Called after every query (Kysely's log hook): the performance tests count queries with it. Unset in production. */
  log?: (event: LogEvent) => void;
  /** Embedded database: told if its thread dies while the store runs (the server stops; see server.ts). */
  onFatal?: (err: Error) => void;
  /** PostgreSQL: connections in the pool (PG_POOL_MAX; 10 when unset). */
  poolMax?: number;
  /** PostgreSQL: statements running longer are cancelled (PG_STATEMENT_TIMEOUT_MS; 0 or unset: no limit). */
  statementTimeoutMs?: number;
  /** PostgreSQL: the longest wait for a connection of the pool (CONNECT_TIMEOUT_MS when unset). */
  connectTimeoutMs?: number;
  /** PostgreSQL: told when an idle connection of the pool is ended by the server or the network (the store logs it). */
  onConnectionLost?: (err: Error) => void;
}

/** The longest a request waits for a database connection before it is answered 503. */
export const CONNECT_TIMEOUT_MS = 2000;
/** How the store's connections show in pg_stat_activity. */
export const APPLICATION_NAME = 'benefit-store';

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
      options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
      // A request waits at most this long for a connection (the server away, or every connection busy): then it is
      // answered 503 with Retry-After (db/unavailable.ts) rather than hanging.
      connectionTimeoutMillis: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      application_name: APPLICATION_NAME,
    });
    // An idle connection the server ended (a restart, pg_terminate_backend, a network cut) is dropped by the pool,
    // which makes a new one when next asked. Without a listener the error would end the process (issue 40).
    pool.on('error', (err) => opts.onConnectionLost?.(err));
    // A statement that wrote (by the command tag PostgreSQL answers) resolves only once this process's listening
    // connection has read past it: the notices of its commit are handled before the writer goes on, so this process's
    // next read never sees a cache its own write has made stale (as on PGlite, where notices come before the answer).
    // Hooked before the first connection is made: every connection of the pool, the schema's first one too, is fenced
    // (test/foundation/own-writes-seen.test.ts).
    let barrier: () => Promise<void> = async () => undefined;
    pool.on('connect', (client) => {
      afterWrites(client, () => barrier());
      // The pool listens for errors of idle connections only: one ended while a transaction holds it (between two
      // statements) would end the process. Its next statement fails (503) and the pool drops it when released.
      client.on('error', (err) => opts.onConnectionLost?.(err));
    });
    if (opts.schema) {
      const c = await pool.connect();
      try {
        await c.query(`create schema if not exists "${opts.schema.replace(/"/g, '')}"`);
      } catch (err) {
        // Two starts creating the same schema at once: PostgreSQL's "if not exists" can still lose that race
        // (unique violation on pg_namespace); the schema is there all the same.
        const code = (err as { code?: string }).code;
        if (code !== '23505' && code !== '42P06') throw err;
      } finally {
        c.release();
      }
    }
    // While the database is away requests are answered 503 at once, one of them trying it every 250 ms.
    const connect = fastFailWhileAway(() => pool.connect());
    const db = new Kysely<Database>({ dialect: new StoreDialect({ pool: { connect, end: () => pool.end() } }), log: opts.log });
    const listen: Listen = async (onNotice, onState) => {
      const listening = await listenOnPostgres(opts, onNotice, onState);
      barrier = listening.barrier;
      return async () => {
        barrier = async () => undefined;
        await listening.stop();
      };
    };
    return { db, kind: 'postgres', listen, close: () => db.destroy() };
  }
  let unlock = () => {};
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    unlock = lockDataDir(opts.dataDir);
  }
  // PGlite runs in a worker thread of this process: its work in the database and the main thread's work on
  // requests use two cores (docs/decisions/0960-pglite-worker.md).
  let pglite: PGliteLink;
  try {
    pglite = await PGliteLink.start({ dataDir: opts.dataDir ? path.resolve(opts.dataDir, 'pg') : undefined, onFatal: opts.onFatal });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), log: opts.log });
  return {
    db,
    kind: 'pglite',
    listen: async (onNotice, onState) => {
      pglite.onNotice = onNotice;
      await pglite.listen(changesChannel('public'));
      onState(true);
      return async () => {
        pglite.onNotice = undefined;
        onState(false);
      };
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
      unlock();
    },
  };
}

/**
 * PostgreSQL: a client of its own (not from the pool) LISTENs on the schema's channel. When it is lost the caches are
 * told (onState(false): they stop caching) and it connects again, every second, until it is back or stopped.
 */
async function listenOnPostgres(
  opts: DbOptions,
  onNotice: (payload: string) => void,
  onState: (live: boolean) => void,
): Promise<{ stop(): Promise<void>; barrier(): Promise<void> }> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString: opts.databaseUrl,
      options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      application_name: `${APPLICATION_NAME} listen`,
    });
    c.on('error', () => undefined);
    await c.connect();
    try {
      const { rows } = await c.query<{ schema: string }>('select current_schema() as schema');
      c.on('notification', (n) => {
        if (n.payload !== undefined) onNotice(n.payload);
      });
      await c.query(`listen "${changesChannel(rows[0]!.schema).replace(/"/g, '""')}"`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    c.on('end', () => {
      if (client !== c) return;
      client = undefined;
      onState(false);
      if (!stopped) again();
    });
    client = c;
    if (stopped) return void (await c.end().catch(() => undefined));
    onState(true);
  };
  const again = () => {
    retry = setTimeout(() => void connect().catch(again), 1000);
    retry.unref();
  };
  await connect();
  // A round trip on the listening connection: notices sent before it (a commit's) arrive before its answer. One at a
  // time (a pg client runs one query at a time): a writer that comes while one is on its way may have committed after
  // it was sent, so it waits for the next, which all such writers share.
  let inFlight: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const barrier = (): Promise<void> => {
    const c = client;
    if (!c) return Promise.resolve();
    if (!inFlight) {
      inFlight = c.query('select 1').then(
        () => undefined,
        () => undefined,
      );
      void inFlight.then(() => (inFlight = undefined));
      return inFlight;
    }
    return (next ??= inFlight.then(() => {
      next = undefined;
      return barrier();
    }));
  };
  return {
    barrier,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      onState(false);
      await c?.end().catch(() => undefined);
    },
  };
}

/** Command tags of statements that can send change notices (a write outside a transaction, or a commit). */
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'TRUNCATE', 'COMMIT']);

/** Makes a pool client's promise queries that wrote wait for `barrier` before they resolve. */
function afterWrites(client: pg.PoolClient, barrier: () => Promise<void>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.then(async (r: pg.QueryResult) => {
      if (r && WRITES.has(r.command)) await barrier();
      return r;
    });
  };
}

/** PostgreSQL as Kysely has it, but for an introspector that looks at the store's own schema only (introspector.ts). */
class StoreDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>) {
    return new CurrentSchemaIntrospector(db);
  }
}

/** PGlite is one process's database: a second store process on the same DATA_DIR is refused. */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'store.lock');
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const pid = Number(fs.readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by process ${pid}. The embedded database serves one store process; ` +
          'stop the other one, choose another DATA_DIR, or use DATABASE_URL for several processes.',
      );
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      /* already gone */
    }
  };
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
