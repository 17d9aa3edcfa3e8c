import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { CARD_LIMITS, cardAttemptsPausedMessage } from '@store/domain/abuse-limits';
import { HttpError } from '../../lib/errors.ts';

declare module '../../db/schema.ts' {
  interface Database {
    card_attempts: { key: string; declines: number; last_decline_at: Date | string; blocked_until: Date | string | null };
  }
}

/** Card attempts at most per client address and per enrollment, per hour, whatever the provider answers. */
const ATTEMPTS_PER_HOUR = { perAddress: 30, perEnrollment: 15 };
const HOUR = 3600_000;

/**
 * Card testing: cards the provider refuses are counted per enrollment, per session and per client address, in the
 * database (every store process counts together). After CARD_LIMITS.declines refusals a key waits, and every
 * refusal after a wait doubles the next one; the provider is not called while any of the request's keys waits.
 */
export function cardAttemptKeys(request: FastifyRequest, enrollmentId: string): string[] {
  const session = request.session.account ? `account:${request.session.account.id}` : `session:${request.session.id ?? 'none'}`;
  return [`card:enr:${enrollmentId}`, `card:${session}`, `card:ip:${request.ip}`];
}

/** Refuses (429, beside the card number, with retry-after) while one of the keys waits; counts the attempt. */
export async function assertCardAttemptAllowed(app: FastifyInstance, request: FastifyRequest, enrollmentId: string): Promise<void> {
  const keys = cardAttemptKeys(request, enrollmentId);
  const row = await app.db
    .selectFrom('card_attempts')
    .select(sql<Date | string | null>`max(blocked_until)`.as('until'))
    .where('key', 'in', keys)
    .where('blocked_until', '>', new Date())
    .executeTakeFirst();
  if (row?.until) refuse(new Date(row.until));
  // Whatever the provider answers, a burst of attempts (sent all at once, before any refusal is counted) is bounded.
  for (const [key, max] of [[`card-attempt:ip:${request.ip}`, ATTEMPTS_PER_HOUR.perAddress], [`card-attempt:enr:${enrollmentId}`, ATTEMPTS_PER_HOUR.perEnrollment]] as const) {
    const r = await app.rateLimiter.consume(key, max, HOUR);
    if (!r.allowed) refuse(new Date(Date.now() + r.retryAfterSec * 1000));
  }
}

/** Counts a refused card for every key (one atomic upsert each); the limit's wait starts or grows. */
export async function recordCardDecline(app: FastifyInstance, request: FastifyRequest, enrollmentId: string): Promise<void> {
  const { declines, firstWaitMs, maxWaitMs, forgetAfterMs } = CARD_LIMITS;
  const forgetBefore = new Date(Date.now() - forgetAfterMs);
  for (const key of cardAttemptKeys(request, enrollmentId)) {
    await sql`
      insert into card_attempts (key, declines, last_decline_at, blocked_until) values (${key}, 1, now(), null)
      on conflict (key) do update set
        declines = case when card_attempts.last_decline_at < ${forgetBefore} then 1 else card_attempts.declines + 1 end,
        last_decline_at = now(),
        blocked_until = case
          when card_attempts.last_decline_at >= ${forgetBefore} and card_attempts.declines + 1 >= ${declines}
          then now() + least(${firstWaitMs}::float8 * power(2, card_attempts.declines + 1 - ${declines}), ${maxWaitMs}::float8) * interval '1 millisecond'
          else card_attempts.blocked_until end`.execute(app.db);
  }
}

function refuse(until: Date): never {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const message = cardAttemptsPausedMessage(Math.ceil(seconds / 60));
  throw new HttpError(429, message, [{ target_element: 'card_number', error_message: message }], { retryAfter: seconds });
}

/** Forgets refusals older than CARD_LIMITS.forgetAfterMs whose wait is over (called with the rate limits' purge). */
export async function purgeCardAttempts(app: FastifyInstance): Promise<void> {
  const before = new Date(Date.now() - CARD_LIMITS.forgetAfterMs);
  await app.db.deleteFrom('card_attempts').where('last_decline_at', '<', before).where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', new Date())])).execute();
}
