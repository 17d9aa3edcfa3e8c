/**
 * Limits that keep the store from being used against others or against itself (SECURITY.md, "Abuse"), with the
 * messages a caller sees when one is reached (429, or 422 beside the card field).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Save & Continue Later's mail: per recipient address and per enrollment, per day, besides per client address and
 * per enrollment an hour.
 */
export const SAVE_LATER_LIMITS = {
  perRecipient: 5,
  perEnrollmentPerDay: 20,
  windowMs: 24 * HOUR,
  perAddressPerHour: 30,
  perEnrollmentPerHour: 10,
};

/** Resume codes tried (continue-enrollment), per client address, per e-mail and per code, in 15 minutes. */
export const RESUME_CODE_LIMITS = { perAddress: 20, perEmail: 5, perCode: 5, windowMs: 15 * MINUTE };

/**
 * The other limits, each the default of a setting of the server (config/env.ts, decision 2330): per client address
 * (its /64), per enrollment, per account or per group, in the window their names say.
 */
export const OTHER_LIMITS = {
  contactChecksPerAddress15Min: 60,
  memberLookupsPerEnrollmentHour: 30,
  agentRegistrationsPerAddressHour: 10,
  leadsPerAddressHour: 60,
  assistPerAddressHour: 120,
  unsubscribesPerAddress15Min: 60,
  signInLinksPerAddress15Min: 30,
  resumeLinksPerAddress15Min: 30,
  verifyDocumentsPerAddress15Min: 30,
  memberCardTriesPerHour: 10,
  groupRemindersPerDay: 3,
  censusUploadsPerAccountHour: 20,
  quoteMailsPerSessionHour: 10,
  quoteMailsPerRecipientHour: 5,
};

/** Rep and group access codes tried (validate-agent, validate-group), per client address and per code, in 10 minutes. */
export const ACCESS_CODE_LIMITS = { perAddress: 30, perCode: 10, windowMs: 10 * MINUTE };
export const TOO_MANY_CODES_TO_ADDRESS = 'Too many enrollment codes were sent to this address. Please try again later.';

/**
 * Card attempts that the payment provider refuses: after `declines` in a row for an enrollment, a session or a
 * client address, the next waits `firstWaitMs`, and every further refusal doubles the wait (up to `maxWaitMs`).
 */
export const CARD_LIMITS = {
  declines: 5,
  firstWaitMs: 15 * MINUTE,
  maxWaitMs: 24 * HOUR,
  forgetAfterMs: 24 * HOUR,
  /** Attempts of any outcome, per hour: a burst sent before any refusal is counted is bounded. */
  attemptsPerAddressPerHour: 30,
  attemptsPerEnrollmentPerHour: 15,
};
/** Beside the card field while card attempts are paused; {minutes} is how long until the next try. */
export const cardAttemptsPausedMessage = (minutes: number) =>
  `Too many cards were declined. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

/**
 * Reads per client address and minute on every route (REQUESTS_PER_MINUTE; changes a quarter), and new quotes: per
 * client address (its /64 for IPv6) and hour, set for an office where many people share one address
 * (NEW_QUOTES_PER_ADDRESS_HOUR), and per session and minute (NEW_QUOTES_PER_SESSION_MINUTE). The server's settings
 * default to these (apps/server/src/config/env.ts).
 */
export const REQUEST_LIMITS = { perMinute: 1200, newQuotesPerAddressPerHour: 600, newQuotesPerSessionPerMinute: 20 };
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again in a moment.';

/**
 * Wrong passwords and second-factor codes (decision 2330): one e-mail from one address waits from the `delayFrom`-th
 * failure in a row (1 s, doubling up to `maxDelaySec`); one e-mail from any addresses waits from the
 * `accountFailures`-th failure in a day (up to `accountMaxWaitSec`, its owner included); one account's
 * wrong second-factor codes from any addresses wait from the `secondFactorAccountFailures`-th (`accountFirstWaitSec`,
 * doubling up to `maxDelaySec`). An account's first wait is `accountFirstWaitSec`, doubling after every failure.
 */
export const SIGN_IN_LIMITS = {
  perAddressPer15Minutes: 20,
  delayFrom: 5,
  maxDelaySec: 15 * 60,
  accountFailures: 20,
  accountMaxWaitSec: 5 * 60,
  secondFactorAccountFailures: 10,
  /** The first wait of an account past its ceiling (doubling after every further failure). */
  accountFirstWaitSec: 30,
};

/**
 * Mail the store can be made to send (decision 2330): payment-authorization copies per recipient and per enrollment
 * a day (past them the authorization is still accepted, without another copy), census invitations per group a day.
 */
export const MAIL_LIMITS = {
  authorizationPerRecipientPerDay: 5,
  authorizationPerEnrollmentPerDay: 3,
  censusRecipientsPerGroupPerDay: 2000,
};

/** Step screenshots: decoded PNG size, and steps (names) per enrollment; one, the latest, kept per step. */
export const SCREENSHOT_LIMITS = { maxBytes: 1_500_000, stepsPerEnrollment: 20 };
export const TOO_MANY_SCREENSHOTS = 'This enrollment has too many screenshots.';
