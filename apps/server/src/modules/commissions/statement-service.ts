import { addMonths } from '@store/domain/billing-schedule';
import { nextEasternMidnight, todayIso } from '@store/domain/dates';
import {
  statementRows,
  sumCents,
  type BusinessEnrollment,
  type CommissionRow,
  type CommissionSchedule,
  type TCommissionLine,
} from '@store/domain/commissions';
import type { BillingLine } from '../../db/schema.ts';
import { listBillMoney } from './list-bill-money.ts';
import * as repo from './repository.ts';

/** The first instant of the month after `month` (yyyy-mm), US Eastern: rows made before it belong to the month. */
export function cutoffOf(month: string): Date {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0, 17));
  return nextEasternMidnight(last);
}
/** The month a day's statements are for: the month before (yyyy-mm). */
export const statementMonthOn = (day: string) => addMonths(`${day.slice(0, 7)}-01`, -1).slice(0, 7);

type Schedules = Awaited<ReturnType<typeof repo.schedules>>;
const scheduleFor = (all: Schedules, carrierId: number | null, planId: number): CommissionSchedule | null => {
  if (carrierId === null) return null;
  const s =
    all.find((x) => x.carrier_id === carrierId && x.plan_id === planId) ??
    all.find((x) => x.carrier_id === carrierId && x.plan_id === null);
  return s ? { first_year_bp: s.first_year_bp, renewal_bp: s.renewal_bp, flat_cents: s.flat_cents } : null;
};

/** The rep's business as the domain reads it: each plan's premium less the administrative fee, its schedule and end. */
async function business(db: repo.Db, ids: readonly string[]): Promise<BusinessEnrollment[]> {
  const rows = await repo.businessOf(db, ids);
  const all = await repo.schedules(db);
  const parsed = rows.map((r) => ({ ...r, lines: (typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines) as BillingLine[] }));
  const planIds = [
    ...new Set(parsed.flatMap((r) => r.lines.filter((l) => l.kind === 'plan' && l.plan_id !== null).map((l) => l.plan_id!))),
  ];
  const plans = await repo.plansInfo(db, planIds);
  const ends = await repo.policyEnds(db, ids);
  const day = (d: string | Date | null | undefined) => (d ? (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10) : null);
  const out: BusinessEnrollment[] = [];
  for (const r of parsed) {
    if (r.writing_agent_id === null) continue;
    const e: BusinessEnrollment = {
      enrollment_id: r.enrollment_id,
      writing_agent_id: r.writing_agent_id,
      starts_on: day(r.starts_on)!,
      plans: [],
    };
    for (const line of r.lines) {
      const plan = plans.find((p) => p.plan_id === line.plan_id);
      const policy = plan && ends.find((x) => x.enrollment_id === r.enrollment_id && x.plan_id === plan.plan_id);
      // The association membership is the store's; a plan held for evidence of insurability is not billed.
      if (line.kind !== 'plan' || !plan || plan.membership || policy?.held) continue;
      const endsOn = [day(policy?.ends_on), day(r.coverage_ended_on)].filter((d): d is string => d !== null).sort()[0];
      e.plans.push({
        plan_id: plan.plan_id,
        commissionable_cents: line.monthly_cents - line.admin_fee_cents,
        schedule: scheduleFor(all, plan.carrier_id, plan.plan_id),
        ends_on: endsOn ?? null,
      });
    }
    out.push(e);
  }
  return out;
}

/** The rows a rep's statement would hold with everything collected before `cutoff` (nothing written). */
export async function pendingRows(db: repo.Db, agentId: number, overrideBp: number, cutoff: Date): Promise<CommissionRow[]> {
  // Money collected one by one (cards, bank debits) and list-bill lines their group has paid (decision 2811).
  const money = [...(await repo.moneyNotOnStatements(db, agentId, cutoff)), ...(await listBillMoney(db, agentId, cutoff))];
  const ids = [...new Set([...money.map((m) => m.enrollment_id), ...(await repo.endedWithCommission(db, agentId))])];
  if (!ids.length) return [];
  return statementRows({
    agent_id: agentId,
    override_bp: overrideBp,
    chargeback_months: await repo.chargebackMonths(db),
    cutoff_day: todayIso(cutoff),
    business: await business(db, ids),
    money,
    existing: (await repo.entriesOf(db, agentId, ids)) as CommissionRow[],
  });
}

/**
 * One rep's statement of a month: the rows of everything collected before the month's end not yet on a statement
 * (a month missed while the store was down is carried into the next), written with the statement in the caller's
 * transaction. Exactly once: the statement is unique per rep and month, each row per key. A rep with no rows gets no
 * statement. Returns the statement's id and total, or null.
 */
export async function makeStatement(db: repo.Db, agentId: number, overrideBp: number, month: string, issuedOn: string) {
  const rows = await pendingRows(db, agentId, overrideBp, cutoffOf(month));
  if (!rows.length) return null;
  const total = sumCents(rows);
  const made = await repo.insertStatement(db, {
    agent_id: agentId,
    month,
    issued_on: issuedOn,
    total_cents: total,
    row_count: rows.length,
  });
  if (!made) return null;
  await repo.insertEntries(
    db,
    rows.map((r) => ({
      statement_id: made.id,
      agent_id: agentId,
      kind: r.kind,
      enrollment_id: r.enrollment_id,
      plan_id: r.plan_id,
      ledger_entry_id: r.ledger_entry_id,
      writing_agent_id: r.writing_agent_id,
      period: r.period,
      basis_cents: r.basis_cents,
      rate_bp: r.rate_bp,
      amount_cents: r.amount_cents,
      idempotency_key: r.key,
      reverses_key: r.reverses_key,
    })),
  );
  return { id: made.id, total_cents: total, rows: rows.length };
}

/** Every rep's statement of the month before `day` (those not made yet). */
export async function makeStatements(db: repo.Db, day: string) {
  const month = statementMonthOn(day);
  let made = 0;
  for (const rep of await repo.repsWithoutStatement(db, month))
    if (await makeStatement(db, rep.agent_id, rep.override_bp, month, day)) made++;
  return { month, made };
}

/** Rows not on a statement, named for the rep home (this month so far). */
export async function namedLines(db: repo.Db, rows: CommissionRow[]): Promise<TCommissionLine[]> {
  const n = await repo.namesFor(
    db,
    [...new Set(rows.map((r) => r.enrollment_id))],
    [...new Set(rows.map((r) => r.plan_id))],
    [...new Set(rows.map((r) => r.writing_agent_id))],
  );
  return rows.map((r) => {
    const m = n.members.find((x) => x.id === r.enrollment_id);
    const w = n.agents.find((x) => x.agent_id === r.writing_agent_id);
    return {
      kind: r.kind,
      member: m?.member ?? '',
      confirmation_number: m?.confirmation_number ?? null,
      plan_name: n.plans.find((x) => x.plan_id === r.plan_id)?.plan_name ?? '',
      writing_rep: w ? `${w.first_name} ${w.last_name}` : '',
      period: r.period,
      basis_cents: r.basis_cents,
      rate_bp: r.rate_bp,
      amount_cents: r.amount_cents,
    };
  });
}
