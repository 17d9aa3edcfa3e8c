import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CARD_LIMITS, cardAttemptsPausedMessage } from '@store/domain/abuse-limits';
import { HttpError } from '../../../lib/errors.ts';
import { blockedUntil, purgeDeclinesBefore, recordDecline } from '../purchase-repository.ts';
import { clientAddress } from '../../../lib/client-address.ts';

const HOUR = 3600_000;

/**
 * Card testing: cards the provider refuses are counted per enrollment, per session (or account), per client address
 * (its /64 for IPv6) and per card, in the database (every store process counts together), so that neither a new
 * address nor a new session or enrollment starts afresh (decision 2330). After CARD_DECLINES refusals a key waits,
 * and every refusal after a wait doubles the next one; the provider is not called while any of the request's keys
 * waits. The card's key is its fingerprint, an HMAC of its digits with the sealer's key: the number is never stored.
 */
export function cardAttemptKeys(app: FastifyInstance, request: FastifyRequest, enrollmentId: string): string[] {
  const session = request.session.account ? `account:${request.session.account.id}` : `session:${request.session.id ?? 'none'}`;
  return [
    `card:enr:${enrollmentId}`,
    `card:${session}`,
    `card:ip:${clientAddress(request)}`,
    `card:fp:${cardFingerprint(app, cardNumberOf(request))}`,
  ];
}

/** A card's fingerprint: the HMAC of its digits (the sealer's HMAC subkey), the same for every way of writing it. */
export const cardFingerprint = (app: FastifyInstance, cardNumber: string) => app.sealer.digest(`card:${cardNumber.replace(/\D/g, '')}`);

/** The card number of the billing step's body (save-billing-info, validated by its schema). */
const cardNumberOf = (request: FastifyRequest) => String((request.body as { card_number?: unknown } | undefined)?.card_number ?? '');

/** Refuses (429, beside the card number, with retry-after) while one of the keys waits; counts the attempt. */
export async function assertCardAttemptAllowed(app: FastifyInstance, request: FastifyRequest, enrollmentId: string): Promise<void> {
  const keys = cardAttemptKeys(app, request, enrollmentId);
  const until = await blockedUntil(app.db, keys);
  if (until) refuse(new Date(until));
  // Whatever the provider answers, a burst of attempts (sent all at once, before any refusal is counted) is bounded.
  for (const [key, max] of [
    [`card-attempt:ip:${clientAddress(request)}`, app.config.CARD_ATTEMPTS_PER_ADDRESS_HOUR],
    [`card-attempt:enr:${enrollmentId}`, app.config.CARD_ATTEMPTS_PER_ENROLLMENT_HOUR],
  ] as const) {
    const r = await app.rateLimiter.consume(key, max, HOUR);
    if (!r.allowed) refuse(new Date(Date.now() + r.retryAfterSec * 1000));
  }
}

/** Counts a refused card for every key (one atomic upsert each); the limit's wait starts or grows. */
export async function recordCardDecline(app: FastifyInstance, request: FastifyRequest, enrollmentId: string): Promise<void> {
  const { firstWaitMs, maxWaitMs, forgetAfterMs } = CARD_LIMITS;
  const declines = app.config.CARD_DECLINES;
  const forgetBefore = new Date(Date.now() - forgetAfterMs);
  for (const key of cardAttemptKeys(app, request, enrollmentId))
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
