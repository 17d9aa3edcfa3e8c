import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDb, startTestStore } from '../helpers/store.ts';
import { SIGN_IN_LINK_TEXT } from '@store/domain/sign-in-link';
import { signInLinkToken } from '../../src/modules/auth-link/routes.ts';

/** Arriving from an outside dashboard: a signed, expiring, single-use sign-in link. */
const SECRET = crypto.randomBytes(32).toString('base64url');

describeEachDb(
  'security: signed sign-in links',
  (ctx) => {
    async function accountId(email: string) {
      return (await ctx().db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    }

    it('opening the link signs nothing in: it leads to the page that asks, and a POST with the CSRF token signs in once', async () => {
      const id = await accountId('jordan.avery@example.com');
      const token = signInLinkToken(SECRET, id);
      const c = ctx().client();
      const r = await c.get('/api/auth/link', { token, next: '/agent-select-member' });
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe(`/sign-in/link#token=${token}&next=%2Fagent-select-member`);
      expect(r.headers.get('cache-control')).toBe('no-store');
      // The GET alone (an image or a link of another site) leaves the browser as it was, and the link unused.
      expect((await c.get('/api/auth/me')).body.data.signed_in).toBe(false);
      expect(await ctx().db.selectFrom('sign_in_links_used').selectAll().execute()).toEqual([]);
      const preview = await c.get('/api/auth/link/preview', { token });
      expect(preview.body).toEqual({ status: 'success', data: { email: 'j•••@example.com' } });
      expect((await c.get('/api/auth/me')).body.data.signed_in).toBe(false);

      // A POST without the CSRF token, or from another site, signs nothing in.
      const forged = await c.request('POST', '/api/auth/link', { body: { token }, csrf: false });
      expect(forged.status).toBe(403);
      const crossSite = await c.request('POST', '/api/auth/link', { body: { token }, headers: { origin: 'https://evil.example' } });
      expect(crossSite.status).toBe(403);
      expect((await c.get('/api/auth/me')).body.data.signed_in).toBe(false);

      // The page's POST signs in and says where to go.
      const yes = await c.post('/api/auth/link', { token, next: '/agent-select-member' });
      expect(yes.status).toBe(200);
      expect(yes.body.data).toEqual({ next: '/agent-select-member' });
      expect((await c.get('/api/auth/me')).body.data).toMatchObject({ signed_in: true, role: 'rep', agent_id: 20001 });
      // The same link again, in another browser: refused, both ways.
      const again = ctx().client();
      const r2 = await again.get('/api/auth/link', { token });
      expect(r2.status).toBe(303);
      expect(r2.headers.get('location')).toBe('/sign-in?link=used');
      const p2 = await again.post('/api/auth/link', { token });
      expect(p2.status).toBe(422);
      expect(p2.body.message).toBe(SIGN_IN_LINK_TEXT.INVALID);
      expect(SIGN_IN_LINK_TEXT.INVALID).toBe('This sign-in link has expired or has already been used. Please sign in.');
      expect((await again.get('/api/auth/link/preview', { token })).status).toBe(422);
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
        expect((await c.post('/api/auth/link', { token })).status, token).toBe(422);
        expect((await c.get('/api/auth/me')).body.data.signed_in).toBe(false);
      }
      for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
        const token = signInLinkToken(SECRET, id);
        const r = await ctx().client().get('/api/auth/link', { token, next });
        expect(r.headers.get('location'), next).toBe(`/sign-in/link#token=${token}&next=%2F`);
        expect((await ctx().client().post('/api/auth/link', { token, next })).body.data, next).toEqual({ next: '/' });
      }
    });

    it('never signs in an operator (the console needs the second factor)', async () => {
      const c = ctx().client();
      const token = signInLinkToken(SECRET, await accountId('admin@example.com'));
      const r = await c.get('/api/auth/link', { token });
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe('/sign-in?link=invalid');
      expect((await c.post('/api/auth/link', { token })).status).toBe(422);
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
    expect((await ts.client().post('/api/auth/link', { token: signInLinkToken(SECRET, 1) })).status).toBe(404);
  } finally {
    await ts.close();
  }
}, 90_000);
