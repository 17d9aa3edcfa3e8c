import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/config/env.ts';
import { createStore, type Store } from '../../src/bootstrap.ts';
import { TestClient } from './client.ts';
import { testPayments } from './payments.ts';

export type TestDbKind = 'pglite' | 'postgres';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface TestStore {
  store: Store;
  app: Store['app'];
  db: Store['app']['db'];
  baseUrl: string;
  kind: TestDbKind;
  /** A new browser-like client with its own cookies. */
  client(host?: string): TestClient;
}

export interface TestStoreOptions {
  /** PostgreSQL: use this schema (several stores may share it, like processes behind a load balancer). */
  schema?: string;
  /** Leave the schema in place on close (another store still uses it); the last one to close drops it. */
  keepSchema?: boolean;
  /** A pino logger option instead of none (tests that read the log stream). */
  logger?: import('fastify').FastifyServerOptions['logger'];
  /** Where the store's own (redacting) logger writes, e.g. a stream the test reads. */
  logStream?: { write(line: string): void };
  /** Called with the SQL of every query the store runs (performance tests count them). */
  onQuery?: (sql: string) => void;
}

/** Starts a store on a fresh, migrated, seeded database (in-memory PGlite, or a new schema on PostgreSQL). */

export async function startTestStore(
  kind: TestDbKind = 'pglite',
  overrides: Partial<Config> = {},
  options: TestStoreOptions = {},
): Promise<TestStore & { close(): Promise<void>; schema: string }> {
  // Tests send everything from one address, far faster than a person: the limit per address (REQUESTS_PER_MINUTE)
  // is off unless a test sets it (security/request-limits.test.ts).
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_KEY: crypto.randomBytes(32).toString('base64'),
      REQUESTS_PER_MINUTE: '0',
      // The demo members' premiums stay out: the billing tests count the payments of their own members (issue 36).
      SEED_DEMO_BILLING: 'false',
      // The carriers' 834 files of a test's completed enrollments go to the machine's temporary folder, not ./data.
      CARRIER_DROP_DIR: path.join(os.tmpdir(), `store-test-carrier-drop-${crypto.randomBytes(6).toString('hex')}`),
      ACH_OUT_DIR: path.join(os.tmpdir(), `store-test-ach-out-${crypto.randomBytes(6).toString('hex')}`),
    } as NodeJS.ProcessEnv,
    overrides,
  );
  const schema = options.schema ?? `t_${crypto.randomBytes(6).toString('hex')}`;
  const store = await createStore(config, {
    db: {
      ...(kind === 'postgres' ? { databaseUrl: TEST_DATABASE_URL!, schema } : {}),
      log: options.onQuery ? (event) => event.level === 'query' && options.onQuery!(event.query.sql) : undefined,
    },
    logger: options.logger ?? (options.logStream ? undefined : false),
    logStream: options.logStream,
    // The offline provider, or the one the test file put in place (helpers/payments.ts).
    payments: testPayments,
  });
  await store.app.listen({ port: 0, host: '127.0.0.1' });
  const address = store.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    store,
    app: store.app,
    db: store.app.db,
    baseUrl,
    kind,
    schema,
    client: (host?: string) => new TestClient(baseUrl, host),
    async close() {
      await store.close();
      if (kind === 'postgres' && !options.keepSchema) {
        const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await c.connect();
        await c.query(`drop schema if exists "${schema}" cascade`);
        await c.end();
      }
    },
  };
}

let announced = false;
/**
 * Runs a suite against both databases: embedded PGlite always, and PostgreSQL when TEST_DATABASE_URL names
 * a server (otherwise that half says so and does not run).
 */
export function describeEachDb(name: string, fn: (ctx: () => TestStore) => void, overrides: Partial<Config> = {}) {
  for (const kind of ['pglite', 'postgres'] as const) {
    const missing = kind === 'postgres' && !TEST_DATABASE_URL;
    if (missing && !announced) {
      announced = true;
      console.log('TEST_DATABASE_URL is not set: the PostgreSQL half of the data-layer and API tests does not run.');
    }
    describe.skipIf(missing)(`${name} [${kind}]`, () => {
      let ts: (TestStore & { close(): Promise<void> }) | undefined;
      beforeAll(async () => {
        ts = await startTestStore(kind, overrides);
      }, 60_000);
      afterAll(async () => {
        await ts?.close();
      });
      fn(() => {
        if (!ts) throw new Error('store not started');
        return ts;
      });
    });
  }
}

/**
 * Two stores sharing one fresh PostgreSQL schema and data key, like two processes behind a load balancer,
 * started before the suite's tests and closed after them (call inside a describe that needs TEST_DATABASE_URL).
 */
export function twoStoresSharingPostgres(overrides: () => Partial<Config> = () => ({})): () => { one: TestStore; two: TestStore } {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const key = crypto.randomBytes(32).toString('base64');
  let one: Awaited<ReturnType<typeof startTestStore>> | undefined;
  let two: Awaited<ReturnType<typeof startTestStore>> | undefined;
  beforeAll(async () => {
    one = await startTestStore('postgres', { ...overrides(), DATA_KEY: key }, { schema, keepSchema: true });
    two = await startTestStore('postgres', { ...overrides(), DATA_KEY: key }, { schema });
  }, 90_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });
  return () => {
    if (!one || !two) throw new Error('stores not started');
    return { one, two };
  };
}
