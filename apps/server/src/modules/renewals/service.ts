import { validateRateRows, type TRateRow } from '@store/domain/admin-rates';
import { ageOn, todayIso } from '@store/domain/dates';
import {
  periodPrice,
  RENEWAL_TEXT,
  risesMuch,
  type TMemberRenewal,
  type TPlanRenewalSetting,
  type TRatePeriod,
  type TRatePeriods,
  type TRepRenewal,
} from '@store/domain/renewals';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fieldErrors, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * Renewals (issue 38, decision 2560): the operator's next-period grids and discontinued plans; each policy's price in
 * the next period, priced once (`policy_renewals`) and read by the mail, the member home, the rep's list and billing.
 */

const toGrid = (rows: TRateRow[]): repo.GridRow[] =>
  rows.map((r) => ({
    tier: r.tier,
    age_min: r.age_min,
    age_max: r.age_max,
    state: r.state,
    smoker: r.smoker,
    price_cents: Math.round(r.price * 100),
  }));

/** Loads a plan's grid for the period starting `startsOn` (after today): rows checked as the rate grid's, by line. */
export async function loadRatePeriod(
  db: repo.Db,
  accountId: number,
  planId: number,
  startsOn: string,
  raw: unknown[],
  source: 'grid' | 'csv',
  today = todayIso(),
): Promise<TRatePeriod> {
  if (!(await repo.planOf(db, planId))) throw notFound();
  const errors: { target_element: string; error_message: string }[] =
    startsOn > today ? [] : [{ target_element: 'starts_on', error_message: RENEWAL_TEXT.START_DATE }];
  const checked = validateRateRows(raw);
  errors.push(...checked.errors);
  if (errors.length) throw fieldErrors(errors);
  const priced = await inTrx(db, async (trx) => {
    await repo.replacePeriodRates(trx, planId, startsOn, toGrid(checked.rows));
    await repo.writeAudit(trx, accountId, 'plan.rates.period', `plan:${planId}`, {
      starts_on: startsOn,
      rows: checked.rows.length,
      source,
    });
    return priceRenewals(trx, today, planId);
  });
  return { starts_on: startsOn, rows: checked.rows.length, priced };
}

/** In the caller's transaction, or a new one. */
const inTrx = <T>(db: repo.Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);

export async function ratePeriods(db: repo.Db, planId: number): Promise<TRatePeriods> {
  const plan = await repo.planOf(db, planId);
  if (!plan) throw notFound();
  const periods = await repo.periodsOf(db, planId);
  return {
    periods: periods.map((p) => ({ starts_on: p.starts_on, rows: Number(p.rows), priced: Number(p.priced), applied: !!p.applied })),
    discontinued_on: plan.discontinued_on,
    replacement_plan_id: plan.replacement_plan_id,
  };
}

/** Marks a plan discontinued from a renewal date with its replacement (another plan), or clears the mark. */
export async function setPlanRenewal(db: repo.Db, accountId: number, planId: number, s: TPlanRenewalSetting, today = todayIso()) {
  if (!(await repo.planOf(db, planId))) throw notFound();
  const errors: { target_element: string; error_message: string }[] = [];
  if (s.discontinued_on !== null && s.discontinued_on <= today)
    errors.push({ target_element: 'discontinued_on', error_message: RENEWAL_TEXT.START_DATE });
  if (s.replacement_plan_id !== null && (s.replacement_plan_id === planId || !(await repo.planOf(db, s.replacement_plan_id))))
    errors.push({ target_element: 'replacement_plan_id', error_message: RENEWAL_TEXT.NOT_A_PLAN });
  if (errors.length) throw fieldErrors(errors);
  await inTrx(db, async (trx) => {
    await repo.setDiscontinued(trx, planId, s.discontinued_on, s.discontinued_on === null ? null : s.replacement_plan_id);
    await repo.writeAudit(trx, accountId, 'plan.discontinued', `plan:${planId}`, { ...s });
    await priceRenewals(trx, today, planId);
  });
  return ratePeriods(db, planId);
}

/**
 * Prices the policies in force for their plan's next renewal date (of one plan, or every plan): the period's grid for
 * the policy's tier and tobacco answer, the member's state and age on that date; a discontinued plan's policy gets its
 * replacement's price (none without a replacement). A policy whose grid has no row that fits keeps its price.
 */
export async function priceRenewals(db: repo.Db, today: string, planId: number | null = null): Promise<number> {
  let added = 0;
  const grids = new Map<string, repo.GridRow[]>();
  const grid = async (plan: number, on: string) => {
    const key = `${plan}:${on}`;
    if (!grids.has(key)) grids.set(key, await repo.gridOf(db, plan, on));
    return grids.get(key)!;
  };
  for (;;) {
    const list = await repo.unpricedPolicies(db, today, planId);
    if (list.length === 0) return added;
    const rows = [];
    for (const p of list) {
      const discontinued = p.discontinued_on !== null && p.discontinued_on <= p.starts_on;
      const target = discontinued ? p.replacement_plan_id : p.plan_id;
      const q = { tier: p.tier, age: ageOn(p.dob, p.starts_on), state: p.member_state ?? p.rate_state, smoker: p.smoker };
      const price = target === null ? null : periodPrice(await grid(target, p.starts_on), q);
      const current = p.current_cents ?? periodPrice(await grid(p.plan_id, today), { ...q, age: ageOn(p.dob, today) });
      if (current === null) continue;
      rows.push({
        policy_id: p.policy_id,
        starts_on: p.starts_on,
        enrollment_id: p.enrollment_id,
        user_id: p.user_id,
        plan_id: p.plan_id,
        current_cents: current,
        renewal_cents: discontinued ? price : (price ?? current),
        replacement_plan_id: discontinued ? p.replacement_plan_id : null,
      });
    }
    added += await repo.insertRenewals(db, rows);
    if (list.length < 500 || rows.length === 0) return added;
  }
}

/** The member home's line: the next renewal date and the monthly amount from it (every plan in force). */
export async function memberRenewal(db: repo.Db, userId: number, today = todayIso()): Promise<TMemberRenewal> {
  const rows = await repo.memberRenewalRows(db, userId, today);
  if (rows.length === 0) return { renewal: null };
  const startsOn = rows[0].starts_on;
  const lines = rows.filter((r) => r.starts_on === startsOn);
  const current = await repo.memberMonthlyCents(db, userId);
  const renewal = current + lines.reduce((a, l) => a + (l.renewal_cents ?? 0) - l.current_cents, 0);
  return {
    renewal: {
      starts_on: startsOn,
      current_cents: current,
      renewal_cents: renewal,
      lines: lines.map((l) => ({
        policy_id: l.policy_id,
        plan_id: l.plan_id,
        plan_name: l.plan_name,
        current_cents: l.current_cents,
        renewal_cents: l.renewal_cents,
        replacement_plan_name: l.replacement_plan_name ?? null,
      })),
    },
  };
}

/** The rep's renewal list: clients whose price rises more than 10 %, whose plan is discontinued, or whose payment fails. */
export async function repRenewals(db: repo.Db, agentId: number, today = todayIso()): Promise<TRepRenewal[]> {
  const rows = await repo.repRenewalRows(db, agentId, today);
  const out: TRepRenewal[] = [];
  for (const r of rows) {
    const reasons: TRepRenewal['reasons'] = [];
    if (r.current_cents !== null && r.renewal_cents !== null && risesMuch(r.current_cents, r.renewal_cents)) reasons.push('price_rise');
    if (r.discontinued) reasons.push('discontinued');
    if (r.failing) reasons.push('payment_failing');
    if (reasons.length === 0) continue;
    out.push({
      user_id: r.user_id,
      member_name: `${r.first_name} ${r.last_name}`,
      email: r.email,
      starts_on: r.starts_on,
      current_cents: r.current_cents,
      renewal_cents: r.renewal_cents,
      reasons,
    });
  }
  return out;
}

/** A group's open enrollment: active (employees choose again) or passive (coverage rolls over unless changed). */
export async function setOpenEnrollment(db: repo.Db, accountId: number, groupId: number, mode: 'active' | 'passive') {
  const r = await repo.setOpenEnrollment(db, groupId, mode);
  if (!r) throw notFound();
  await repo.writeAudit(db, accountId, 'group.open_enrollment', `group:${groupId}`, { open_enrollment: mode });
  return { open_enrollment: r.open_enrollment };
}

export async function openEnrollment(db: repo.Db, groupId: number) {
  const r = await repo.openEnrollmentOf(db, groupId);
  if (!r) throw notFound();
  return { open_enrollment: r.open_enrollment };
}
