import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { createOperator } from '../../src/cli/create-operator.ts';
import { startTestStore, TEST_DATABASE_URL, type TestStore } from '../helpers/store.ts';

/** `npm run create-operator`: an operator with a password and a second factor in a store without the demo data. */
for (const kind of ['pglite', 'postgres'] as const) {
  describe.skipIf(kind === 'postgres' && !TEST_DATABASE_URL)(`create-operator [${kind}]`, () => {
    let ts: (TestStore & { close(): Promise<void> }) | undefined;
    beforeAll(async () => {
      ts = await startTestStore(kind, { SEED_DEMO: false });
    }, 60_000);
    afterAll(async () => ts?.close());

    it('creates an operator who signs in with the password and a code, or a recovery code once', async () => {
      const made = await createOperator(ts!.db, ts!.app.sealer, { email: 'First.Ops@Example.com', password: 'correct horse battery' });
      expect(made.otpauthUri).toContain(`secret=${made.totpSecret}`);
      expect(made.recoveryCodes).toHaveLength(10);
      const row = await ts!.db
        .selectFrom('accounts')
        .select(['email', 'role', 'password_hash', 'totp_secret_enc'])
        .where('id', '=', made.accountId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: 'first.ops@example.com', role: 'operator' });
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.totp_secret_enc).not.toContain(made.totpSecret);

      const c = ts!.client();
      const first = await c.post('/api/auth/sign-in', { email: 'first.ops@example.com', password: 'correct horse battery' });
      expect(first.body.data).toMatchObject({ signed_in: false, second_factor: 'code' });
      const r = await c.post('/api/auth/second-factor', { code: await generate({ secret: made.totpSecret }) });
      expect(r.body.data).toMatchObject({ signed_in: true, role: 'operator' });
      expect((await c.get('/api/admin/accounts')).status).toBe(200);

      const other = ts!.client();
      await other.post('/api/auth/sign-in', { email: 'first.ops@example.com', password: 'correct horse battery' });
      expect((await other.post('/api/auth/second-factor', { code: made.recoveryCodes[0] })).status).toBe(200);
    });

    it('refuses a taken e-mail and a short password, and changes nothing', async () => {
      await expect(
        createOperator(ts!.db, ts!.app.sealer, { email: 'first.ops@example.com', password: 'another long one' }),
      ).rejects.toThrow('An account with the e-mail first.ops@example.com exists already.');
      await expect(createOperator(ts!.db, ts!.app.sealer, { email: 'second.ops@example.com', password: 'short' })).rejects.toThrow(
        /password/,
      );
      expect(await ts!.db.selectFrom('accounts').select('email').execute()).toEqual([{ email: 'first.ops@example.com' }]);
    });
  });
}
