import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CARD_LIMITS, cardAttemptsPausedMessage } from '@store/domain/abuse-limits';
import { HttpError } from '../../lib/errors.ts';
import { blockedUntil, purgeDeclinesBefore, recordDecline } from './repository.ts';

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
  const until = await blockedUntil(app.db, keys);
  if (until) refuse(new Date(until));
  // Whatever the provider answers, a burst of attempts (sent all at once, before any refusal is counted) is bounded.
  for (const [key, max] of [
    [`card-attempt:ip:${request.ip}`, ATTEMPTS_PER_HOUR.perAddress],
    [`card-attempt:enr:${enrollmentId}`, ATTEMPTS_PER_HOUR.perEnrollment],
  ] as const) {
    const r = await app.rateLimiter.consume(key, max, HOUR);
    if (!r.allowed) refuse(new Date(Date.now() + r.retryAfterSec * 1000));
  }
}

/** Counts a refused card for every key (one atomic upsert each); the limit's wait starts or grows. */
export async function recordCardDecline(app: FastifyInstance, request: FastifyRequest, enrollmentId: string): Promise<void> {
  const { declines, firstWaitMs, maxWaitMs, forgetAfterMs } = CARD_LIMITS;
  const forgetBefore = new Date(Date.now() - forgetAfterMs);
  for (const key of cardAttemptKeys(request, enrollmentId))
    await recordDecline(app.db, key, { declines, firstWaitMs, maxWaitMs, forgetBefore });
}

function refuse(until: Date): never {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const message = cardAttemptsPausedMessage(Math.ceil(seconds / 60));
  throw new HttpError(429, message, [{ target_element: 'card_number', error_message: message }], { retryAfter: seconds });
}

/** Forgets refusals older than CARD_LIMITS.forgetAfterMs whose wait is over (called with the rate limits' purge). */
export async function purgeCardAttempts(app: FastifyInstance): Promise<void> {
  await purgeDeclinesBefore(app.db, new Date(Date.now() - CARD_LIMITS.forgetAfterMs));
}
