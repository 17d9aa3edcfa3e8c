import { expect, it } from 'vitest';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { describeEachDb } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';
import { buildRequest, ENROLLMENT_PARAM, loadOperations, type Operation } from './openapi.ts';
import { ALL_MARKERS, existingMemberEnrollment, MEMBER_USER_ID, memberEnrollsAlone, saveStepsUntil, signedIn } from './member-data.ts';
import { healthAnswers } from '../helpers/health.ts';

/**
 * Issue 34 (decision 2320): after a member has enrolled alone (health answers, a card, a bank account, a signed
 * application), their rep and their group administrator walk every route of the published contract, with the
 * member's enrollments, with an existing-member enrollment they started for the member, with the member's user id
 * and the ids of the member's saved card and account. No answer carries the member's health answers, the last four
 * of the card or account, the signature or a PDF. The member themself, walking the same routes, never gets the
 * payment provider's card token.
 */

/** Routes that would end or change the walker's own sign-in. */
const SIGN_IN_ROUTES = /^\/api\/auth\/(sign-out|sign-in|second-factor|password|link)/;

async function walk(c: TestClient, ops: Operation[], ids: string[], extra: Record<string, unknown>) {
  const answers: { where: string; status: number; text: string }[] = [];
  for (const op of ops) {
    // Every value of a chosen parameter (get-enrollment-temp-info's column …), not only the first.
    const choice = op.params.find((p) => p.in === 'query' && (p.schema.enum?.length ?? 0) > 1);
    for (const id of ids) {
      for (const value of choice?.schema.enum ?? [undefined]) {
        const pick = (name: string) => (ENROLLMENT_PARAM.test(name) ? id : name === choice?.name ? value : extra[name]);
        const req = buildRequest(op, pick);
        const r = await c.request(req.method, req.path, { query: req.query, body: req.body });
        const where = `${op.method} ${op.path}${choice ? ` ${choice.name}=${String(value)}` : ''} (${id.slice(0, 8)})`;
        answers.push({ where, status: r.status, text: JSON.stringify(r.body) });
      }
    }
  }
  return answers;
}

describeEachDb("security: the member's rep and group administrator read nothing of the member's (issue 34)", (ctx) => {
  it(
    'walks every route of the contract as the rep and as the group administrator and finds none of the markers',
    { timeout: 600_000 },
    async () => {
      const ts = ctx();
      const { member, byBank, withHealth, cardId, bankId } = await memberEnrollsAlone(ts);
      const ops = (await loadOperations(member)).filter((o) => !SIGN_IN_ROUTES.test(o.path));
      expect(ops.length).toBeGreaterThan(100);
      const extra = {
        user_id: MEMBER_USER_ID,
        uid: MEMBER_USER_ID,
        member_id: MEMBER_USER_ID,
        card_id: cardId,
        bank_id: bankId,
      };

      const problems: string[] = [];
      for (const who of ['rep', 'group'] as const) {
        const staff = await signedIn(ts, who);
        const theirs = await existingMemberEnrollment(ts, staff, 'staff', PLAN_IDS.criticalIllnessGuard);
        // At the billing step, so that a saved card or account could be used if the store let it.
        await saveStepsUntil(staff, theirs, 'billing_info', { health: healthAnswers() });
        const answers = await walk(staff, ops, [theirs, withHealth, byBank], extra);
        for (const a of answers) {
          if (a.status >= 500) problems.push(`${who} ${a.where}: ${a.status}`);
          for (const m of ALL_MARKERS) if (a.text.includes(m)) problems.push(`${who} ${a.where}: shows ${m}`);
        }
        // Still signed in at the end: the walk was made as the rep or group administrator throughout.
        expect((await staff.get('/api/auth/me')).body.data.signed_in, who).toBe(true);
        // Nothing was billed to the member's card or account in their enrollment.
        const pay = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', theirs).executeTakeFirstOrThrow();
        expect(JSON.stringify((pay.tabs as Record<string, unknown>).payment_info ?? null), who).not.toMatch(/existing_id/);
      }
      expect(problems).toEqual([]);
    },
  );

  it("never gives the payment provider's card token, not even to the member", { timeout: 600_000 }, async () => {
    const ts = ctx();
    const { member, byBank, withHealth, cardId, bankId } = await memberEnrollsAlone(ts);
    const ops = (await loadOperations(member)).filter((o) => o.method === 'GET');
    const extra = { user_id: MEMBER_USER_ID, uid: MEMBER_USER_ID, card_id: cardId, bank_id: bankId };
    const token = (await ts.db.selectFrom('member_payment_methods').select('card_token').where('id', '=', cardId).executeTakeFirstOrThrow())
      .card_token!;
    expect(token.length).toBeGreaterThan(4);
    const own = await walk(member, ops, [withHealth, byBank], extra);
    const leaks = own.filter((a) => a.status >= 500 || a.text.includes('card_token') || a.text.includes(token)).map((a) => a.where);
    expect(leaks).toEqual([]);
    expect(own.some((a) => a.text.includes('x5556'))).toBe(true);
  });
});
