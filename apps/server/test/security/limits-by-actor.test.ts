import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CARD_LIMITS, SIGN_IN_LIMITS } from '@store/domain/abuse-limits';
import { SECOND_FACTOR_WRONG, SIGN_IN_FAILED } from '@store/domain/auth';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { enrollmentAtStepFive, reviewAndAgree } from '../enrollment/finish/helpers.ts';
import { DECLINED, useCountingProvider } from './counting-provider.ts';

/**
 * Limits keyed on what identifies the actor (decision 2330): a client that varies its forwarded address, within
 * one IPv6 /64 or across IPv4 addresses, is counted by its /64, its e-mail, its account and its card all the same.
 * The stores run with REQUESTS_PER_MINUTE=0 (the address limits off): the per-account and per-card limits stay on.
 */
const provider = useCountingProvider();

let n = 0;
/** A new browser at an address of one IPv6 /64 (a new one each call). */
const inOne64 = (ts: TestStore): TestClient => from(ts, `2001:db8:34:5::${(++n).toString(16)}`);
/** A new browser at an IPv4 address of its own. */
const anyIPv4 = (ts: TestStore): TestClient => from(ts, `198.51.${100 + (Math.floor(++n / 250) % 100)}.${(n % 250) + 1}`);
function from(ts: TestStore, ip: string): TestClient {
  const c = ts.client();
  c.headers['x-forwarded-for'] = ip;
  return c;
}
const waitOver = (ts: TestStore) => sql`update sign_in_failures set blocked_until = now() - interval '1 second'`.execute(ts.db);
const clearFailures = (ts: TestStore) => sql`delete from sign_in_failures`.execute(ts.db);

async function statuses(n: number, send: (i: number) => Promise<{ status: number }>) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send(i)).status);
  return out;
}
const count = (seen: number[], status: number) => seen.filter((s) => s === status).length;

describeEachDb(
  'security: limits keyed on the actor, whatever the forwarded address',
  (ctx) => {
    it('counts wrong passwords from the addresses of one IPv6 /64 as one address', async () => {
      const ts = ctx();
      await clearFailures(ts);
      const seen = await statuses(40, (i) => inOne64(ts).post('/api/auth/sign-in', { email: DEMO.group.email, password: `wrong-${i}` }));
      expect(seen.slice(0, SIGN_IN_LIMITS.delayFrom + 1)).toEqual([...Array(SIGN_IN_LIMITS.delayFrom).fill(422), 429]);
      // A few more as the 1 s, 2 s … waits run out during the test, never 40.
      expect(count(seen, 422)).toBeLessThanOrEqual(SIGN_IN_LIMITS.delayFrom + 3);
    });

    it('stops wrong passwords for one e-mail from many IPv4 addresses at the per-account ceiling, and lets the owner in after the wait', async () => {
      const ts = ctx();
      await clearFailures(ts);
      const seen = await statuses(40, (i) => anyIPv4(ts).post('/api/auth/sign-in', { email: DEMO.group.email, password: `wrong-${i}` }));
      expect(count(seen, 422)).toBe(SIGN_IN_LIMITS.accountFailures);
      expect(seen.slice(SIGN_IN_LIMITS.accountFailures).every((s) => s === 429)).toBe(true);
      // While the account waits its owner waits too (the trade-off of decision 2330), at most the account's wait.
      const held = await anyIPv4(ts).post('/api/auth/sign-in', DEMO.group);
      expect(held.status).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeLessThanOrEqual(SIGN_IN_LIMITS.accountMaxWaitSec);
      await waitOver(ts);
      const owner = anyIPv4(ts);
      expect((await owner.post('/api/auth/sign-in', DEMO.group)).status).toBe(200);
      // Unknown e-mail addresses count exactly like known ones.
      const unknown = await statuses(SIGN_IN_LIMITS.accountFailures + 1, (i) =>
        anyIPv4(ts).post('/api/auth/sign-in', { email: 'nobody.at.all@example.com', password: `wrong-${i}` }),
      );
      expect(unknown).toEqual([...Array(SIGN_IN_LIMITS.accountFailures).fill(422), 429]);
    });

    it('stops wrong authenticator codes for one account from many addresses at the per-account ceiling', async () => {
      const ts = ctx();
      await clearFailures(ts);
      const seen: number[] = [];
      for (let i = 0; i < 40; i++) {
        const c = anyIPv4(ts);
        expect((await c.post('/api/auth/sign-in', DEMO.operator)).body.data.second_factor).toBe('code');
        const r = await c.post('/api/auth/second-factor', { code: String(100000 + i) });
        if (r.status === 422) expect(r.body.data).toEqual([{ target_element: 'code', error_message: SECOND_FACTOR_WRONG }]);
        seen.push(r.status);
      }
      expect(count(seen, 422)).toBe(SIGN_IN_LIMITS.secondFactorAccountFailures);
      expect(seen.slice(SIGN_IN_LIMITS.secondFactorAccountFailures).every((s) => s === 429)).toBe(true);
      // After the wait the operator's own code signs in.
      await waitOver(ts);
      expect((await anyIPv4(ts).signIn(DEMO.operator.email, DEMO.operator.password)).status).toBe(200);
    });

    it('still answers a wrong password with the same 422 before any ceiling', async () => {
      const ts = ctx();
      await clearFailures(ts);
      const r = await anyIPv4(ts).post('/api/auth/sign-in', { email: DEMO.member.email, password: 'nope' });
      expect(r.body.data).toEqual([{ target_element: 'password', error_message: SIGN_IN_FAILED }]);
    });

    it('counts declined cards from the addresses of one IPv6 /64 as one address, each a new session and enrollment', async () => {
      const ts = ctx();
      const before = provider.calls;
      const seen: number[] = [];
      for (let i = 0; i < CARD_LIMITS.declines + 2; i++) {
        const c = inOne64(ts);
        const id = await enrollmentAtStepFive(ts, c);
        await reviewAndAgree(c, id);
        // Another card number each time: only the address (its /64) is common.
        seen.push((await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...DECLINED, card_number: declinedNumber(i) })).status);
      }
      expect(seen).toEqual([...Array(CARD_LIMITS.declines).fill(422), 429, 429]);
      expect(provider.calls - before).toBe(CARD_LIMITS.declines);
    });

    it('counts declines of one card from many IPv4 addresses, sessions and enrollments by its fingerprint, never stored in clear', async () => {
      const ts = ctx();
      const before = provider.calls;
      const seen: number[] = [];
      for (let i = 0; i < CARD_LIMITS.declines + 2; i++) {
        const c = anyIPv4(ts);
        const id = await enrollmentAtStepFive(ts, c);
        await reviewAndAgree(c, id);
        seen.push((await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...DECLINED, security_code: String(100 + i) })).status);
      }
      expect(seen).toEqual([...Array(CARD_LIMITS.declines).fill(422), 429, 429]);
      expect(provider.calls - before).toBe(CARD_LIMITS.declines);
      const keys = JSON.stringify(await ts.db.selectFrom('card_attempts').select('key').execute());
      expect(keys).toContain('card:fp:');
      expect(keys).not.toContain(DECLINED.card_number);
      expect(keys).not.toContain(DECLINED.card_number.slice(-4) + '"');
    });

    it('counts resume-code guesses from the addresses of one IPv6 /64 as one address', async () => {
      const ts = ctx();
      const seen = await statuses(25, (i) =>
        inOne64(ts).post('/api/v1/continue-enrollment', { code: String(200000 + i), email: `guess${i}@example.com` }),
      );
      expect(seen.indexOf(429)).toBeGreaterThan(0);
      expect(seen.indexOf(429)).toBeLessThanOrEqual(20);
    });
  },
  { TRUST_PROXY: 1 },
);

/** Card numbers the offline provider refuses, a different one each (a wrong Luhn check digit). */
function declinedNumber(i: number): string {
  const body = `40000000000${String(i).padStart(4, '0')}`;
  let sum = 0;
  for (let k = 0; k < body.length; k++) {
    let d = Number(body[body.length - 1 - k]);
    if (k % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((11 - (sum % 10)) % 10);
}

describe('security: one address key for every per-address limit', () => {
  it('no limit key is built from the raw client address (lib/client-address.ts clientAddress instead)', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const raw: string[] = [];
    const walk = (dir: string) => {
      for (const f of fs.readdirSync(dir)) {
        const p = path.join(dir, f);
        if (fs.statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts') && /`[^`]*\$\{(request\.ip|ip)\}[^`]*`/.test(fs.readFileSync(p, 'utf8')))
          raw.push(path.relative(src, p));
      }
    };
    walk(src);
    expect(raw).toEqual([]);
  });
});
