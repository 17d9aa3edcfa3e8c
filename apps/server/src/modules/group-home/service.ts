import { todayIso } from '@store/domain/dates';
import {
  CENSUS_TEXT,
  EMPLOYEE_STATUSES,
  REMINDER_TEXT,
  censusTarget,
  dateInWords,
  employeeStatus,
  needsReminder,
  validateCensus,
  windowState,
  type TCensusUpload,
  type TEmployeeStatus,
  type TEnrollmentWindowForm,
  type TGroupEmployee,
  type TGroupHome,
  type TOpenEnrollmentProgress,
  type TWindowInfo,
} from '@store/domain/group-home';
import { forbidden, HttpError, notFound, unauthorized } from '../../lib/errors.ts';
import type { MailLang } from '../../lib/mail-i18n.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { GROUP_REMINDER_KIND, INVITATION_KIND, renderGroupMail } from './invitation-mail.ts';
import * as repo from './repository.ts';
import { everyoneInGroup } from './group-members.ts';
import { OTHER_LIMITS } from '@store/domain/abuse-limits';

type Group = NonNullable<Awaited<ReturnType<typeof repo.findActiveGroup>>>;

/** What the group home's services use: the database, the sites' origins (links), mail and the limits. */
export type GroupHomeDeps = Pick<Deps, 'db' | 'origins' | 'mailer' | 'rateLimiter' | 'config'>;

/** Reminders: at most REMIND_MAX presses per group in REMIND_WINDOW_MS. */
export const REMIND_MAX = OTHER_LIMITS.groupRemindersPerDay;
export const REMIND_WINDOW_MS = 24 * 3600_000;

/** The signed-in group administrator and their group: 401 anonymous, 403 another role, 404 an inactive group. */
export async function adminGroup(db: repo.Db, actor: Actor): Promise<{ accountId: number; group: Group }> {
  const a = actor.account;
  if (!a) throw unauthorized();
  if (a.role !== 'group' || !a.group_id) throw forbidden();
  const group = await repo.findActiveGroup(db, a.group_id);
  if (!group) throw notFound();
  return { accountId: a.id, group };
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function windowInfo(g: Group): TWindowInfo {
  const w = { opens_on: g.enrollment_opens_on, closes_on: g.enrollment_closes_on };
  return { group_id: g.group_id, gname: g.gname, ...w, state: windowState(w) };
}

/** The group's enrollment link, from a configured origin only (the request's Host only chooses among them). */
export async function enrollmentLink(deps: Pick<Deps, 'origins'>, host: string | undefined, g: Group) {
  return groupLinkAt(await deps.origins.linkOriginFor(host), g);
}

/** The group's enrollment page at this origin (its landing URL, else the group's id). */
export const groupLinkAt = (origin: string, g: { group_id: number; landing_url: string | null }) =>
  g.landing_url ? `${origin}/${encodeURIComponent(g.landing_url)}` : `${origin}/?group_id=${g.group_id}`;

/** Each employee with the status derived from the census row and the group's enrollments matched by e-mail. */
async function employeesWithStatus(db: repo.Db, groupId: number) {
  const [rows, enrollments] = await Promise.all([repo.listEmployees(db, groupId), repo.groupEnrollmentsByEmail(db, groupId)]);
  const byEmail = new Map<string, { completed: boolean; at: Date | string }>();
  for (const e of enrollments) {
    const prev = byEmail.get(e.email);
    const completed = e.status === 'completed';
    if (!prev || (completed && !prev.completed) || (completed === prev.completed && new Date(e.updated_at) > new Date(prev.at)))
      byEmail.set(e.email, { completed, at: e.updated_at });
  }
  return rows.map((r) => {
    const e = byEmail.get(r.email);
    const status = employeeStatus({
      enrollment: e ? (e.completed ? 'completed' : 'open') : null,
      waived: !!r.waived_at,
      invited: !!r.invited_at,
    });
    return { row: r, status, lastActivity: e?.at ?? r.waived_at ?? r.reminded_at ?? r.invited_at };
  });
}

const toEmployee = (x: Awaited<ReturnType<typeof employeesWithStatus>>[number]): TGroupEmployee => ({
  id: x.row.id,
  on_census: true,
  plans: [],
  pending_evidence: [],
  name: x.row.name,
  email: x.row.email,
  status: x.status,
  invited_at: iso(x.row.invited_at),
  last_activity_at: iso(x.lastActivity),
});

export async function groupHome(deps: GroupHomeDeps, actor: Actor, host: string | undefined): Promise<TGroupHome> {
  const { group } = await adminGroup(deps.db, actor);
  const census = (await employeesWithStatus(deps.db, group.group_id)).map(toEmployee);
  const employees = await everyoneInGroup(deps.db, group.group_id, census);
  const counts = Object.fromEntries(EMPLOYEE_STATUSES.map((s) => [s, 0])) as Record<TEmployeeStatus, number>;
  for (const x of employees) counts[x.status]++;
  return {
    window: windowInfo(group),
    open_enrollment: await openEnrollmentProgress(deps.db, group.group_id),
    enrollment_link: await enrollmentLink(deps, host, group),
    counts,
    employees,
  };
}

/**
 * An active group's open enrollment, its kind and dates as yyyy-mm-dd (decision 2560), or undefined: the cart offers
 * its enrollments the plan year's start alone while it is open (decision 2800).
 */
export async function groupOpenEnrollment(db: repo.Db, groupId: number) {
  const oe = await repo.openEnrollmentOf(db, groupId);
  return oe?.active ? { open_enrollment: oe.open_enrollment, opens_on: oe.opens_on, closes_on: oe.closes_on } : undefined;
}

/**
 * An active open enrollment's progress (decision 2660): the census employees who chose within it (an enrollment of the
 * group completed between its dates, matched by e-mail as the statuses are) and those who have not.
 */
async function openEnrollmentProgress(db: repo.Db, groupId: number): Promise<TOpenEnrollmentProgress | null> {
  const oe = await repo.openEnrollmentOf(db, groupId);
  if (!oe || oe.open_enrollment !== 'active' || !oe.opens_on || !oe.closes_on) return null;
  const [rows, enrollments] = await Promise.all([repo.listEmployees(db, groupId), repo.groupEnrollmentsByEmail(db, groupId)]);
  const chose = new Set(
    enrollments
      .filter((e) => {
        if (e.status !== 'completed' || !e.completed_at) return false;
        const on = todayIso(new Date(e.completed_at)); // its US Eastern date, as the open enrollment's dates are
        return oe.opens_on! <= on && on <= oe.closes_on!;
      })
      .map((e) => e.email),
  );
  return {
    opens_on: oe.opens_on,
    closes_on: oe.closes_on,
    chosen: rows.filter((r) => chose.has(r.email)).map((r) => r.name),
    not_chosen: rows.filter((r) => !chose.has(r.email)).map((r) => r.name),
  };
}

/** The window set by the group administrator (an operator sets it in the console's group form). Audited. */
export async function saveWindow(deps: GroupHomeDeps, actor: Actor, w: TEnrollmentWindowForm): Promise<TWindowInfo> {
  const { accountId, group } = await adminGroup(deps.db, actor);
  await deps.db.transaction().execute(async (trx) => {
    await repo.setWindow(trx, group.group_id, w);
    await repo.audit(trx, accountId, 'group-home.window', `group:${group.group_id}`, { ...w });
  });
  return windowInfo({ ...group, enrollment_opens_on: w.opens_on, enrollment_closes_on: w.closes_on });
}

function mailOf(lang: MailLang, kind: 'invitation' | 'reminder', group: Group, link: string, name: string) {
  const closes = group.enrollment_closes_on ? dateInWords(group.enrollment_closes_on, lang) : null;
  return renderGroupMail(lang, kind, { name, group: group.gname, link, closesOn: closes });
}

/**
 * The census: every line checked first; any bad line refuses the whole file (422, one error per problem with its
 * line) and nothing is imported. Otherwise, in one transaction: new e-mails added and invited through the outbox,
 * known ones updated (name, date of birth). Mail leaves after the commit.
 */
export async function importCensus(deps: GroupHomeDeps, actor: Actor, host: string | undefined, upload: TCensusUpload) {
  const { accountId, group } = await adminGroup(deps.db, actor);
  const { rows, problems } = validateCensus(upload.csv);
  if (problems.length) {
    const errors = problems.map((p) => ({ target_element: p.line ? censusTarget(p.line) : 'csv', error_message: p.message }));
    throw new HttpError(422, CENSUS_TEXT.NOTHING_IMPORTED, errors);
  }
  const lang = actor.lang;
  const link = await enrollmentLink(deps, host, group);
  const now = new Date();
  const result = await deps.db.transaction().execute(async (trx) => {
    const g = (await repo.lockGroup(trx, group.group_id)) ?? group;
    const known = new Map(
      (
        await repo.employeesByEmail(
          trx,
          g.group_id,
          rows.map((r) => r.email),
        )
      ).map((e) => [e.email, e]),
    );
    if (upload.invite) await countInvitations(deps, trx, g.group_id, rows.filter((r) => !known.has(r.email)).length);
    const invited: number[] = [];
    let updated = 0;
    let addedCount = 0;
    for (const r of rows) {
      const k = known.get(r.email);
      if (k) {
        await repo.updateEmployee(trx, k.id, r, now);
        updated++;
        continue;
      }
      const added = await repo.insertEmployee(trx, g.group_id, r);
      addedCount++;
      if (!upload.invite) continue;
      await deps.mailer.enqueue(trx, { kind: INVITATION_KIND, to: r.email, ...mailOf(lang, 'invitation', g, link, r.name) });
      invited.push(added.id);
    }
    await repo.markInvited(trx, invited, now);
    await repo.audit(trx, accountId, 'group-home.census', `group:${g.group_id}`, {
      file: upload.file_name,
      rows: rows.length,
      added: addedCount,
      updated,
      invited: invited.length,
    });
    return { added: addedCount, updated, invited: invited.length };
  });
  deps.mailer.flushSoon();
  return result;
}

/**
 * Invitations mailed per group and day, at most CENSUS_RECIPIENTS_PER_GROUP_DAY (decision 2330): a census would
 * otherwise mail 1,000 addresses of the administrator's choosing 20 times an hour. Counted in the census's
 * transaction; a census that would pass it is refused whole (429, nothing imported: the file can be sent tomorrow,
 * or without invitations now).
 */
async function countInvitations(deps: GroupHomeDeps, trx: Parameters<typeof repo.lockGroup>[0], groupId: number, n: number) {
  if (n === 0) return;
  const { count, resetAt } = await deps.rateLimiter.add(`group-home:invitations:${groupId}`, n, REMIND_WINDOW_MS, trx);
  if (count > deps.config.CENSUS_RECIPIENTS_PER_GROUP_DAY)
    throw new HttpError(429, CENSUS_TEXT.TOO_MANY_INVITATIONS, undefined, {
      retryAfter: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
    });
}

/** A reminder by mail to every employee not finished (invited, not started, in progress); rate-limited per group. */
export async function remind(deps: GroupHomeDeps, actor: Actor, host: string | undefined) {
  const { accountId, group } = await adminGroup(deps.db, actor);
  const lang = actor.lang;
  const link = await enrollmentLink(deps, host, group);
  const pending = (await employeesWithStatus(deps.db, group.group_id)).filter((x) => needsReminder(x.status));
  if (!pending.length) throw new HttpError(409, REMINDER_TEXT.NOBODY);
  await deps.rateLimiter.enforce(
    `group-home:remind:${group.group_id}`,
    deps.config.GROUP_REMINDERS_PER_DAY,
    REMIND_WINDOW_MS,
    REMINDER_TEXT.TOO_SOON,
  );
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    for (const x of pending)
      await deps.mailer.enqueue(trx, { kind: GROUP_REMINDER_KIND, to: x.row.email, ...mailOf(lang, 'reminder', group, link, x.row.name) });
    await repo.markReminded(
      trx,
      pending.map((x) => x.row.id),
      now,
    );
    await repo.audit(trx, accountId, 'group-home.remind', `group:${group.group_id}`, { count: pending.length });
  });
  deps.mailer.flushSoon();
  return { queued: pending.length };
}

/** Marks an employee of the group as waived (declined coverage), or not. Another group's employee: 404. */
export async function setWaived(deps: GroupHomeDeps, actor: Actor, id: number, waived: boolean): Promise<TGroupEmployee> {
  const { accountId, group } = await adminGroup(deps.db, actor);
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    const r = await repo.setWaived(trx, group.group_id, id, waived ? now : null, now);
    if (!r.numUpdatedRows) throw notFound();
    await repo.audit(trx, accountId, 'group-home.waive', `group-employee:${id}`, { waived });
  });
  const x = (await employeesWithStatus(deps.db, group.group_id)).find((e) => e.row.id === id);
  if (!x) throw notFound();
  return toEmployee(x);
}

/** The public window of a group (its enrollment link says when it opens); null when no active group has this id. */
export async function publicWindow(db: repo.Db, groupId: number): Promise<TWindowInfo | null> {
  const g = await repo.findActiveGroup(db, groupId);
  return g ? windowInfo(g) : null;
}
