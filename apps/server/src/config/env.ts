import path from 'node:path';
import net from 'node:net';
import { z } from 'zod';
import {
  ACCESS_CODE_LIMITS,
  CARD_LIMITS,
  MAIL_LIMITS,
  REQUEST_LIMITS,
  RESUME_CODE_LIMITS,
  SAVE_LATER_LIMITS,
  OTHER_LIMITS,
  SIGN_IN_LIMITS,
} from '@store/domain/abuse-limits';
import { REP_HOME_RESEND_LIMIT } from '@store/domain/rep-home';
import { SERVER_ROOT } from '../paths.ts';

/** A limit's number: a whole number of at least `min`, `fallback` when unset. */
const atLeast = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

/** The environment, read and validated once at boot. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Base64 of 32 bytes, or a list "id:base64,id:base64" whose first entry encrypts (key rotation). */
  DATA_KEY: z.string().optional(),
  /** A file holding DATA_KEY's text, outside DATA_DIR (production needs DATA_KEY or DATA_KEY_FILE: lib/keys.ts). */
  DATA_KEY_FILE: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Benefit Store <no-reply@benefitstore.example.com>'),
  /** The published demo data (people, catalog, the demo operator): on by default, off by default in production. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /**
   * With the demo data, the demo members' enrollments, payment methods and first payments (issue 36), so that a billing
   * day collects something; the tests' stores leave them out (their billing runs count their own payments).
   */
  SEED_DEMO_BILLING: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Shared with outside dashboards: they sign the one-time sign-in links of /api/auth/link (unset: links are off). */
  SIGN_IN_LINK_SECRET: z.string().min(32).optional(),
  /** Public origin used in mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  /** Requests waiting above this number are shed with 503. */
  MAX_IN_FLIGHT: z.coerce.number().int().positive().default(512),
  /** The built web app to serve (default apps/web/dist). */
  WEB_DIST: z.string().optional(),
  /**
   * The proxies in front of the store whose X-Forwarded-For is believed: a number of hops, or a list of their
   * addresses and CIDR ranges. `true` (trust any sender) is refused: it would let a client choose its own address.
   */
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  /** Reads (GET, HEAD) per client address and minute on every route; changes a quarter of it; 0 turns the limit off. */
  REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).default(REQUEST_LIMITS.perMinute),
  // Limits keyed on the actor (decision 2330; SECURITY.md "Guessing", "Flooding", "Card testing", "Abuse of the
  // store's mail"). Address limits count an IPv6 client by its /64; REQUESTS_PER_MINUTE=0 turns the address
  // ceilings of new quotes off too, never the per-session, per-account, per-card and per-recipient ones.
  /** New quotes per client address and hour: set for an office or a school sharing one address (0: none). */
  NEW_QUOTES_PER_ADDRESS_HOUR: atLeast(0, REQUEST_LIMITS.newQuotesPerAddressPerHour),
  /** New quotes per session and minute. */
  NEW_QUOTES_PER_SESSION_MINUTE: atLeast(1, REQUEST_LIMITS.newQuotesPerSessionPerMinute),
  /** Sign-in attempts per client address and 15 minutes. */
  SIGN_IN_PER_ADDRESS_15_MIN: atLeast(1, SIGN_IN_LIMITS.perAddressPer15Minutes),
  /** Wrong passwords or codes in a row of one e-mail from one address before it waits (1 s, doubling to 15 min). */
  SIGN_IN_DELAY_FROM: atLeast(1, SIGN_IN_LIMITS.delayFrom),
  /** Wrong passwords of one e-mail in a day, from any addresses, before the e-mail waits (owner included). */
  SIGN_IN_ACCOUNT_FAILURES: atLeast(1, SIGN_IN_LIMITS.accountFailures),
  /** The longest wait of an e-mail past SIGN_IN_ACCOUNT_FAILURES, in seconds (30 s doubling up to it). */
  SIGN_IN_ACCOUNT_MAX_WAIT_SECONDS: atLeast(1, SIGN_IN_LIMITS.accountMaxWaitSec),
  /** Wrong second-factor codes of one account in a day, from any addresses, before it waits (30 s doubling to 15 min). */
  SECOND_FACTOR_ACCOUNT_FAILURES: atLeast(1, SIGN_IN_LIMITS.secondFactorAccountFailures),
  /** Refused cards of one enrollment, session, account, client address or card before it waits (15 min, doubling). */
  CARD_DECLINES: atLeast(1, CARD_LIMITS.declines),
  /** Card attempts per client address and hour, whatever the provider answers. */
  CARD_ATTEMPTS_PER_ADDRESS_HOUR: atLeast(1, CARD_LIMITS.attemptsPerAddressPerHour),
  /** Card attempts per enrollment and hour, whatever the provider answers. */
  CARD_ATTEMPTS_PER_ENROLLMENT_HOUR: atLeast(1, CARD_LIMITS.attemptsPerEnrollmentPerHour),
  /** Payment-authorization mails per recipient address and day (past it the authorization is kept, unmailed). */
  AUTHORIZATION_MAILS_PER_RECIPIENT_DAY: atLeast(0, MAIL_LIMITS.authorizationPerRecipientPerDay),
  /** Payment-authorization mails per enrollment and day. */
  AUTHORIZATION_MAILS_PER_ENROLLMENT_DAY: atLeast(0, MAIL_LIMITS.authorizationPerEnrollmentPerDay),
  /** Census invitations (recipients) per group and day. */
  CENSUS_RECIPIENTS_PER_GROUP_DAY: atLeast(0, MAIL_LIMITS.censusRecipientsPerGroupPerDay),
  /** Resume codes tried per client address in 15 minutes. */
  RESUME_CODES_PER_ADDRESS_15_MIN: atLeast(1, RESUME_CODE_LIMITS.perAddress),
  /** Resume codes tried per e-mail address in 15 minutes. */
  RESUME_CODES_PER_EMAIL_15_MIN: atLeast(1, RESUME_CODE_LIMITS.perEmail),
  /** Tries of one resume code (with any e-mail addresses) in 15 minutes. */
  RESUME_CODES_PER_CODE_15_MIN: atLeast(1, RESUME_CODE_LIMITS.perCode),
  /** Rep and group access codes tried per client address in 10 minutes. */
  ACCESS_CODES_PER_ADDRESS_10_MIN: atLeast(1, ACCESS_CODE_LIMITS.perAddress),
  /** Tries of one rep or group access code in 10 minutes. */
  ACCESS_CODES_PER_CODE_10_MIN: atLeast(1, ACCESS_CODE_LIMITS.perCode),
  /** Save & Continue Later mails per client address and hour. */
  SAVE_LATER_MAILS_PER_ADDRESS_HOUR: atLeast(1, SAVE_LATER_LIMITS.perAddressPerHour),
  /** Save & Continue Later mails per enrollment and hour. */
  SAVE_LATER_MAILS_PER_ENROLLMENT_HOUR: atLeast(1, SAVE_LATER_LIMITS.perEnrollmentPerHour),
  /** Save & Continue Later mails per enrollment and day. */
  SAVE_LATER_MAILS_PER_ENROLLMENT_DAY: atLeast(1, SAVE_LATER_LIMITS.perEnrollmentPerDay),
  /** Save & Continue Later mails per recipient address and day. */
  SAVE_LATER_MAILS_PER_RECIPIENT_DAY: atLeast(1, SAVE_LATER_LIMITS.perRecipient),
  /** The contact step's member checks per client address in 15 minutes. */
  CONTACT_CHECKS_PER_ADDRESS_15_MIN: atLeast(1, OTHER_LIMITS.contactChecksPerAddress15Min),
  /** The contact step's member look-ups per enrollment and hour. */
  MEMBER_LOOKUPS_PER_ENROLLMENT_HOUR: atLeast(1, OTHER_LIMITS.memberLookupsPerEnrollmentHour),
  /** Rep registrations per client address and hour. */
  AGENT_REGISTRATIONS_PER_ADDRESS_HOUR: atLeast(1, OTHER_LIMITS.agentRegistrationsPerAddressHour),
  /** Leads per client address and hour. */
  LEADS_PER_ADDRESS_HOUR: atLeast(1, OTHER_LIMITS.leadsPerAddressHour),
  /** Help requests (assist) per client address and hour. */
  ASSIST_PER_ADDRESS_HOUR: atLeast(1, OTHER_LIMITS.assistPerAddressHour),
  /** Reminder unsubscribe calls per client address in 15 minutes. */
  UNSUBSCRIBES_PER_ADDRESS_15_MIN: atLeast(1, OTHER_LIMITS.unsubscribesPerAddress15Min),
  /** Dashboard sign-in links opened or used per client address in 15 minutes. */
  SIGN_IN_LINKS_PER_ADDRESS_15_MIN: atLeast(1, OTHER_LIMITS.signInLinksPerAddress15Min),
  /** Signed resume links opened per client address in 15 minutes. */
  RESUME_LINKS_PER_ADDRESS_15_MIN: atLeast(1, OTHER_LIMITS.resumeLinksPerAddress15Min),
  /** Document verifications per client address in 15 minutes. */
  VERIFY_DOCUMENTS_PER_ADDRESS_15_MIN: atLeast(1, OTHER_LIMITS.verifyDocumentsPerAddress15Min),
  /** Cards a member may try on the member home per hour. */
  MEMBER_CARD_TRIES_PER_HOUR: atLeast(1, OTHER_LIMITS.memberCardTriesPerHour),
  /** Reminder mailings a group administrator may send per group and day. */
  GROUP_REMINDERS_PER_DAY: atLeast(1, OTHER_LIMITS.groupRemindersPerDay),
  /** Census uploads per group administrator and hour. */
  CENSUS_UPLOADS_PER_ACCOUNT_HOUR: atLeast(1, OTHER_LIMITS.censusUploadsPerAccountHour),
  /** Personalised quote mails per session (or account) and hour. */
  QUOTE_MAILS_PER_SESSION_HOUR: atLeast(1, OTHER_LIMITS.quoteMailsPerSessionHour),
  /** Personalised quote mails per recipient address and hour. */
  QUOTE_MAILS_PER_RECIPIENT_HOUR: atLeast(1, OTHER_LIMITS.quoteMailsPerRecipientHour),
  /** Enrollment codes a rep may send again per enrollment and day. */
  REP_RESENDS_PER_ENROLLMENT_DAY: atLeast(1, REP_HOME_RESEND_LIMIT.perEnrollment),
  /** Seconds a mail the mail server refused for now waits before its second try; each later wait doubles, up to an hour. */
  MAIL_RETRY_SECONDS: z.coerce.number().min(0).default(30),
  /**
   * Seconds a process holds a mail it is sending; a mail held past it (its process died) is taken by another. Keep it
   * above the SMTP timeouts (90 s in all): a slow server must not see two processes send one mail.
   */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Hours a delivered mail keeps its body (sealed) before it is blanked; subject, recipient and status stay. */
  OUTBOX_RETENTION_HOURS: z.coerce.number().min(0).default(24),
  /** Where the folder adapter drops the carriers' X12 files, a folder per carrier (default DATA_DIR/carrier-drop). */
  CARRIER_DROP_DIR: z.string().optional(),
  /** Where the day's NACHA files of bank debits are kept, sealed (default DATA_DIR/ach-out; returns in its returns/). */
  ACH_OUT_DIR: z.string().optional(),
  /**
   * Who charges cards (decision 2510): `offline`, the demo's own provider (test cards, no money moves), or `stripe`
   * (Stripe's Payment Element in the browser, off-session PaymentIntents on the server; needs the two keys below).
   */
  PAYMENT_PROVIDER: z.enum(['offline', 'stripe']).default('offline'),
  /** Stripe's secret key (sk_live_… or sk_test_…), for PAYMENT_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Stripe's publishable key (pk_…), given to the browser's Payment Element, for PAYMENT_PROVIDER=stripe. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Another Stripe API origin (a local stand-in such as stripe-mock); unset: Stripe's own. */
  STRIPE_API_BASE: z.string().url().optional(),
  /**
   * The signing secret of the store's webhook endpoint in Stripe's dashboard (whsec_…), for POST /api/webhooks/stripe
   * (decision 2670); without it the store reads no webhooks (the billing run's search settles charges a day later).
   */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET starts with whsec_')
    .optional(),
  /** Days after an unpaid premium's due date before the coverage ends (issue 36's grace period). */
  BILLING_GRACE_DAYS: z.coerce.number().int().min(1).max(120).default(31),
  /**
   * Carriers' SFTP hosts in loopback, private and link-local ranges (127/8, 10/8, 172.16/12, 192.168/16, 169.254/16,
   * ::1, fc00::/7, fe80::/10), given as addresses or names resolving to them, are refused unless this is true
   * (a carrier reached over a private link; the tests' loopback server).
   */
  CARRIER_SFTP_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Seconds a carrier file the carrier's SFTP server did not take waits before its next try; each later wait doubles,
   * up to an hour. The file keeps being tried until the server takes it.
   */
  CARRIER_DELIVERY_RETRY_SECONDS: z.coerce.number().min(0).default(60),
  /** Failed tries after which a carrier file is flagged to the operator (the console's carrier files and the log). */
  CARRIER_DELIVERY_FLAG_AFTER: z.coerce.number().int().min(1).default(6),
  /**
   * SIGTERM: milliseconds the requests in flight may take to finish (and the jobs and mail pass in progress) before the
   * process exits anyway (exit 1).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(15_000),
  /** How often the scheduled-jobs worker looks for due jobs (reminder e-mails); 0 turns the worker off. */
  JOBS_POLL_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * Days a finished job row (done or cancelled) is kept; failed ones, the operator's clue, are kept four times as long.
   * Pending jobs are never dropped (docs/decisions/2580-tables-that-grow-are-bounded.md).
   */
  JOB_ROWS_KEEP_DAYS: z.coerce.number().int().min(1).default(14),
  /**
   * Days an unfinished enrollment nobody can resume (its code expired) is kept after its last change; then it is
   * deleted with its cart, answers, dependents, quotes and screenshots. Completed enrollments are never touched.
   */
  UNFINISHED_ENROLLMENT_KEEP_DAYS: z.coerce.number().int().min(8).default(60),
  /** Days the record of a delivered mail (recipient, subject, status) is kept after its body was blanked. */
  OUTBOX_RECORD_KEEP_DAYS: z.coerce.number().int().min(1).default(365),
  /** PostgreSQL: connections per store process. */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL: a statement running longer is cancelled (0: no limit). */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
});

/**
 * What a production store cannot start without, each with the reason given when it is missing. One entry per
 * setting: add a line here for a new one.
 */
const PRODUCTION_REQUIREMENTS: { name: string; missing: (env: z.infer<typeof ZEnv>) => boolean; why: string }[] = [
  {
    name: 'PUBLIC_URL',
    missing: (env) => !env.PUBLIC_URL,
    why: "the https origin people reach the store at (mailed links, the second factor's issuer)",
  },
];

export type Config = Omit<z.infer<typeof ZEnv>, 'SEED_DEMO' | 'CARRIER_DROP_DIR' | 'ACH_OUT_DIR'> & {
  SEED_DEMO: boolean;
  CARRIER_DROP_DIR: string;
  ACH_OUT_DIR: string;
  webDist: string;
  /** The clock of scheduled work (reminders): injected by tests to move time; the real time otherwise. */
  now?: () => Date;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  if (parsed.data.NODE_ENV === 'production') {
    const missing = PRODUCTION_REQUIREMENTS.filter((r) => r.missing(parsed.data));
    if (missing.length) {
      throw new Error(`NODE_ENV=production needs these settings:\n${missing.map((r) => `  ${r.name}: ${r.why}`).join('\n')}`);
    }
  }
  if (parsed.data.PAYMENT_PROVIDER === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const).filter((k) => !parsed.data[k]);
    if (missing.length)
      throw new Error(
        `PAYMENT_PROVIDER=stripe needs ${missing.join(' and ')} (the keys of the Stripe account, in its dashboard's Developers > API keys); ` +
          'without an account, leave PAYMENT_PROVIDER unset: the offline provider takes the test cards.',
      );
    if (!/^pk_/.test(parsed.data.STRIPE_PUBLISHABLE_KEY!) || !/^(sk|rk)_/.test(parsed.data.STRIPE_SECRET_KEY!))
      throw new Error('PAYMENT_PROVIDER=stripe: STRIPE_SECRET_KEY starts with sk_ (or rk_) and STRIPE_PUBLISHABLE_KEY with pk_.');
  }
  // The demo data holds a published operator password: production seeds it only when asked to in so many words.
  const SEED_DEMO = parsed.data.SEED_DEMO ?? parsed.data.NODE_ENV !== 'production';
  const webDist = parsed.data.WEB_DIST ? path.resolve(parsed.data.WEB_DIST) : path.resolve(SERVER_ROOT, '../web/dist');
  const CARRIER_DROP_DIR = path.resolve(parsed.data.CARRIER_DROP_DIR ?? path.join(parsed.data.DATA_DIR, 'carrier-drop'));
  const ACH_OUT_DIR = path.resolve(parsed.data.ACH_OUT_DIR ?? path.join(parsed.data.DATA_DIR, 'ach-out'));
  return { ...parsed.data, SEED_DEMO, webDist, CARRIER_DROP_DIR, ACH_OUT_DIR, ...overrides };
}

/** Names proxy-addr knows for ranges of addresses. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: 'false', a hop count, or a comma-separated list of addresses, CIDR ranges and range names. */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = value.trim();
  if (v === 'false' || v === '' || v === '0') return false;
  if (v === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        "true would believe any client's X-Forwarded-For; give the number of proxies in front of the store (e.g. 1) or their addresses (e.g. 10.0.0.0/8)",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !PROXY_RANGES.has(e) && !isAddressOrCidr(e));
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `"${bad}" is not a number of proxies, an IP address or a CIDR range` });
    return z.NEVER;
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function (this Fastify ignores plain numbers): the
 * socket's peer and the next hops-1 addresses of X-Forwarded-For are proxies, the address before them the client.
 */
export function trustProxyOption(value: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}
