import { expect, it } from 'vitest';
import { repNotAppointed, repNotLicensed } from '@store/domain/rep-licensing';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { EFT, enrollmentAtStepFive, enrollWith, finish, PLAN_IDS } from '../enrollment/finish/helpers.ts';

/**
 * Decision 2640 (amended): the enrollment's completion checks the rep again. A plan whose carrier withdrew the rep's
 * appointment after it entered the cart, or a rep whose license in the state expired since the quote, is refused
 * (422), and nothing of the completion is committed.
 */
const carrierOf = async (ts: TestStore, planId: number) =>
  (await ts.db.selectFrom('plans').select('carrier_id').where('plan_id', '=', planId).executeTakeFirstOrThrow()).carrier_id!;

async function nothingCommitted(ts: TestStore, id: string) {
  const e = await ts.db.selectFrom('enrollments').select(['status', 'user_id']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(e.status).not.toBe('completed');
  expect(await ts.db.selectFrom('policies').select('plan_id').where('enrollment_id', '=', id).execute()).toEqual([]);
  expect(await ts.db.selectFrom('billing_records').select('enrollment_id').where('enrollment_id', '=', id).execute()).toEqual([]);
}

const completed = async (ts: TestStore, id: string) =>
  (await ts.db.selectFrom('enrollments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describeEachDb('the rep checked again at completion', (ctx) => {
  it('a plan whose carrier withdrew the appointment after it was added is refused on plan_id; appointed again, it completes', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { plans: [PLAN_IDS.dentalEssentials] });
    const carrierId = await carrierOf(ts, PLAN_IDS.dentalEssentials);
    const agentId = (await ts.db.selectFrom('enrollments').select('agent_id').where('id', '=', id).executeTakeFirstOrThrow()).agent_id!;
    await ts.db.deleteFrom('rep_appointments').where('agent_id', '=', agentId).where('carrier_id', '=', carrierId).execute();
    let refused: { status: number; body: any } | undefined;
    await finish(c, id, async () => {
      refused = await enrollWith(c, id, EFT);
      return { status: 200, body: null };
    });
    expect(refused?.status).toBe(422);
    expect(refused?.body.data).toEqual([{ target_element: 'plan_id', error_message: repNotAppointed() }]);
    await nothingCommitted(ts, id);

    await ts.db.insertInto('rep_appointments').values({ agent_id: agentId, carrier_id: carrierId }).execute();
    const ok = await enrollWith(c, id, EFT);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await completed(ts, id)).toBe('completed');
  });

  it("a rep whose license in the quote's state expired since the quote is refused on the zip", async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { plans: [PLAN_IDS.dentalEssentials] });
    const agentId = (await ts.db.selectFrom('enrollments').select('agent_id').where('id', '=', id).executeTakeFirstOrThrow()).agent_id!;
    const license = await ts.db
      .selectFrom('rep_licenses')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('state', '=', 'NY')
      .executeTakeFirstOrThrow();
    await ts.db
      .updateTable('rep_licenses')
      .set({ expires_on: '2020-01-31' })
      .where('agent_id', '=', agentId)
      .where('state', '=', 'NY')
      .execute();
    try {
      let refused: { status: number; body: any } | undefined;
      await finish(c, id, async () => {
        refused = await enrollWith(c, id, EFT);
        return { status: 200, body: null };
      });
      expect(refused?.status).toBe(422);
      expect(refused?.body.data).toEqual([{ target_element: 'zip', error_message: repNotLicensed('NY') }]);
      await nothingCommitted(ts, id);
    } finally {
      await ts.db
        .updateTable('rep_licenses')
        .set({ expires_on: license.expires_on })
        .where('agent_id', '=', agentId)
        .where('state', '=', 'NY')
        .execute();
    }
    const ok = await enrollWith(c, id, EFT);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await completed(ts, id)).toBe('completed');
  });
});
