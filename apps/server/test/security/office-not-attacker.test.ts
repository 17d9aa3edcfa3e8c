import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIMITS, TOO_MANY_REQUESTS } from '@store/domain/abuse-limits';
import { describeEachDb, startTestStore, type TestStore } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';
import { PERSONAL } from '../enrollment/helpers.ts';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { loadConfig } from '../../src/config/env.ts';

/**
 * An office is not an attacker (decision 2330): an employer's enrollment meeting puts 60 people behind one public
 * address; each quotes and enrolls without a 429. One session quoting without end is stopped, and so is one address
 * past its ceiling (set for an office). REQUESTS_PER_MINUTE=0 turns the address limits off, not the session's.
 */
const QUOTE = { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' };
const OFFICE = '203.0.113.60';

function shopper(ts: TestStore, ip = OFFICE): TestClient {
  const c = ts.client();
  c.headers['x-forwarded-for'] = ip;
  return c;
}

/** A quote, the plan list, a plan's prices, the plan in the cart and the first enrollment step saved: the statuses of each. */
async function quoteAndEnroll(c: TestClient): Promise<number[]> {
  const q = await c.post('/api/v1/add-filter-for-new-user', QUOTE);
  if (q.status !== 200) return [q.status];
  const id = q.body.data.temp_enrollment_id as string;
  const plans = await c.get('/api/v1/get-filtered-plans', { enrollment_id: id });
  const detail = await c.get('/api/v1/get-plan-pricing-detail', { pid: PLAN_IDS.dentalEssentials, enrollment_id: id });
  const { plan_pricing_id } = detail.body.data.plans[0];
  const cart = await c.post('/api/v1/add-plan-to-cart', { enrollment_id: id, plan_id: PLAN_IDS.dentalEssentials, plan_pricing_id });
  const personal = await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });
  return [q.status, plans.status, detail.status, cart.status, personal.status];
}

async function quotes(c: TestClient, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await c.post('/api/v1/add-filter-for-new-user', QUOTE)).status);
  return out;
}

describeEachDb(
  'security: an office is not an attacker, with the address limits on',
  (ctx) => {
    it('lets 60 people at one address each quote, fill a cart and save the first enrollment step', async () => {
      const ts = ctx();
      const seen: number[][] = [];
      for (let i = 0; i < 60; i++) seen.push(await quoteAndEnroll(shopper(ts)));
      expect(seen.filter((s) => s.some((x) => x !== 200))).toEqual([]);
    });

    it('stops one session making 100 quotes a minute, and not the others at its address', async () => {
      const ts = ctx();
      const c = shopper(ts, '203.0.113.61');
      const seen = await quotes(c, 100);
      const max = REQUEST_LIMITS.newQuotesPerSessionPerMinute;
      expect(seen.slice(0, max)).toEqual(Array(max).fill(200));
      expect(seen.slice(max).every((s) => s === 429)).toBe(true);
      const r = await c.post('/api/v1/add-filter-for-new-user', QUOTE);
      expect(r.body).toEqual({ status: 'error', message: TOO_MANY_REQUESTS });
      expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect((await shopper(ts, '203.0.113.61').post('/api/v1/add-filter-for-new-user', QUOTE)).status).toBe(200);
    });
  },
  { REQUESTS_PER_MINUTE: REQUEST_LIMITS.perMinute, TRUST_PROXY: 1 },
);

describeEachDb(
  'security: REQUESTS_PER_MINUTE=0 turns the address limits off, not the limits per session',
  (ctx) => {
    it('lets many sessions of one address quote past the address ceiling, and still stops one session', async () => {
      const ts = ctx();
      const seen: number[] = [];
      for (let i = 0; i < 5; i++) seen.push(...(await quotes(shopper(ts), 1)));
      expect(seen).toEqual([200, 200, 200, 200, 200]);
      const one = await quotes(shopper(ts), REQUEST_LIMITS.newQuotesPerSessionPerMinute + 1);
      expect(one.at(-1)).toBe(429);
    });
  },
  { REQUESTS_PER_MINUTE: 0, NEW_QUOTES_PER_ADDRESS_HOUR: 3, TRUST_PROXY: 1 },
);

describe('security: the files of the web app are not counted', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'store-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
  let ts: Awaited<ReturnType<typeof startTestStore>>;
  beforeAll(async () => {
    ts = await startTestStore('pglite', { REQUESTS_PER_MINUTE: 10, webDist: dist });
  }, 60_000);
  afterAll(async () => {
    await ts?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("serves the app's files past the reads of a minute, and counts the API and files that are not there", async () => {
    const c = ts.client();
    const seen: number[] = [];
    for (let i = 0; i < 30; i++) seen.push((await c.get('/assets/app-1a2b3c.js')).status);
    expect(seen.filter((s) => s !== 200)).toEqual([]);
    const counted: number[] = [];
    for (let i = 0; i < 11; i++) counted.push((await c.get(i % 2 ? '/api/v1/site' : '/assets/missing.js')).status);
    expect(counted.at(-1)).toBe(429);
  });
});

describe('security: the limits are settings, read and checked once at start', () => {
  it('has the documented defaults, takes other numbers, and refuses what is not a number of at least one', () => {
    expect(loadConfig({})).toMatchObject({
      REQUESTS_PER_MINUTE: 1200,
      NEW_QUOTES_PER_ADDRESS_HOUR: 600,
      NEW_QUOTES_PER_SESSION_MINUTE: 20,
      SIGN_IN_PER_ADDRESS_15_MIN: 20,
      SIGN_IN_DELAY_FROM: 5,
      SIGN_IN_ACCOUNT_FAILURES: 20,
      SIGN_IN_ACCOUNT_MAX_WAIT_SECONDS: 300,
      SECOND_FACTOR_ACCOUNT_FAILURES: 10,
      CARD_DECLINES: 5,
      CARD_ATTEMPTS_PER_ADDRESS_HOUR: 30,
      CARD_ATTEMPTS_PER_ENROLLMENT_HOUR: 15,
      AUTHORIZATION_MAILS_PER_RECIPIENT_DAY: 5,
      AUTHORIZATION_MAILS_PER_ENROLLMENT_DAY: 3,
      CENSUS_RECIPIENTS_PER_GROUP_DAY: 2000,
      RESUME_CODES_PER_ADDRESS_15_MIN: 20,
      RESUME_CODES_PER_EMAIL_15_MIN: 5,
      RESUME_CODES_PER_CODE_15_MIN: 5,
      ACCESS_CODES_PER_ADDRESS_10_MIN: 30,
      ACCESS_CODES_PER_CODE_10_MIN: 10,
      SAVE_LATER_MAILS_PER_ADDRESS_HOUR: 30,
      SAVE_LATER_MAILS_PER_ENROLLMENT_HOUR: 10,
      SAVE_LATER_MAILS_PER_ENROLLMENT_DAY: 20,
      SAVE_LATER_MAILS_PER_RECIPIENT_DAY: 5,
      CONTACT_CHECKS_PER_ADDRESS_15_MIN: 60,
      MEMBER_LOOKUPS_PER_ENROLLMENT_HOUR: 30,
      AGENT_REGISTRATIONS_PER_ADDRESS_HOUR: 10,
      LEADS_PER_ADDRESS_HOUR: 60,
      ASSIST_PER_ADDRESS_HOUR: 120,
      UNSUBSCRIBES_PER_ADDRESS_15_MIN: 60,
      SIGN_IN_LINKS_PER_ADDRESS_15_MIN: 30,
      RESUME_LINKS_PER_ADDRESS_15_MIN: 30,
      VERIFY_DOCUMENTS_PER_ADDRESS_15_MIN: 30,
      MEMBER_CARD_TRIES_PER_HOUR: 10,
      GROUP_REMINDERS_PER_DAY: 3,
      CENSUS_UPLOADS_PER_ACCOUNT_HOUR: 20,
      QUOTE_MAILS_PER_SESSION_HOUR: 10,
      QUOTE_MAILS_PER_RECIPIENT_HOUR: 5,
      REP_RESENDS_PER_ENROLLMENT_DAY: 3,
    });
    expect(loadConfig({ NEW_QUOTES_PER_ADDRESS_HOUR: '2000' }).NEW_QUOTES_PER_ADDRESS_HOUR).toBe(2000);
    expect(() => loadConfig({ NEW_QUOTES_PER_SESSION_MINUTE: '0' })).toThrow(/NEW_QUOTES_PER_SESSION_MINUTE/);
    expect(() => loadConfig({ SECOND_FACTOR_ACCOUNT_FAILURES: 'ten' })).toThrow(/SECOND_FACTOR_ACCOUNT_FAILURES/);
  });
});
