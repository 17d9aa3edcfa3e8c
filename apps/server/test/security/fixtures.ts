import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { TestClient } from '../helpers/client.ts';
import type { TestStore } from '../helpers/store.ts';

/** The quote of person A in the attack tests: values an outsider must never see. */
export const A_QUOTE = { zip: '60601', dob: '07/04/1977', gender: '0', tier: 'IS', eprocess: 'applicant' };
export const A_MARKERS = ['07/04/1977', '1977-07-04', '60601'];

/** A quote (temporary enrollment) of client `c`, with one plan in its cart when the catalog routes exist. */
export async function makeEnrollment(ts: TestStore, c: TestClient, quote: Record<string, unknown> = A_QUOTE): Promise<string> {
  const r = await c.post('/api/v1/add-filter-for-new-user', quote);
  if (r.status !== 200) throw new Error(`add-filter-for-new-user: ${r.status} ${JSON.stringify(r.body)}`);
  const id: string = r.body.data.temp_enrollment_id;
  await addSomePlan(ts, c, id);
  return id;
}

/** Puts a priced plan in the cart: through the API when it exists, else straight into cart_items. */
export async function addSomePlan(ts: TestStore, c: TestClient, id: string): Promise<boolean> {
  const rates = await ts.db
    .selectFrom('plan_rates')
    .innerJoin('plans', 'plans.plan_id', 'plan_rates.plan_id')
    .select(['plan_rates.plan_id', 'plan_rates.plan_pricing_id', 'plan_rates.price_cents'])
    .where('plans.active', '=', true)
    .where('plan_rates.tier', '=', String(A_QUOTE.tier))
    .where('plan_rates.age_min', '<=', 49)
    .where('plan_rates.age_max', '>=', 49)
    .where((eb) => eb.or([eb('plan_rates.state', 'is', null), eb('plan_rates.state', '=', 'IL')]))
    .orderBy('plan_rates.plan_id')
    .limit(20)
    .execute();
  for (const rate of rates) {
    const r = await c.post('/api/v1/add-plan-to-cart', { enrollment_id: id, plan_id: rate.plan_id, plan_pricing_id: rate.plan_pricing_id });
    if (r.status === 200) return true;
  }
  const rate = rates[0];
  if (!rate) return false;
  await sql`insert into cart_items (enrollment_id, plan_id, plan_pricing_id, price_cents) values (${id}, ${rate.plan_id}, ${rate.plan_pricing_id}, ${rate.price_cents})
            on conflict do nothing`.execute(ts.db);
  return false;
}

/** The environment for a child store process: none of the parent's store settings, plus `extra`. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of [
    'DATA_KEY',
    'DATABASE_URL',
    'DATA_DIR',
    'PORT',
    'HOST',
    'SMTP_URL',
    'LOG_LEVEL',
    'MAX_IN_FLIGHT',
    'SEED_DEMO',
    'PUBLIC_URL',
    'NODE_ENV',
  ])
    delete env[k];
  return { ...env, ...extra };
}

/** node with the TypeScript loader (faster than npx tsx). */
export const TSX_NODE = [process.execPath, '--import', 'tsx'] as const;

/** A value in the format sealed before subkeys and associated data (s1: the master key itself, no context). */
export function legacySeal(keyId: string, keyB64: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(keyB64, 'base64'), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['s1', keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** Moves client `c`'s last second-factor check back by `ms` (the console asks again after 5 minutes). */
export async function secondFactorCheckedAgo(ts: TestStore, c: TestClient, ms: number): Promise<void> {
  const { sha256 } = await import('../../src/lib/crypto.ts');
  const id = sha256(c.cookies.get('sid')!);
  const row = await ts.db.selectFrom('sessions').select('data').where('id', '=', id).executeTakeFirstOrThrow();
  const data = { ...(row.data as Record<string, unknown>), second_factor_at: Date.now() - ms };
  await ts.db
    .updateTable('sessions')
    .set({ data: JSON.stringify(data) })
    .where('id', '=', id)
    .execute();
}
