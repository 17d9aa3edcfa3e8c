import crypto from 'node:crypto';
import type { Actor } from '../../lib/actor.ts';
import {
  hasEvent,
  insertEvent,
  lastEvent,
  latestEvent,
  listEvents,
  lockEnrollment,
  trailEnrollmentIds,
  type Db,
  type EventRow,
} from './repository.ts';

/**
 * The audit trail of an enrollment (issue 22): one row per event, each carrying the hash of the row before it, written
 * in the transaction of the change it records. `recordEvent` is the one way in; `verifyTrail` finds an edited,
 * deleted or reordered row.
 */
export const TRAIL_EVENTS = [
  'quote_made',
  'enrollment_started',
  'step_saved',
  'esign_consent',
  'agreement_shown',
  'signature',
  'payment_authorized',
  'completed',
  'documents_sent',
  'document_downloaded',
  'operator_viewed',
  // Issue 38: a plan's coverage changed after the sale (an evidence of insurability decision, the member's cancellation).
  'coverage_changed',
  // Issue 38 (decision 2550): a life event reported, its document received, its review decided.
  'life_event',
] as const;
export type TrailEvent = (typeof TRAIL_EVENTS)[number];

export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys in sorted order at every level: the same value always serializes to the same bytes. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const o = value as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
    .join(',')}}`;
}

export const sha256 = (data: string | Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

/** The hash of an event row: SHA-256 over the canonical serialization of every field but its own hash and id. */
export function eventHash(r: Omit<EventRow, 'hash' | 'id'>): string {
  return sha256(
    canonicalJson({
      enrollment_id: r.enrollment_id,
      seq: r.seq,
      event_type: r.event_type,
      occurred_at: new Date(r.occurred_at).toISOString(),
      ip: r.ip,
      user_agent: r.user_agent,
      identified_by: r.identified_by,
      detail: r.detail,
      prev_hash: r.prev_hash,
    }),
  );
}

/** Runs of six or more digits (account, routing, card, SSN numbers) keep only their last four. */
export const maskDigits = (s: string) => s.replace(/(?<![0-9a-fA-F])\d{6,}(?![0-9a-fA-F])/g, (d) => 'x'.repeat(d.length - 4) + d.slice(-4));
/** d***@example.org */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1***$2');

/** What a trail's detail may hold: no sealed values (keys starting with _), every long number masked. */
export function safeDetail(v: unknown): unknown {
  if (typeof v === 'string') return maskDigits(v);
  if (Array.isArray(v)) return v.map(safeDetail);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !k.startsWith('_'))
        .map(([k, x]) => [k, /sha256|hash/.test(k) ? x : safeDetail(x)]),
    );
  return v;
}

type Owner = NonNullable<Awaited<ReturnType<typeof lockEnrollment>>>;
/** How the person acting was identified: a signed-in account, a resume code with its e-mail, or the browser session that built the enrollment. */
export function identifiedBy(by: TrailActor | undefined, e: Owner): string {
  if (!by) return 'system';
  if (by.account) {
    const role = by.account.role;
    return e.account_id === by.account.id ? `account:${role}#${by.account.id}` : `${role}#${by.account.id}`;
  }
  if (by.sessionId && e.session_id === by.sessionId) return 'session';
  if (by.resumed.includes(e.id)) return `resume_code:${maskEmail(e.resume_email ?? '')}`;
  return 'session';
}

/** What the trail keeps of the person acting: who they are to the enrollment, their address and browser (lib/actor.ts). */
export type TrailActor = Pick<Actor, 'sessionId' | 'account' | 'resumed' | 'ip' | 'userAgent'>;

/**
 * Appends an event to the enrollment's trail in the caller's transaction: the enrollment's row is locked so that events
 * follow one another, the previous hash is read, the new row's hash computed over it. With the actor (lib/actor.ts, made
 * by the route from its request): their address, browser and how they were identified; without (a job, the completing
 * step's own work): 'system'.
 */
export async function recordEvent(
  trx: Db,
  enrollmentId: string,
  eventType: TrailEvent,
  detail: Record<string, unknown> = {},
  by?: TrailActor,
  /** When it happened, if not now: a completion's runs record the same events (enrollment/complete.ts). */
  at?: Date,
): Promise<void> {
  const e = await lockEnrollment(trx, enrollmentId);
  if (!e) return;
  const last = await lastEvent(trx, enrollmentId);
  const row = {
    enrollment_id: enrollmentId,
    seq: (last?.seq ?? 0) + 1,
    event_type: eventType,
    occurred_at: at ?? new Date(),
    ip: by ? by.ip : null,
    user_agent: by ? by.userAgent.slice(0, 300) : null,
    identified_by: identifiedBy(by, e),
    detail: safeDetail(detail) as Record<string, unknown>,
    prev_hash: last?.hash ?? GENESIS_HASH,
  };
  await insertEvent(trx, { ...row, hash: eventHash(row) });
}

export interface TrailProblem {
  enrollment_id: string;
  seq: number;
  problem: string;
}

/** Checks one enrollment's chain: consecutive seq from 1, each prev_hash the hash before it, each hash recomputed. */
export function checkChain(rows: EventRow[]): TrailProblem[] {
  const problems: TrailProblem[] = [];
  let prev = GENESIS_HASH;
  rows.forEach((r, i) => {
    const at = { enrollment_id: r.enrollment_id, seq: r.seq };
    if (r.seq !== i + 1) problems.push({ ...at, problem: `expected event ${i + 1} (a row is missing or out of order)` });
    if (r.prev_hash !== prev) problems.push({ ...at, problem: 'previous hash does not match (a row before it was changed or deleted)' });
    if (eventHash(r) !== r.hash) problems.push({ ...at, problem: 'hash does not match its contents (the row was edited)' });
    prev = r.hash;
  });
  return problems;
}

export async function verifyTrail(
  db: Db,
  enrollmentId?: string,
): Promise<{ enrollments: number; events: number; problems: TrailProblem[] }> {
  const ids = enrollmentId ? [enrollmentId] : await trailEnrollmentIds(db);
  let events = 0;
  const problems: TrailProblem[] = [];
  for (const id of ids) {
    const rows = await listEvents(db, id);
    events += rows.length;
    problems.push(...checkChain(rows));
  }
  return { enrollments: ids.length, events, problems };
}

export { hasEvent, latestEvent, listEvents };
export type { EventRow };
