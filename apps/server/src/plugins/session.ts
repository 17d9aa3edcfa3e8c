import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, sha256 } from '../lib/crypto.ts';
import type { SessionData } from '../db/schema.ts';
import type { Role } from '@store/domain/codes';
import {
  deleteExpiredSessions,
  deleteSession,
  findSession,
  insertSession,
  moveSessionEnrollments,
  setSessionData,
  touchSession,
  type SessionRow,
} from './session-repository.ts';

/**
 * Every browser gets a session: an httpOnly, SameSite=Lax cookie holding a random token; the database keeps
 * only its sha256. The session is created on first need (ensureSession), so anonymous GETs cost nothing.
 *
 * Sessions end on the server after an idle time (sliding: every request moves last_seen_at, written at most every
 * 1/30 of the idle time) and after an absolute lifetime (expires_at), whichever comes first: signed-in people 30
 * minutes idle and 12 hours in all; anonymous shoppers (a cart, an enrollment not yet finished) a day idle and 14
 * days in all (SECURITY.md says why).
 */
export const SESSION_COOKIE = 'sid';
export const SESSION_LIMITS = {
  signedIn: { idleMs: 30 * 60_000, lifetimeMs: 12 * 3600_000 },
  anonymous: { idleMs: 24 * 3600_000, lifetimeMs: 14 * 86400_000 },
} as const;
const limitsOf = (signedIn: boolean) => (signedIn ? SESSION_LIMITS.signedIn : SESSION_LIMITS.anonymous);

export interface SessionAccount {
  id: number;
  email: string;
  role: Role;
  agent_id: number | null;
  group_id: number | null;
  user_id: number | null;
}

export interface RequestSession {
  id: string | null;
  account: SessionAccount | null;
  data: SessionData;
  /** When the stored row last saw a request (ms), and the idle time that applies: for the sliding idle timeout. */
  seenAt?: number;
  idleMs?: number;
}

/** The reply of a request, for ensureSession's cookie. */
const REPLY = Symbol('session reply');

declare module 'fastify' {
  interface FastifyRequest {
    [REPLY]?: FastifyReply | null;
    session: RequestSession;
    /** Create the session (and its cookie) if this browser has none; returns its id. */
    ensureSession(): Promise<string>;
    /** Merge values into the session's data. */
    updateSession(patch: Partial<SessionData>): Promise<void>;
  }
}

/**
 * Cookies are Secure over HTTPS (behind a proxy: X-Forwarded-Proto with TRUST_PROXY) and always in production, where
 * the store is served over HTTPS only (SECURITY.md).
 */
export const secureCookie = (request: FastifyRequest) => request.protocol === 'https' || request.server.config.NODE_ENV === 'production';

const cookieOptions = (request: FastifyRequest, lifetimeMs: number) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: secureCookie(request),
  maxAge: Math.floor(lifetimeMs / 1000),
});

export default fp(
  async (app) => {
    app.decorateRequest('session', null as unknown as RequestSession);
    app.decorateRequest(REPLY, null);
    app.decorateRequest('ensureSession', ensureSession);
    app.decorateRequest('updateSession', updateSession);

    // A callback hook, not an async one: a session already in the cache is attached without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      request[REPLY] = reply;
      const token = request.cookies[SESSION_COOKIE];
      const now = settledSession(app, token);
      if (now) {
        request.session = now;
        return touchIfDue(request.session, done);
      }
      request.session = { id: null, account: null, data: {} };
      const id = tokenHash(token!);
      app.sessionCache
        .get(id, () => findSession(app.db, id))
        .then(
          (found) => {
            request.session = sessionOf(found);
            touchIfDue(request.session, done);
          },
          (err: Error) => done(err),
        );
    });

    /** Slides the idle timeout: last_seen_at moves when it is older than a thirtieth of the idle time. */
    function touchIfDue(session: RequestSession, done: (err?: Error) => void) {
      if (!session.id || session.seenAt === undefined || Date.now() - session.seenAt < session.idleMs! / 30) return done();
      touchSession(app.db, session.id).then(() => done(), done);
    }

    /** Create the session (and its cookie) if this browser has none. */
    async function ensureSession(this: FastifyRequest): Promise<string> {
      if (this.session.id) return this.session.id;
      const newToken = randomToken();
      const id = sha256(newToken);
      await insertSession(app.db, { id, expires_at: new Date(Date.now() + SESSION_LIMITS.anonymous.lifetimeMs) });
      this.session.id = id;
      this[REPLY]!.setCookie(SESSION_COOKIE, newToken, cookieOptions(this, SESSION_LIMITS.anonymous.lifetimeMs));
      return id;
    }

    async function updateSession(this: FastifyRequest, patch: Partial<SessionData>): Promise<void> {
      const id = await this.ensureSession();
      this.session.data = { ...this.session.data, ...patch };
      await setSessionData(app.db, id, JSON.stringify(this.session.data));
    }
  },
  { name: 'session', dependencies: ['db'] },
);

/**
 * The session of a request with this session cookie, when it can be told without waiting: no usable token (none,
 * or too long to be one of ours), or the session cache holding its row (lib/cache.ts: dropped in every store
 * process when the row or any account changes). Otherwise undefined: the row must be read (the onRequest hook does).
 */
function settledSession(app: FastifyInstance, token: string | undefined): RequestSession | undefined {
  if (!token || token.length > 100) return { id: null, account: null, data: {} };
  const now = app.sessionCache.settled<SessionRow | undefined>(tokenHash(token));
  return now ? sessionOf(now.value) : undefined;
}

/**
 * A request's session from its row: none when there is no row, it has lived its lifetime or has been idle too long;
 * the account only when active.
 */
function sessionOf(found: SessionRow | undefined): RequestSession {
  const now = Date.now();
  const idleMs = limitsOf(found?.account_id != null).idleMs;
  const seenAt = found ? new Date(found.last_seen_at).getTime() : 0;
  const row = found && new Date(found.expires_at).getTime() > now && seenAt + idleMs > now ? found : undefined;
  if (!row) return { id: null, account: null, data: {} };
  return {
    id: row.id,
    seenAt,
    idleMs,
    // Shared with this browser's other requests (the row may be cached), so frozen: updateSession replaces it.
    data: frozenData(row),
    account:
      row.account_id && row.active
        ? { id: row.account_id, email: row.email!, role: row.role!, agent_id: row.agent_id, group_id: row.group_id, user_id: row.user_id }
        : null,
  };
}

/**
 * sha256 of a session token. A browser sends the same token with every request, so the last few thousand hashes are
 * remembered (in this process's memory only, where the tokens pass anyway); the map starts afresh when full.
 */
const hashes = new Map<string, string>();
function tokenHash(token: string): string {
  let id = hashes.get(token);
  if (id === undefined) {
    if (hashes.size >= 4096) hashes.clear();
    hashes.set(token, (id = sha256(token)));
  }
  return id;
}

/** A session row's data, deeply frozen once per row object (a cached row is read by many requests). */
const frozen = new WeakMap<object, SessionData>();
function frozenData(row: object & { data: unknown }): SessionData {
  let data = frozen.get(row);
  if (!data) frozen.set(row, (data = deepFreeze(structuredClone((row.data ?? {}) as SessionData))));
  return data;
}
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Expired and idle sessions are dropped hourly (they already open nothing: look-ups check both times). */
export const sessionPurgePlugin = fp(
  async (app) => {
    const timer = setInterval(
      () => void purgeExpiredSessions(app.db).catch((err) => app.log.warn({ err }, 'session purge failed')),
      3600_000,
    );
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'session-purge', dependencies: ['db'] },
);

/**
 * Sign a browser in: a new session token (no fixation); the enrollments of the old session come along.
 */
export async function startSignedInSession(
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: number,
  /** Values for the new session's data besides the old session's (undefined removes one). */
  patch: Partial<SessionData> = {},
): Promise<void> {
  const db = request.server.db;
  const newToken = randomToken();
  const id = sha256(newToken);
  await db.transaction().execute(async (trx) => {
    await insertSession(trx, {
      id,
      account_id: accountId,
      data: JSON.stringify({ ...request.session.data, ...patch }),
      expires_at: new Date(Date.now() + SESSION_LIMITS.signedIn.lifetimeMs),
    });
    if (request.session.id) {
      await moveSessionEnrollments(trx, request.session.id, id);
      await deleteSession(trx, request.session.id);
    }
  });
  request.session.id = id;
  request.session.data = { ...request.session.data, ...patch };
  reply.setCookie(SESSION_COOKIE, newToken, cookieOptions(request, SESSION_LIMITS.signedIn.lifetimeMs));
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session.id) {
    await deleteSession(request.server.db, request.session.id);
  }
  request.session = { id: null, account: null, data: {} };
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Drop expired and idle sessions (called from a timer). */
export async function purgeExpiredSessions(db: FastifyRequest['server']['db']) {
  await deleteExpiredSessions(db, { signedIn: SESSION_LIMITS.signedIn.idleMs, anonymous: SESSION_LIMITS.anonymous.idleMs });
}
