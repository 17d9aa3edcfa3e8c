import { sql } from 'kysely';
import { US_TIME_ZONE } from '@store/domain/dates';
import type { Db } from './repository.ts';
import type { DueChange } from './change-repository.ts';

/** The SQL of an active open enrollment's effect (issue 38, decision 2660). */

export interface ActiveOpenEnrollment {
  group_id: number;
  gname: string;
  landing_url: string | null;
  opens_on: string;
  closes_on: string;
  reminder_days: number;
}

/** Active groups whose open enrollment is 'active' and has both its dates. */
export async function activeOpenEnrollments(db: Db): Promise<ActiveOpenEnrollment[]> {
  const r = await sql<ActiveOpenEnrollment>`
    select group_id, gname, landing_url, to_char(enrollment_opens_on, 'YYYY-MM-DD') as opens_on,
      to_char(enrollment_closes_on, 'YYYY-MM-DD') as closes_on, open_enrollment_reminder_days as reminder_days
    from groups
    where active and open_enrollment = 'active' and enrollment_opens_on is not null and enrollment_closes_on is not null
    order by group_id`.execute(db);
  return r.rows;
}

/**
 * The US Eastern date an enrollment (alias `e` or `c`) was completed: the open enrollment's dates are Eastern dates
 * (decisions.md's "today"), and a timestamp compared with a bare date would be read at midnight of the session's zone.
 */
const completedOn = (alias: 'e' | 'c') => sql`(${sql.ref(`${alias}.completed_at`)} at time zone ${US_TIME_ZONE})::date`;

/** The e-mail of an enrollment, as the group home matches it to the census. */
const enrollmentEmail = sql`lower(coalesce(e.tabs->'contact_info'->>'email_address', e.resume_email, m.email))`;

/** Enrollment `c` (of the group and member at hand) is a choice: completed within the open enrollment. */
const choseWithin = (opensOn: string, closesOn: string) =>
  sql`c.status = 'completed' and ${completedOn('c')} between ${opensOn}::date and ${closesOn}::date`;

export interface CensusChoice {
  id: number;
  name: string;
  email: string;
  chosen: boolean;
  invited: boolean;
  reminded: boolean;
  /** The mail language of the employee's latest completed enrollment matched by e-mail (a member), else null. */
  mail_lang: string | null;
}

/**
 * The census of the group with, for the open enrollment from `opensOn` to `closesOn`: whether the employee chose (an
 * enrollment of the group completed within it, matched by e-mail), whether its invitation and reminder went out, and
 * the language of the employee's mail when they are a member.
 */
export async function censusChoices(db: Db, groupId: number, opensOn: string, closesOn: string): Promise<CensusChoice[]> {
  const r = await sql<CensusChoice>`
    select g.id, g.name, g.email,
      exists (select 1 from enrollments e left join members m on m.user_id = e.user_id
        where e.group_id = g.group_id and e.status = 'completed' and ${enrollmentEmail} = g.email
          and ${completedOn('e')} between ${opensOn}::date and ${closesOn}::date) as chosen,
      exists (select 1 from open_enrollment_mails o where o.employee_id = g.id and o.opens_on = ${opensOn}::date
        and o.kind = 'invitation') as invited,
      exists (select 1 from open_enrollment_mails o where o.employee_id = g.id and o.opens_on = ${opensOn}::date
        and o.kind = 'reminder') as reminded,
      (select e.mail_lang from enrollments e left join members m on m.user_id = e.user_id
        where e.status = 'completed' and ${enrollmentEmail} = g.email
        order by e.completed_at desc nulls last, e.id desc limit 1) as mail_lang
    from group_employees g
    where g.group_id = ${groupId}
    order by g.name, g.id`.execute(db);
  return r.rows;
}

/** Records an open enrollment's mail to an employee: false when it went out already (the primary key decides). */
export const claimMail = async (db: Db, employeeId: number, opensOn: string, kind: 'invitation' | 'reminder') =>
  (
    await db
      .insertInto('open_enrollment_mails')
      .values({ employee_id: employeeId, opens_on: opensOn, kind })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst()
  ).numInsertedOrUpdatedRows === 1n;

/** The open enrollment a query reads: the group, its dates and the plan year after it. */
export interface OpenEnrollmentPeriod {
  groupId: number;
  opensOn: string;
  closesOn: string;
  planYearStart: string;
}

/**
 * The policies in force of the group's members enrolled before the open enrollment, not awaiting evidence, not yet
 * ended for the plan year starting `planYearStart`, shaped as a renewal's change (the plan year's start is their
 * renewal date), of the members who:
 * - 'unchosen': did not choose within it (no enrollment of the group completed from `opensOn` to `closesOn`): they lapse;
 * - 'replaced': chose within it, of plans their choice does not keep: the choice replaces them (decision 2720), unless
 *   the choice holds a plan of the same category that awaits evidence of insurability (its approval ends them:
 *   `replacedOnApproval`) or that the carrier declined (they go on).
 */
export async function earlierPolicies(
  db: Db,
  which: 'unchosen' | 'replaced',
  { groupId, opensOn, closesOn, planYearStart }: OpenEnrollmentPeriod,
  limit = 200,
): Promise<DueChange[]> {
  const chose = sql`exists (select 1 from enrollments c where c.group_id = e.group_id and c.user_id = e.user_id
        and ${choseWithin(opensOn, closesOn)})`;
  const whom =
    which === 'unchosen'
      ? sql`not ${chose}`
      : sql`${chose}
      and not exists (select 1 from policies q join enrollments c on c.id = q.enrollment_id
        where c.group_id = e.group_id and c.user_id = e.user_id and ${choseWithin(opensOn, closesOn)}
          and q.plan_id = p.plan_id and q.status = 'ACTIVE' and coalesce(q.eoi_status, 'none') <> 'declined')
      and not exists (select 1 from policies w join enrollments c on c.id = w.enrollment_id
        join plans wl on wl.plan_id = w.plan_id
        where c.group_id = e.group_id and c.user_id = e.user_id and ${choseWithin(opensOn, closesOn)}
          and wl.category = pl.category and w.eoi_status in ('pending', 'more_information', 'declined'))`;
  const r = await sql<DueChange>`
    select p.policy_id, ${planYearStart}::text as starts_on, p.enrollment_id, p.user_id, p.plan_id, p.tier,
      0 as current_cents, null::int as renewal_cents, null::int as replacement_plan_id, pl.plan_name,
      null::text as replacement_plan_name, m.email, m.first_name, m.last_name, e.mail_lang
    from policies p
    join enrollments e on e.id = p.enrollment_id
    join plans pl on pl.plan_id = p.plan_id
    join members m on m.user_id = p.user_id
    where e.group_id = ${groupId} and e.status = 'completed' and ${completedOn('e')} < ${opensOn}::date
      and p.status = 'ACTIVE' and p.ends_on is null
      and (p.effective_date is null or p.effective_date < ${planYearStart}::date)
      and coalesce(p.eoi_status, 'none') not in ('pending', 'more_information', 'declined')
      and ${whom}
      and not exists (select 1 from renewal_changes rc where rc.policy_id = p.policy_id and rc.starts_on = ${planYearStart}::date)
    order by p.policy_id
    limit ${limit}`.execute(db);
  return r.rows;
}

export interface DuplicateChoice {
  policy_id: number;
  enrollment_id: string;
  plan_id: number;
  /** The earlier policy of the same plan, which continues. */
  kept_policy_id: number;
  effective_date: string | null;
}

/**
 * The policies of a choice made within the open enrollment whose plan the member already holds by an earlier
 * enrollment of the group (still in force), not yet merged for the plan year starting `planYearStart`.
 */
export async function duplicateChoices(
  db: Db,
  groupId: number,
  opensOn: string,
  closesOn: string,
  planYearStart: string,
  limit = 200,
): Promise<DuplicateChoice[]> {
  const r = await sql<DuplicateChoice>`
    select q.policy_id, q.enrollment_id, q.plan_id, min(p.policy_id) as kept_policy_id,
      to_char(q.effective_date, 'YYYY-MM-DD') as effective_date
    from policies q
    join enrollments c on c.id = q.enrollment_id
    join enrollments e on e.group_id = c.group_id and e.user_id = c.user_id and e.status = 'completed'
      and ${completedOn('e')} < ${opensOn}::date
    join policies p on p.enrollment_id = e.id and p.plan_id = q.plan_id and p.status = 'ACTIVE' and p.ends_on is null
    where c.group_id = ${groupId} and ${choseWithin(opensOn, closesOn)}
      and q.status = 'ACTIVE' and q.ends_on is null
      and not exists (select 1 from renewal_changes rc where rc.policy_id = q.policy_id and rc.starts_on = ${planYearStart}::date)
    group by q.policy_id, q.enrollment_id, q.plan_id, q.effective_date
    order by q.policy_id
    limit ${limit}`.execute(db);
  return r.rows.map((d) => ({ ...d, kept_policy_id: Number(d.kept_policy_id) }));
}

export interface ApprovedChoiceReplaces extends DueChange {
  group_id: number;
  opens_on: string;
  closes_on: string;
}

/**
 * The earlier policies an open enrollment's choice replaces once the carrier approved the choice's policy `policyId`
 * (decision 2720): the member's policies in force of the same category, of enrollments of the group completed before
 * the group's active open enrollment the choice was made in, of plans the choice does not hold. `starts_on` is left
 * empty (the caller's date).
 */
export async function replacedOnApproval(db: Db, policyId: number): Promise<ApprovedChoiceReplaces[]> {
  const r = await sql<ApprovedChoiceReplaces>`
    select p.policy_id, '' as starts_on, p.enrollment_id, p.user_id, p.plan_id, p.tier,
      0 as current_cents, null::int as renewal_cents, null::int as replacement_plan_id, pl.plan_name,
      null::text as replacement_plan_name, m.email, m.first_name, m.last_name, e.mail_lang, g.group_id,
      to_char(g.enrollment_opens_on, 'YYYY-MM-DD') as opens_on, to_char(g.enrollment_closes_on, 'YYYY-MM-DD') as closes_on
    from policies q
    join plans ql on ql.plan_id = q.plan_id
    join enrollments c on c.id = q.enrollment_id
    join groups g on g.group_id = c.group_id
    join enrollments e on e.group_id = c.group_id and e.user_id = c.user_id and e.status = 'completed'
      and ${completedOn('e')} < g.enrollment_opens_on
    join policies p on p.enrollment_id = e.id
    join plans pl on pl.plan_id = p.plan_id
    join members m on m.user_id = p.user_id
    where q.policy_id = ${policyId}
      and g.open_enrollment = 'active' and g.enrollment_opens_on is not null and g.enrollment_closes_on is not null
      and c.status = 'completed' and ${completedOn('c')} between g.enrollment_opens_on and g.enrollment_closes_on
      and pl.category = ql.category and p.status = 'ACTIVE' and p.ends_on is null
      and coalesce(p.eoi_status, 'none') not in ('pending', 'more_information', 'declined')
      and not exists (select 1 from policies k where k.enrollment_id = c.id and k.plan_id = p.plan_id
        and k.status = 'ACTIVE' and coalesce(k.eoi_status, 'none') <> 'declined')
    order by p.policy_id`.execute(db);
  return r.rows;
}

export interface MergedChoiceMember {
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  mail_lang: string | null;
  plan_name: string;
}

/** Who holds a merged choice's policy (its enrollment's member and mail language) and the plan's name: the refund's mail. */
export async function mergedChoiceMember(db: Db, policyId: number): Promise<MergedChoiceMember | undefined> {
  const r = await sql<MergedChoiceMember>`
    select m.email, m.first_name, m.last_name, e.mail_lang, pl.plan_name
    from policies q
    join enrollments e on e.id = q.enrollment_id
    join plans pl on pl.plan_id = q.plan_id
    left join members m on m.user_id = q.user_id
    where q.policy_id = ${policyId}`.execute(db);
  return r.rows[0];
}

/** The plans of an enrollment (a choice) merged into the earlier enrollment so far (`renewal_changes`, decision 2871). */
export async function mergedPlanIdsOf(db: Db, enrollmentId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('policies as q')
    .innerJoin('renewal_changes as c', 'c.policy_id', 'q.policy_id')
    .select('q.plan_id')
    .where('q.enrollment_id', '=', enrollmentId)
    .where('c.action', '=', 'merged')
    .execute();
  return [...new Set(rows.map((r) => Number(r.plan_id)))];
}
