import { expect, it } from 'vitest';
import { generate } from 'otplib';
import { ADMIN_TEXT } from '@store/domain/admin';
import { SECOND_FACTOR_NEEDED_FOR_ACCOUNTS, SECOND_FACTOR_WRONG } from '@store/domain/auth';
import { createOperator } from '../../src/cli/create-operator.ts';
import { DEMO_OPERATOR_TOTP_SECRET } from '../../src/db/seed/demo-people.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { makeEnrollment, secondFactorCheckedAgo } from './fixtures.ts';

/**
 * Sign-in accounts change in the console only after a fresh second factor (decision 2340): an operator's session whose
 * last code is older than 5 minutes creates, resets and deactivates nothing. Every password set is refused when it is
 * common or guessed easily. A new operator reaches nothing before its own second factor is enrolled.
 */
const NEW_OPERATOR = { email: 'new.operator@example.com', password: 'Kestrel-Harbor-Lantern-77' };
const THIRD_OPERATOR = { email: 'third.operator@example.com', password: 'Juniper-Quarry-Saddle-58' };
const needed = {
  status: 'error',
  message: SECOND_FACTOR_NEEDED_FOR_ACCOUNTS,
  data: [{ target_element: 'second_factor', error_message: SECOND_FACTOR_NEEDED_FOR_ACCOUNTS }],
};
const commonPassword = [{ target_element: 'password', error_message: ADMIN_TEXT.PASSWORD_COMMON }];

const accountRow = (ts: TestStore, email: string) =>
  ts.db.selectFrom('accounts').select(['id', 'password_hash', 'active']).where('email', '=', email).executeTakeFirst();

describeEachDb('security: changes of sign-in accounts', (ctx) => {
  it('needs a second factor within 5 minutes to create, reset, deactivate or activate an account; nothing changes without', async () => {
    const ts = ctx();
    const rep = (await accountRow(ts, DEMO.rep.email))!;
    const repSession = ts.client();
    await repSession.signIn(DEMO.rep.email, DEMO.rep.password);
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    await secondFactorCheckedAgo(ts, op, 310_000);

    const create = await op.post('/api/admin/accounts', { ...NEW_OPERATOR, role: 'operator' });
    expect(create.status).toBe(403);
    expect(create.body).toEqual(needed);
    const reset = await op.put(`/api/admin/accounts/${rep.id}/password`, { password: 'Copper-Meadow-Violin-41' });
    expect(reset.status).toBe(403);
    expect(reset.body).toEqual(needed);
    const off = await op.put(`/api/admin/accounts/${rep.id}/active`, { active: false });
    expect(off.status).toBe(403);
    expect(off.body).toEqual(needed);
    const on = await op.put(`/api/admin/accounts/${rep.id}/active`, { active: true });
    expect(on.status).toBe(403);

    // Nothing changed: no new account (its first sign-in finds nothing), the rep's password, state and session stand.
    expect(await accountRow(ts, NEW_OPERATOR.email)).toBeUndefined();
    expect((await ts.client().post('/api/auth/sign-in', NEW_OPERATOR)).status).toBe(422);
    expect(await accountRow(ts, DEMO.rep.email)).toEqual(rep);
    expect((await repSession.get('/api/auth/me')).body.data.signed_in).toBe(true);
    const audit = await ts.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['create-account', 'reset-password', 'deactivate-account', 'activate-account'])
      .execute();
    expect(audit).toEqual([]);
    // Reading the accounts stays open.
    expect((await op.get('/api/admin/accounts')).status).toBe(200);

    // A wrong code opens nothing; a right one opens the changes for 5 minutes.
    expect((await op.post('/api/auth/second-factor/check', { code: '000000' })).body.data).toEqual([
      { target_element: 'code', error_message: SECOND_FACTOR_WRONG },
    ]);
    expect((await op.post('/api/admin/accounts', { ...NEW_OPERATOR, role: 'operator' })).status).toBe(403);
    await op.secondFactor('/api/auth/second-factor/check');
    const made = await op.post('/api/admin/accounts', { ...NEW_OPERATOR, role: 'operator' });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ email: NEW_OPERATOR.email, role: 'operator', active: true });
    expect((await op.put(`/api/admin/accounts/${rep.id}/password`, { password: 'Copper-Meadow-Violin-41' })).status).toBe(200);
    expect((await repSession.get('/api/auth/me')).body.data.signed_in).toBe(false);
    expect((await op.put(`/api/admin/accounts/${rep.id}/active`, { active: false })).body.data.active).toBe(false);
    expect((await op.put(`/api/admin/accounts/${rep.id}/active`, { active: true })).body.data.active).toBe(true);
    await ts.client().signIn(DEMO.rep.email, 'Copper-Meadow-Violin-41');
  }, 120_000);

  it('refuses a common or easily guessed password wherever one is set, with the fixed text', async () => {
    const ts = ctx();
    const rep = (await accountRow(ts, DEMO.rep.email))!;
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    for (const password of [
      'Password123!',
      'qwerty123456',
      'password1234',
      'iloveyou123',
      'P@ssw0rd2020',
      '1234567890',
      'password'.repeat(25),
    ]) {
      const create = await op.post('/api/admin/accounts', { email: 'weak.rep@example.com', password, role: 'rep', agent_id: 20001 });
      expect(create.status, password).toBe(422);
      expect(create.body.data, password).toEqual(commonPassword);
      const reset = await op.put(`/api/admin/accounts/${rep.id}/password`, { password });
      expect(reset.status, password).toBe(422);
      expect(reset.body.data, password).toEqual(commonPassword);
    }
    // The e-mail itself, or its name part, is no password either.
    const own = await op.post('/api/admin/accounts', {
      email: 'weak.rep@example.com',
      password: 'weak.rep@example.com',
      role: 'rep',
      agent_id: 20001,
    });
    expect(own.body.data).toEqual(commonPassword);
    expect(await accountRow(ts, 'weak.rep@example.com')).toBeUndefined();
    expect(await accountRow(ts, DEMO.rep.email)).toEqual(rep);
    // The length rule stays as it was.
    expect((await op.put(`/api/admin/accounts/${rep.id}/password`, { password: 'short' })).body.data).toEqual([
      { target_element: 'password', error_message: ADMIN_TEXT.PASSWORD_RULE },
    ]);
    // The operator command refuses it too.
    await expect(createOperator(ts.db, ts.app.sealer, { email: 'weak.ops@example.com', password: 'Password123!' })).rejects.toThrow(
      ADMIN_TEXT.PASSWORD_COMMON,
    );
    expect(await accountRow(ts, 'weak.ops@example.com')).toBeUndefined();
    // A password that is neither passes (the demo passwords signed in above are not refused at sign-in either).
    expect((await op.put(`/api/admin/accounts/${rep.id}/password`, { password: 'Demo-Rep-2026' })).status).toBe(200);
  }, 120_000);

  it('gives a new operator nothing before its own second factor is enrolled and confirmed', async () => {
    const ts = ctx();
    const id = await makeEnrollment(ts, ts.client());
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    expect((await op.post('/api/admin/accounts', { ...THIRD_OPERATOR, role: 'operator' })).status).toBe(200);

    const fresh = ts.client();
    const first = await fresh.post('/api/auth/sign-in', THIRD_OPERATOR);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ signed_in: false, role: null, email: null, second_factor: 'enroll' });
    const secret: string = first.body.data.totp_secret;
    const closed = async () => {
      for (const path of ['/api/admin/enrollments', `/api/admin/enrollments/${id}`, '/api/admin/accounts'])
        expect((await fresh.get(path)).status, path).toBe(401);
      expect((await fresh.get('/api/auth/me')).body.data.signed_in).toBe(false);
    };
    await closed();
    // The fresh check is no way round the enrolment, and a wrong code or another operator's code enrols nothing.
    expect((await fresh.post('/api/auth/second-factor/check', { code: await generate({ secret }) })).status).toBe(401);
    expect((await fresh.post('/api/auth/second-factor', { code: '000000' })).status).toBe(422);
    expect((await fresh.post('/api/auth/second-factor', { code: await generate({ secret: DEMO_OPERATOR_TOTP_SECRET }) })).status).toBe(422);
    await closed();
    const stored = await ts.db
      .selectFrom('accounts')
      .select('totp_secret_enc')
      .where('email', '=', THIRD_OPERATOR.email)
      .executeTakeFirst();
    expect(stored?.totp_secret_enc).toBeNull();

    const enrolled = await fresh.post('/api/auth/second-factor', { code: await generate({ secret }) });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.data).toMatchObject({ signed_in: true, role: 'operator' });
    expect(enrolled.body.data.recovery_codes).toHaveLength(10);
    expect((await fresh.get(`/api/admin/enrollments/${id}`)).status).toBe(200);
  }, 120_000);
});
