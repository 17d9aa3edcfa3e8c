/**
 * Limits that keep the store from being used against others or against itself (SECURITY.md, "Abuse"), with the
 * messages a caller sees when one is reached (429, or 422 beside the card field).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Save & Continue Later's mail: per recipient address and per enrollment, per day (besides 30 per address and hour). */
export const SAVE_LATER_LIMITS = { perRecipient: 5, perEnrollmentPerDay: 20, windowMs: 24 * HOUR };
export const TOO_MANY_CODES_TO_ADDRESS = 'Too many enrollment codes were sent to this address. Please try again later.';

/**
 * Card attempts that the payment provider refuses: after `declines` in a row for an enrollment, a session or a
 * client address, the next waits `firstWaitMs`, and every further refusal doubles the wait (up to `maxWaitMs`).
 */
export const CARD_LIMITS = { declines: 5, firstWaitMs: 15 * MINUTE, maxWaitMs: 24 * HOUR, forgetAfterMs: 24 * HOUR };
/** Beside the card field while card attempts are paused; {minutes} is how long until the next try. */
export const cardAttemptsPausedMessage = (minutes: number) =>
  `Too many cards were declined. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

/** Reads per client address and minute on every route (REQUESTS_PER_MINUTE; changes a quarter), and new quotes. */
export const REQUEST_LIMITS = { perMinute: 1200, newQuotesPer10Minutes: 30 };
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again in a moment.';

/** Step screenshots: decoded PNG size, and steps (names) per enrollment; one, the latest, kept per step. */
export const SCREENSHOT_LIMITS = { maxBytes: 1_500_000, stepsPerEnrollment: 20 };
export const TOO_MANY_SCREENSHOTS = 'This enrollment has too many screenshots.';
