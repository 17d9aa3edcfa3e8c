import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { MEMBER_ACCOUNT_TEXT } from '@store/domain/member-account';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { openedMail } from '../helpers/mail.ts';
import { CARD, enrollmentAtStepFive, finish, PLAN_IDS, enrollWith } from '../enrollment/finish/helpers.ts';

const SECRET = crypto.randomBytes(32).toString('base64url');
const PASSWORD = 'lantern orchard velvet 42';

/** The receipt's way back (issue 37, decision 2460): a new member makes an account and lands on the member home. */
describeEachDb(
  'the member account after enrolling',
  (ctx) => {
    async function completed(c: TestClient = ctx().client()) {
      const id = await enrollmentAtStepFive(ctx(), c, { plans: [PLAN_IDS.dentalEssentials] });
      await finish(c, id, () => enrollWith(c, id, CARD));
      const e = await ctx().db.selectFrom('enrollments').select(['user_id', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(e.status).toBe('completed');
      const m = await ctx().db.selectFrom('members').select('email').where('user_id', '=', e.user_id!).executeTakeFirstOrThrow();
      return { c, id, email: m.email!, userId: e.user_id! };
    }

    it('the browser that enrolled sets a password, is signed in as the member and sees what it bought; another browser signs in', async () => {
      const { c, id, email } = await completed();
      const state = await c.get('/api/v1/member-account', { enrollment_id: id });
      expect(state.body.data).toEqual({ state: 'available', email: `d•••@example.org`, link: true });

      // A common password: 422 beside the field, nothing made.
      const weak = await c.post('/api/v1/member-account', { enrollment_id: id, password: 'password123' });
      expect(weak.status).toBe(422);
      expect(weak.body.data[0].target_element).toBe('password');
      expect(await ctx().db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();

      const made = await c.post('/api/v1/member-account', { enrollment_id: id, password: PASSWORD });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body.data).toEqual({ next: '/member-home' });
      expect((await c.get('/api/auth/me')).body.data).toMatchObject({ signed_in: true, role: 'member' });
      const home = await c.get('/api/v1/member-home');
      expect(home.status).toBe(200);
      expect(home.body.data.coverage.map((p: { plan_name: string }) => p.plan_name)).toContain('Dental Essentials');
      expect((await c.get('/api/v1/member-account', { enrollment_id: id })).body.data.state).toBe('signed-in');

      // Once made, it is not made again (not even by the same browser).
      expect((await c.post('/api/v1/member-account', { enrollment_id: id, password: `${PASSWORD} again` })).status).toBe(409);

      // The receipt mail's link, in another browser: the receipt answers after signing in with the new password.
      const other = ctx().client();
      expect((await other.get('/api/v1/get-receipt', { enrollment_id: id })).status).toBe(404);
      await other.signIn(email, PASSWORD);
      const receipt = await other.get('/api/v1/get-receipt', { enrollment_id: id });
      expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
      expect((await other.get('/api/v1/member-home')).status).toBe(200);
    });

    it('only the browser that enrolled: another browser, a rep, or an unfinished enrollment make nothing', async () => {
      const { id, email } = await completed();
      const stranger = ctx().client();
      expect((await stranger.get('/api/v1/member-account', { enrollment_id: id })).status).toBe(404);
      expect((await stranger.post('/api/v1/member-account', { enrollment_id: id, password: PASSWORD })).status).toBe(404);
      expect((await stranger.post('/api/v1/member-account/link', { enrollment_id: id })).status).toBe(404);
      const rep = ctx().client();
      await rep.signIn(DEMO.rep.email, DEMO.rep.password);
      expect((await rep.post('/api/v1/member-account', { enrollment_id: id, password: PASSWORD })).status).toBe(404);
      expect(await ctx().db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();

      const c = ctx().client();
      const open = await enrollmentAtStepFive(ctx(), c, { plans: [PLAN_IDS.dentalEssentials] });
      const early = await c.post('/api/v1/member-account', { enrollment_id: open, password: PASSWORD });
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(MEMBER_ACCOUNT_TEXT.NOT_COMPLETED);
    });

    it('a sign-in link by mail: made once, to the enrollment e-mail, on a configured origin, and it signs in once', async () => {
      const { c, id, email } = await completed();
      const sent = await c.request('POST', '/api/v1/member-account/link', {
        body: { enrollment_id: id },
        headers: { host: 'evil.example' },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data).toEqual({ email: 'd•••@example.org' });
      const row = await ctx()
        .db.selectFrom('outbox')
        .select(['id', 'html', 'text', 'to_address'])
        .where('kind', '=', 'member-sign-in-link')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.to_address).toBe(email);
      const mail = openedMail(ctx(), row);
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
      expect(link.host).not.toBe('evil.example');
      expect(link.pathname).toBe('/api/auth/link');
      expect(link.searchParams.get('next')).toBe('/member-home');
      // The account has no password: nothing signs in with one.
      const guess = ctx().client();
      expect((await guess.request('POST', '/api/auth/sign-in', { body: { email, password: 'anything-at-all' } })).status).toBe(422);

      const other = ctx().client();
      const used = await other.post('/api/auth/link', { token: link.searchParams.get('token')!, next: '/member-home' });
      expect(used.status).toBe(200);
      expect(used.body.data).toEqual({ next: '/member-home' });
      expect((await other.get('/api/v1/member-home')).body.data.coverage.length).toBeGreaterThan(0);
      expect((await other.get('/api/v1/get-receipt', { enrollment_id: id })).status).toBe(200);
      // Once only.
      expect(
        (
          await ctx()
            .client()
            .post('/api/auth/link', { token: link.searchParams.get('token')! })
        ).status,
      ).toBe(422);
      // The browser that enrolled can still choose a password for the account the link made.
      expect((await c.post('/api/v1/member-account', { enrollment_id: id, password: PASSWORD })).status).toBe(200);
    });

    it('tries are limited per address', async () => {
      const { id } = await completed();
      const stranger = ctx().client();
      let last = 0;
      for (let i = 0; i < 12; i++) last = (await stranger.post('/api/v1/member-account/link', { enrollment_id: id })).status;
      expect(last).toBe(429);
    });
  },
  { SIGN_IN_LINK_SECRET: SECRET },
);
