import { expect, it } from 'vitest';
import { generate } from 'otplib';
import { SECOND_FACTOR_EXPIRED, SECOND_FACTOR_NEEDED, SECOND_FACTOR_WRONG } from '@store/domain/auth';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { DEMO_OPERATOR_TOTP_SECRET } from '../../src/db/seed/demo-people.ts';
import { makeEnrollment, secondFactorCheckedAgo } from './fixtures.ts';

/**
 * Operators sign in with a password and a second factor (TOTP or a one-time recovery code), enrol it at their first
 * sign-in when they have none, and give a code again before the console shows personal data.
 */
const codeError = (message: string) => ({ status: 'error', message, data: [{ target_element: 'code', error_message: message }] });
const me = async (c: TestClient) => (await c.get('/api/auth/me')).body.data;
const codeFor = (secret: string, ahead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead });

describeEachDb("security: operators' second factor", (ctx) => {
  it('does not sign an operator in on the password alone; a code does, once', async () => {
    const ts = ctx();
    const c = ts.client();
    const r = await c.post('/api/auth/sign-in', DEMO.operator);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ signed_in: false, role: null, second_factor: 'code' });
    expect(r.body.data.otpauth_uri).toBeUndefined();
    expect((await me(c)).signed_in).toBe(false);
    expect((await c.get('/api/admin/enrollments')).status).toBe(401);

    expect(await c.post('/api/auth/second-factor', { code: '000000' }).then((x) => x.body)).toEqual(codeError(SECOND_FACTOR_WRONG));
    const code = await codeFor(DEMO_OPERATOR_TOTP_SECRET);
    const ok = await c.post('/api/auth/second-factor', { code });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ signed_in: true, role: 'operator', email: DEMO.operator.email });
    expect((await c.get('/api/admin/enrollments')).status).toBe(200);

    // The same code does not sign in a second time (a code seen over a shoulder, or replayed).
    const again = ts.client();
    await again.post('/api/auth/sign-in', DEMO.operator);
    expect((await again.post('/api/auth/second-factor', { code })).body).toEqual(codeError(SECOND_FACTOR_WRONG));
    // A code without the password step first opens nothing.
    const stranger = ts.client();
    expect((await stranger.post('/api/auth/second-factor', { code: await codeFor(DEMO_OPERATOR_TOTP_SECRET, 30) })).body).toEqual(
      codeError(SECOND_FACTOR_EXPIRED),
    );
    expect((await me(stranger)).signed_in).toBe(false);
  });

  it('enrols a new operator at the first sign-in, with 10 one-time recovery codes', async () => {
    const ts = ctx();
    const admin = ts.client();
    await admin.signIn(DEMO.operator.email, DEMO.operator.password);
    expect(
      (
        await admin.post('/api/admin/accounts', {
          email: 'second.operator@example.com',
          password: 'a-long-enough-password-1',
          role: 'operator',
        })
      ).status,
    ).toBe(200);

    const c = ts.client();
    const first = await c.post('/api/auth/sign-in', { email: 'second.operator@example.com', password: 'a-long-enough-password-1' });
    expect(first.body.data).toMatchObject({ signed_in: false, second_factor: 'enroll' });
    const secret: string = first.body.data.totp_secret;
    const uri = new URL(first.body.data.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toMatch(/second\.operator@example\.com$/);
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Benefit Store');
    // Nothing is kept until a code of the new secret confirms it.
    const before = await ts.db
      .selectFrom('accounts')
      .select('totp_secret_enc')
      .where('email', '=', 'second.operator@example.com')
      .executeTakeFirstOrThrow();
    expect(before.totp_secret_enc).toBeNull();
    const done = await c.post('/api/auth/second-factor', { code: await codeFor(secret) });
    expect(done.status).toBe(200);
    const codes: string[] = done.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const rc of codes) expect(rc).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    const stored = await ts.db
      .selectFrom('accounts')
      .select(['id', 'totp_secret_enc'])
      .where('email', '=', 'second.operator@example.com')
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret_enc).toMatch(/^s2\./);
    expect(stored.totp_secret_enc).not.toContain(secret);
    const hashes = JSON.stringify(await ts.db.selectFrom('recovery_codes').selectAll().where('account_id', '=', stored.id).execute());
    for (const rc of codes) expect(hashes).not.toContain(rc.replace(/-/g, '').slice(0, 8));

    // The next sign-in asks for a code; a recovery code serves once (any case, with or without dashes).
    const later = ts.client();
    expect(
      (await later.post('/api/auth/sign-in', { email: 'second.operator@example.com', password: 'a-long-enough-password-1' })).body.data
        .second_factor,
    ).toBe('code');
    expect((await later.post('/api/auth/second-factor', { code: codes[3].toLowerCase() })).status).toBe(200);
    const reuse = ts.client();
    await reuse.post('/api/auth/sign-in', { email: 'second.operator@example.com', password: 'a-long-enough-password-1' });
    expect((await reuse.post('/api/auth/second-factor', { code: codes[3] })).body).toEqual(codeError(SECOND_FACTOR_WRONG));
    expect((await reuse.post('/api/auth/second-factor', { code: codes[4].replace(/-/g, '') })).status).toBe(200);
  }, 120_000);

  it('asks for a code again before showing an enrollment, its screenshots or documents, after 5 minutes', async () => {
    const ts = ctx();
    const shopper = ts.client();
    const id = await makeEnrollment(ts, shopper);
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    // The sign-in's code counts as a fresh check.
    expect((await op.get(`/api/admin/enrollments/${id}`)).status).toBe(200);

    await secondFactorCheckedAgo(ts, op, 5 * 60_000 + 1000);
    for (const path of [`/api/admin/enrollments/${id}`, `/api/admin/enrollments/${id}/screenshots/1`, '/api/admin/media/anything']) {
      const r = await op.get(path);
      expect(r.status, path).toBe(403);
      expect(r.body).toEqual({
        status: 'error',
        message: SECOND_FACTOR_NEEDED,
        data: [{ target_element: 'second_factor', error_message: SECOND_FACTOR_NEEDED }],
      });
    }
    // Other console pages stay open.
    expect((await op.get('/api/admin/enrollments')).status).toBe(200);

    expect((await op.post('/api/auth/second-factor/check', { code: '123456' })).body).toEqual(codeError(SECOND_FACTOR_WRONG));
    expect((await op.secondFactor('/api/auth/second-factor/check')).status).toBe(200);
    expect((await op.get(`/api/admin/enrollments/${id}`)).status).toBe(200);
    const audit = await ts.db.selectFrom('audit_log').select('action').where('action', '=', 'second-factor-check').execute();
    expect(audit.length).toBeGreaterThan(0);
    // Only operators have a check to make.
    const member = ts.client();
    await member.signIn(DEMO.member.email, DEMO.member.password);
    expect((await member.post('/api/auth/second-factor/check', { code: '123456' })).status).toBe(401);
  }, 120_000);
});
