import { expect, it } from 'vitest';
import { effectiveDatesUs, openEnrollmentDateMessage } from '@store/domain/cart';
import { addDaysIso, isoToUs, todayIso } from '@store/domain/dates';
import { planYearStartAfter } from '@store/domain/renewals';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { newEnrollment, putInCart } from './helpers.ts';

const today = todayIso();
const closesOn = addDaysIso(today, 20);
const planYearStart = isoToUs(planYearStartAfter(closesOn));

/**
 * Issue 38 (decision 2720's open point, decision 2800): within a group's active open enrollment, the cart of an
 * enrollment of that group offers only the plan year's start as the effective date, and checkout refuses another one
 * beside the field, changing nothing. Other groups and enrollments without a group keep the usual dates.
 */
describeEachDb("the effective date within a group's open enrollment", (ctx) => {
  it('offers only the plan year start and refuses another date with 422 beside the field', async () => {
    const ts = ctx();
    await ts.db
      .updateTable('groups')
      .set({ open_enrollment: 'active', enrollment_opens_on: addDaysIso(today, -1), enrollment_closes_on: closesOn })
      .where('group_id', '=', 3001)
      .execute();
    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const id = await newEnrollment(rep, { eprocess: 'rep', group_id: 3001 });
    await putInCart(ts, id, PLAN_IDS.dentalEssentials);

    const dates = await rep.get('/api/v1/get-cart-effective-dates', { enrollment_id: id });
    expect(dates.status).toBe(200);
    expect(dates.body.data.result).toEqual([planYearStart]);

    const usual = effectiveDatesUs(today)[0];
    const refused = await rep.post('/api/v1/cart-checkout', { enrollment_id: id, effective_date: usual });
    expect(refused.status).toBe(422);
    expect(refused.body.data).toEqual([{ target_element: 'effective_date', error_message: openEnrollmentDateMessage(planYearStart) }]);
    const before = await ts.db
      .selectFrom('enrollments')
      .select(['effective_date', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(before.status).not.toBe('checked_out');

    const done = await rep.post('/api/v1/cart-checkout', { enrollment_id: id, effective_date: planYearStart });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const row = await ts.db.selectFrom('enrollments').select('effective_date').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.effective_date).toBe(planYearStartAfter(closesOn));

    // Another group's enrollment and one without a group: the usual dates.
    const other = await newEnrollment(rep, { eprocess: 'rep', group_id: 3003 });
    expect((await rep.get('/api/v1/get-cart-effective-dates', { enrollment_id: other })).body.data.result).toEqual(effectiveDatesUs(today));
    const visitor = ts.client();
    const own = await newEnrollment(visitor);
    expect((await visitor.get('/api/v1/get-cart-effective-dates', { enrollment_id: own })).body.data.result).toEqual(
      effectiveDatesUs(today),
    );

    // Passive, or not open yet: the usual dates.
    await ts.db.updateTable('groups').set({ open_enrollment: 'passive' }).where('group_id', '=', 3001).execute();
    expect((await rep.get('/api/v1/get-cart-effective-dates', { enrollment_id: id })).body.data.result).toEqual(effectiveDatesUs(today));
    await ts.db
      .updateTable('groups')
      .set({ open_enrollment: 'active', enrollment_opens_on: addDaysIso(today, 1) })
      .where('group_id', '=', 3001)
      .execute();
    expect((await rep.get('/api/v1/get-cart-effective-dates', { enrollment_id: id })).body.data.result).toEqual(effectiveDatesUs(today));
  });
});
