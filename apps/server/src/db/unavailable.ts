/**
 * Whether an error means the database is away (not that the request was wrong): a connection refused, reset or
 * ended by the server (a restart, pg_terminate_backend), a server starting up or shutting down, no free connection in
 * time, too many connections, a statement cancelled by the statement timeout. The store answers these 503 with
 * Retry-After (app.ts): the client tries again, the process stays up, the pool makes new connections when it can.
 */
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** PostgreSQL's SQLSTATEs: connection exceptions (08…), operator intervention (57P0…), too many connections. */
const SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);
/** node-postgres's own errors, which carry no code. */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'canceling statement due to statement timeout',
];

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const { code, message, cause } = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NODE_CODES.has(code) || SQLSTATES.has(code))) return true;
  if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Seconds a client waits before it tries again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 1;

/** What a request gets while the database is known to be away: it is not tried again until the next probe. */
export class DatabaseAwayError extends Error {
  readonly code = '08001';
  constructor() {
    super('database unavailable: waiting for it to answer');
  }
}

/** A full pool is busy, not away: a wait for a free connection that ran out does not count as the database away. */
const POOL_BUSY = 'timeout exceeded when trying to connect';

/**
 * Fast fail while the database is away (issue 40). Once getting a connection failed because the database is away, the
 * requests that follow are answered at once (503, DatabaseAwayError) instead of each waiting for its own refused or
 * timed-out connection; one request every `probeMs` tries for real, and the first that gets a connection ends the
 * outage. Without it a request could wait past CONNECT_TIMEOUT_MS (its work before the database, then the wait).
 */
export function fastFailWhileAway<C>(connect: () => Promise<C>, probeMs = 250): () => Promise<C> {
  let away = false;
  let probing = false;
  let lastTry = 0;
  return async () => {
    const probe = away;
    if (probe) {
      if (probing || Date.now() - lastTry < probeMs) throw new DatabaseAwayError();
      probing = true;
    }
    lastTry = Date.now();
    try {
      const client = await connect();
      away = false;
      return client;
    } catch (err) {
      if (isDatabaseUnavailable(err) && !String((err as Error).message).includes(POOL_BUSY)) away = true;
      throw err;
    } finally {
      if (probe) probing = false;
    }
  };
}
