import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDb, startTestStore } from '../helpers/store.ts';
import { signInLinkToken } from '../../src/modules/auth-link/routes.ts';

/** Arriving from an outside dashboard: a signed, expiring, single-use sign-in link. */
const SECRET = crypto.randomBytes(32).toString('base64url');

describeEachDb(
  'security: signed sign-in links',
  (ctx) => {
    async function accountId(email: string) {
      return (await ctx().db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    }

    it('signs in once with a fresh link, then goes to the page asked for', async () => {
      const id = await accountId('jordan.avery@example.com');
      const token = signInLinkToken(SECRET, id);
      const c = ctx().client();
      const r = await c.get('/api/auth/link', { token, next: '/agent-select-member' });
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe('/agent-select-member');
      expect((await c.get('/api/auth/me')).body.data).toMatchObject({ signed_in: true, role: 'rep', agent_id: 20001 });
      // The same link again, in another browser: refused.
      const again = ctx().client();
      const r2 = await again.get('/api/auth/link', { token });
      expect(r2.status).toBe(303);
      expect(r2.headers.get('location')).toBe('/sign-in?link=used');
      expect((await again.get('/api/auth/me')).body.data.signed_in).toBe(false);
    });

    it('refuses tampered, expired, too long-lived and foreign links, and never redirects off the store', async () => {
      const id = await accountId('jordan.avery@example.com');
      const other = await accountId('admin@example.com');
      const good = signInLinkToken(SECRET, id);
      const parts = good.split('.');
      const bad = [
        [parts[0], String(other), ...parts.slice(2)].join('.'), // another account, same signature
        signInLinkToken(SECRET, id, 300, Date.now() - 3600_000), // expired
        signInLinkToken(SECRET, id, 24 * 3600), // lives a day
        signInLinkToken('another-secret-another-secret-another', id), // not ours
        'v1.1.2.3.4',
        '',
      ];
      for (const token of bad) {
        const c = ctx().client();
        const r = await c.get('/api/auth/link', { token });
        expect(r.status, token).toBe(303);
        expect(r.headers.get('location')).toBe('/sign-in?link=invalid');
        expect((await c.get('/api/auth/me')).body.data.signed_in).toBe(false);
      }
      for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
        const r = await ctx()
          .client()
          .get('/api/auth/link', { token: signInLinkToken(SECRET, id), next });
        expect(r.headers.get('location'), next).toBe('/');
      }
    });

    it('never signs in an operator (the console needs the second factor)', async () => {
      const c = ctx().client();
      const r = await c.get('/api/auth/link', { token: signInLinkToken(SECRET, await accountId('admin@example.com')) });
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe('/sign-in?link=invalid');
      expect((await c.get('/api/auth/me')).body.data.signed_in).toBe(false);
    });
  },
  { SIGN_IN_LINK_SECRET: SECRET },
);

it('answers 404 when no dashboard secret is set', async () => {
  const ts = await startTestStore('pglite');
  try {
    const r = await ts.client().get('/api/auth/link', { token: signInLinkToken(SECRET, 1) });
    expect(r.status).toBe(404);
  } finally {
    await ts.close();
  }
}, 90_000);
