import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { SIGN_IN_FAILED } from '@store/domain/auth';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';

/**
 * Wrong passwords slow down one e-mail from one address (a growing delay kept in the database), never the account
 * for everyone: the right password from another address always signs in, operators included.
 */
const from = (ts: TestStore, ip: string): TestClient => {
  const c = ts.client();
  c.headers['x-forwarded-for'] = ip;
  return c;
};
const wrong = (c: TestClient, email: string, i: number) => c.post('/api/auth/sign-in', { email, password: `wrong-${i}` });
/** Lets the current wait of every pair run out (as if the time had passed). */
const waitOver = (ts: TestStore) => sql`update sign_in_failures set blocked_until = now() - interval '1 second'`.execute(ts.db);

describeEachDb(
  'security: sign-in throttle per account and address',
  (ctx) => {
    it('makes one address wait after 5 wrong passwords, 1 s then doubling, and never locks the account elsewhere', async () => {
      const ts = ctx();
      const attacker = from(ts, '203.0.113.7');
      for (let i = 0; i < 4; i++) expect((await wrong(attacker, DEMO.group.email, i)).status).toBe(422);
      const fifth = await wrong(attacker, DEMO.group.email, 4);
      expect(fifth.status).toBe(422);
      expect(fifth.body.data).toEqual([{ target_element: 'password', error_message: SIGN_IN_FAILED }]);

      // Held back now, the right password included, with retry-after.
      const held = await attacker.post('/api/auth/sign-in', DEMO.group);
      expect(held.status).toBe(429);
      expect(held.body).toEqual({ status: 'error', message: 'Too many attempts. Please try again later.' });
      expect(held.headers.get('retry-after')).toBe('1');

      // The owner, at another address, signs in all the same.
      const owner = from(ts, '198.51.100.20');
      expect((await owner.post('/api/auth/sign-in', DEMO.group)).status).toBe(200);
      expect((await owner.get('/api/auth/me')).body.data).toMatchObject({ signed_in: true, email: DEMO.group.email });

      // Each further failure doubles the wait: 2 s, then 4 s.
      await waitOver(ts);
      expect((await wrong(attacker, DEMO.group.email, 5)).status).toBe(422);
      expect((await wrong(attacker, DEMO.group.email, 6)).headers.get('retry-after')).toBe('2');
      await waitOver(ts);
      expect((await wrong(attacker, DEMO.group.email, 7)).status).toBe(422);
      expect((await wrong(attacker, DEMO.group.email, 8)).headers.get('retry-after')).toBe('4');

      // Once the wait is over the right password signs in from that address too, and starts the count afresh.
      await waitOver(ts);
      expect((await attacker.post('/api/auth/sign-in', DEMO.group)).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await wrong(from(ts, '203.0.113.7'), DEMO.group.email, i)).status).toBe(422);
    });

    it('treats operators the same (the password step), and unknown e-mail addresses exactly like known ones', async () => {
      const ts = ctx();
      const attacker = from(ts, '203.0.113.8');
      const statuses = async (email: string) => {
        const seen: (string | number)[] = [];
        for (let i = 0; i < 6; i++) {
          const r = await wrong(attacker, email, i);
          seen.push(r.status, r.headers.get('retry-after') ?? '-');
        }
        return seen;
      };
      const known = await statuses(DEMO.operator.email);
      expect(known).toEqual([422, '-', 422, '-', 422, '-', 422, '-', 422, '-', 429, '1']);
      expect(await statuses('nobody.here@example.com')).toEqual(known);
      // The operator, elsewhere, gets on to the code step.
      const r = await from(ts, '198.51.100.21').post('/api/auth/sign-in', DEMO.operator);
      expect(r.status).toBe(200);
      expect(r.body.data.second_factor).toBe('code');
    });

    it('keeps no e-mail address or network address in the table', async () => {
      const ts = ctx();
      await wrong(from(ts, '203.0.113.9'), DEMO.member.email, 0);
      const rows = JSON.stringify(await ts.db.selectFrom('sign_in_failures').selectAll().execute());
      expect(rows).not.toContain('@');
      expect(rows).not.toContain('203.0.113');
    });
  },
  { TRUST_PROXY: 1 },
);
