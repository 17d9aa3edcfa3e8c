import { addDaysIso, todayIso } from '@store/domain/dates';
import { planYearStartAfter } from '@store/domain/renewals';
import type { TestStore } from '../helpers/store.ts';
import { enrollInPlans, PLAN_IDS, type PaidBy } from './helpers.ts';

/** An active open enrollment of Acme (decisions 2660, 2720) in tests: opens tomorrow, closes in 20 days. */
export const ACME = 3001;
export const today = todayIso();
export const opensOn = addDaysIso(today, 1);
export const closesOn = addDaysIso(today, 20);
export const planYearStart = planYearStartAfter(closesOn);
export const planYearEnd = addDaysIso(planYearStart, -1);

/** An employee of Acme enrolled in Dental Essentials (or `plans`) before the open enrollment, on its census under `name`. */
export async function employee(ts: TestStore, name: string, how?: PaidBy, plans: number[] = [PLAN_IDS.dentalEssentials]) {
  const id = await enrollInPlans(ts, plans, how);
  const e = await ts.db.selectFrom('enrollments').select(['tabs', 'user_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const tabs = (typeof e.tabs === 'string' ? JSON.parse(e.tabs) : e.tabs) as { contact_info: { email_address: string } };
  const email = tabs.contact_info.email_address.toLowerCase();
  // Completed late in the evening, US Eastern, of the day before the open enrollment opens: after midnight UTC, still
  // before it (CI found the store counting an evening enrollment as a choice made within the open enrollment).
  const completedAt = new Date(`${addDaysIso(opensOn, -1)}T23:30:00-04:00`);
  await ts.db.updateTable('enrollments').set({ group_id: ACME, completed_at: completedAt }).where('id', '=', id).execute();
  await ts.db.updateTable('members').set({ group_id: ACME }).where('user_id', '=', e.user_id!).execute();
  await ts.db.insertInto('group_employees').values({ group_id: ACME, name, email, dob: '1985-04-12' }).execute();
  return { id, email };
}

/**
 * The employee chooses within the open enrollment: an enrollment of Acme in `plans`, completed the day after it opens,
 * by the same member (user) and e-mail, starting on the plan year's start.
 */
export async function choose(ts: TestStore, earlier: { id: string; email: string }, plans: number[], how?: PaidBy) {
  const chose = await enrollInPlans(ts, plans, how);
  const pe = await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', earlier.id).executeTakeFirstOrThrow();
  await ts.db
    .updateTable('enrollments')
    .set({
      group_id: ACME,
      user_id: pe.user_id,
      completed_at: new Date(`${addDaysIso(opensOn, 1)}T15:00:00Z`),
      effective_date: planYearStart,
      tabs: JSON.stringify({ contact_info: { email_address: earlier.email } }) as never,
    })
    .where('id', '=', chose)
    .execute();
  await ts.db
    .updateTable('policies')
    .set({ user_id: pe.user_id!, effective_date: planYearStart })
    .where('enrollment_id', '=', chose)
    .execute();
  return chose;
}
