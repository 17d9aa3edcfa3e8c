import path from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from '../paths.ts';

/** The environment, read and validated once at boot. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Base64 of 32 bytes, or a list "id:base64,id:base64" whose first entry encrypts (key rotation). */
  DATA_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Benefit Store <no-reply@benefitstore.local>'),
  /** The published demo data (people, catalog, the demo operator): on by default, off by default in production. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Shared with outside dashboards: they sign the one-time sign-in links of /api/auth/link (unset: links are off). */
  SIGN_IN_LINK_SECRET: z.string().min(32).optional(),
  /** Public origin used in mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  /** Requests waiting above this number are shed with 503. */
  MAX_IN_FLIGHT: z.coerce.number().int().positive().default(512),
  /** The built web app to serve (default apps/web/dist). */
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The plan list answered from memory ahead of the router (modules/catalog/fast-plans.ts); false sends it the usual way. */
  FAST_READS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** How often the scheduled-jobs worker looks for due jobs (reminder e-mails); 0 turns the worker off. */
  JOBS_POLL_MS: z.coerce.number().int().min(0).default(30_000),
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
  { name: 'PUBLIC_URL', missing: (env) => !env.PUBLIC_URL, why: 'the https origin people reach the store at (mailed links, the second factor\'s issuer)' },
];

export type Config = Omit<z.infer<typeof ZEnv>, 'SEED_DEMO'> & {
  SEED_DEMO: boolean;
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
  // The demo data holds a published operator password: production seeds it only when asked to in so many words.
  const SEED_DEMO = parsed.data.SEED_DEMO ?? parsed.data.NODE_ENV !== 'production';
  const webDist = parsed.data.WEB_DIST ? path.resolve(parsed.data.WEB_DIST) : path.resolve(SERVER_ROOT, '../web/dist');
  return { ...parsed.data, SEED_DEMO, webDist, ...overrides };
}
