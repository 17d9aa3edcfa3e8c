import type { Actor } from '../../../lib/actor.ts';
import type { Deps } from '../../../lib/deps.ts';
import { CARD_LIMITS, cardAttemptsPausedMessage } from '@store/domain/abuse-limits';
import { HttpError } from '../../../lib/errors.ts';
import { blockedUntil, purgeDeclinesBefore, recordDecline } from '../purchase-repository.ts';

const HOUR = 3600_000;

/**
 * Card testing: cards the provider refuses are counted per enrollment, per session (or account), per client address
 * (its /64 for IPv6) and per card, in the database (every store process counts together), so that neither a new
 * address nor a new session or enrollment starts afresh (decision 2330). After CARD_DECLINES refusals a key waits,
 * and every refusal after a wait doubles the next one; the provider is not called while any of the attempt's keys
 * waits. The card's key is its fingerprint, an HMAC of its digits with the sealer's key: the number is never stored.
 */
export function cardAttemptKeys(deps: Pick<Deps, 'sealer'>, actor: Actor, enrollmentId: string, cardNumber: string): string[] {
  const session = actor.account ? `account:${actor.account.id}` : `session:${actor.sessionId ?? 'none'}`;
  return [`card:enr:${enrollmentId}`, `card:${session}`, `card:ip:${actor.address}`, `card:fp:${cardFingerprint(deps, cardNumber)}`];
}

/** A card's fingerprint: the HMAC of its digits (the sealer's HMAC subkey), the same for every way of writing it. */
export const cardFingerprint = (deps: Pick<Deps, 'sealer'>, cardNumber: string) =>
  // A processor's PaymentMethod id (Stripe's mode: the number never reaches the store) is its own fingerprint.
  deps.sealer.digest(`card:${cardNumber.startsWith('pm_') ? cardNumber : cardNumber.replace(/\D/g, '')}`);

/** Refuses (429, beside the card number, with retry-after) while one of the keys waits; counts the attempt. */
export async function assertCardAttemptAllowed(deps: Deps, actor: Actor, enrollmentId: string, cardNumber: string): Promise<void> {
  const keys = cardAttemptKeys(deps, actor, enrollmentId, cardNumber);
  const until = await blockedUntil(deps.db, keys);
  if (until) refuse(new Date(until));
  // Whatever the provider answers, a burst of attempts (sent all at once, before any refusal is counted) is bounded.
  for (const [key, max] of [
    [`card-attempt:ip:${actor.address}`, deps.config.CARD_ATTEMPTS_PER_ADDRESS_HOUR],
    [`card-attempt:enr:${enrollmentId}`, deps.config.CARD_ATTEMPTS_PER_ENROLLMENT_HOUR],
  ] as const) {
    const r = await deps.rateLimiter.consume(key, max, HOUR);
    if (!r.allowed) refuse(new Date(Date.now() + r.retryAfterSec * 1000));
  }
}

/** Counts a refused card for every key (one atomic upsert each); the limit's wait starts or grows. */
export async function recordCardDecline(deps: Deps, actor: Actor, enrollmentId: string, cardNumber: string): Promise<void> {
  const { firstWaitMs, maxWaitMs, forgetAfterMs } = CARD_LIMITS;
  const declines = deps.config.CARD_DECLINES;
  const forgetBefore = new Date(Date.now() - forgetAfterMs);
  for (const key of cardAttemptKeys(deps, actor, enrollmentId, cardNumber))
    await recordDecline(deps.db, key, { declines, firstWaitMs, maxWaitMs, forgetBefore });
}

function refuse(until: Date): never {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const message = cardAttemptsPausedMessage(Math.ceil(seconds / 60));
  throw new HttpError(429, message, [{ target_element: 'card_number', error_message: message }], { retryAfter: seconds });
}

/** Forgets refusals older than CARD_LIMITS.forgetAfterMs whose wait is over (called with the rate limits' purge). */
export async function purgeCardAttempts(deps: Deps): Promise<void> {
  await purgeDeclinesBefore(deps.db, new Date(Date.now() - CARD_LIMITS.forgetAfterMs));
}
