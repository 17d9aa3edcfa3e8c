import crypto from 'node:crypto';
import {
  LIFE_EVENT_CHANGES,
  LIFE_EVENT_TEXT,
  proratedAdjustmentCents,
  tierForHousehold,
  ZLifeEventChangeRequest,
  type TDependentRelationship,
  type TLifeEventChangeRequest,
  type TLifeEventChangeResponse,
  type TLifeEventType,
} from '@store/domain/life-events';
import type { TLifeEventChangePreview } from '@store/domain/life-event-plans';
import { addDaysIso, ageOn, isoToUs, todayIso } from '@store/domain/dates';
import { includedAdminFeeCents } from '@store/domain/charges';
import { findRate, tierLabel } from '@store/domain/pricing';
import { fieldError, HttpError, notFound } from '../../lib/errors.ts';
import { storedLanguage } from '../../lib/mail-i18n.ts';
import type { Deps } from '../../lib/deps.ts';
import { isoDate, lifeEventReason, queueFamilyChangeFiles, type StoredDependent } from '../carriers/index.ts';
import { changeMonthlyAmount, previewMonthlyAmount } from '../billing/index.ts';
import type { BillingLine } from '../../db/schema.ts';
import { recordEvent } from '../trail/index.ts';
import { changedMail } from './mail.ts';
import { LIFE_EVENT_MAIL_KIND, type LifeEventActor } from './service.ts';
import * as repo from './repository.ts';

type DependentTab = { dependents?: StoredDependent[]; removed?: (StoredDependent & { ended_on?: string })[]; [k: string]: unknown };
const tabOf = (tabs: unknown): DependentTab => {
  const t = (typeof tabs === 'string' ? JSON.parse(tabs) : tabs) as Record<string, unknown> | null;
  return { ...((t?.dependent_info as DependentTab | undefined) ?? {}) };
};

/** The household after the change, and who it concerns. */
function applyChange(tab: DependentTab, type: TLifeEventType, change: TLifeEventChangeRequest, today: string) {
  const dependents = [...(tab.dependents ?? [])];
  const allowed = LIFE_EVENT_CHANGES[type];
  if (change.action === 'add_dependent') {
    if (!allowed.add.includes(change.relationship)) throw new HttpError(422, LIFE_EVENT_TEXT.CHANGE_NOT_ALLOWED);
    if (change.relationship === 'spouse' && dependents.some((d) => d.primary_info.relationship === 'spouse'))
      throw fieldError('relationship', LIFE_EVENT_TEXT.CHANGE_NOT_ALLOWED);
    if (change.birthdate > today) throw fieldError('birthdate', LIFE_EVENT_TEXT.FUTURE);
    const added: StoredDependent = {
      primary_info: {
        dependent_id: crypto.randomUUID(),
        relationship: change.relationship,
        first_name: change.first_name,
        last_name: change.last_name,
        birthdate: isoToUs(change.birthdate),
        gender: change.gender,
      },
    };
    return { tab: { ...tab, dependents: [...dependents, added] }, who: added, added: true };
  }
  const who = dependents.find((d) => d.primary_info.dependent_id === change.dependent_id);
  if (!who) throw notFound(LIFE_EVENT_TEXT.NO_DEPENDENT);
  if (!allowed.remove.includes(who.primary_info.relationship)) throw new HttpError(422, LIFE_EVENT_TEXT.CHANGE_NOT_ALLOWED);
  const rest = dependents.filter((d) => d !== who);
  return { tab: { ...tab, dependents: rest, removed: [...(tab.removed ?? []), { ...who, ended_on: today }] }, who, added: false };
}

/** The member's approved event, in its window today (409 before approval, 422 with its closing date after). */
export async function openEvent(trx: repo.Db, eventId: number, userId: number, today: string, lock: boolean) {
  const e = lock ? await repo.lockEvent(trx, eventId) : await repo.findEvent(trx, eventId);
  if (!e || e.user_id !== userId) throw notFound();
  if (e.status !== 'approved') throw new HttpError(409, LIFE_EVENT_TEXT.NOT_OPEN);
  const closes = isoDate(e.window_closes)!;
  if (today > closes) throw new HttpError(422, LIFE_EVENT_TEXT.WINDOW_CLOSED.replace('{closes}', isoToUs(closes)));
  return e;
}

/**
 * The household after a change and each running plan's price at its new tier (the member's age on the event's
 * effective date), computed without writing: the change itself and its preview share it.
 */
async function householdAfter(
  trx: repo.Db,
  e: repo.LifeEventRow,
  userId: number,
  change: TLifeEventChangeRequest,
  today: string,
  lock: boolean,
) {
  const type = e.event_type as TLifeEventType;
  const effective = isoDate(e.effective_date)!;
  const stored = lock ? await repo.lockTabs(trx, e.enrollment_id) : await repo.readTabs(trx, e.enrollment_id);
  const next = applyChange(tabOf(stored.tabs), type, change, today);
  const tier = tierForHousehold((next.tab.dependents ?? []).map((d) => d.primary_info.relationship as TDependentRelationship));
  const member = (await repo.memberOf(trx, userId))!;
  const policies = await repo.runningPolicies(trx, e.enrollment_id);
  const rates = await repo.ratesOf(
    trx,
    policies.map((p) => p.plan_id),
  );
  const age = ageOn(isoDate(member.dob) ?? effective, effective);
  const prices = new Map<number, number>();
  for (const p of policies) {
    if (p.tier === tier) continue;
    const rate = findRate(
      rates.filter((r) => r.plan_id === p.plan_id),
      { tier, age, state: member.state, smoker: null },
    );
    if (rate) prices.set(p.plan_id, rate.price_cents);
  }
  const reprice = (lines: BillingLine[]) =>
    lines.map((l) => {
      const cents = l.plan_id === null ? undefined : prices.get(l.plan_id);
      if (cents === undefined) return l;
      return { ...l, monthly_cents: cents, admin_fee_cents: l.admin_fee_cents > 0 ? includedAdminFeeCents(cents) : 0 };
    });
  const listMonthly = policies.reduce((a, p) => a + (prices.get(p.plan_id) ?? p.price_cents ?? 0), 0);
  const previousList = policies.reduce((a, p) => a + (p.price_cents ?? 0), 0);
  return { type, effective, next, tier, policies, prices, reprice, listMonthly, previousList };
}

/** What a change would do (the new tier and monthly amount), shown before the member confirms it; nothing is written. */
export async function previewChange(
  deps: Deps,
  userId: number,
  eventId: number,
  input: TLifeEventChangeRequest,
  today: string = todayIso(),
): Promise<TLifeEventChangePreview> {
  const change = ZLifeEventChangeRequest.parse(input);
  const e = await openEvent(deps.db, eventId, userId, today, false);
  const h = await householdAfter(deps.db, e, userId, change, today, false);
  const amounts = await previewMonthlyAmount(deps.db, e.enrollment_id, h.reprice);
  return {
    tier: h.tier,
    tier_label: tierLabel(h.tier),
    monthly_cents: amounts?.after ?? h.listMonthly,
    previous_monthly_cents: amounts?.before ?? h.previousList,
    effective_date: h.effective,
  };
}

/**
 * The member adds or removes a dependent in an approved event's window (issue 38, decision 2550), in one transaction:
 * the household's tier follows (tierForHousehold) and each running plan that rates the new tier is priced from the
 * event's effective date (the member's age then); the billing record's monthly amount changes from the next bill day,
 * with a prorated ledger adjustment for a mid-month start; every carrier holding the enrollment gets an 834 of that
 * dependent (021 addition with DTP*348 the effective date; 024 removal with its INS04, DTP*349/357 the day before) and,
 * when the tier changed, a 001 of the subscriber; the trail, an audit row and a mail to the member.
 */
export async function changeCoverage(
  deps: Deps,
  who: LifeEventActor,
  userId: number,
  eventId: number,
  input: TLifeEventChangeRequest,
  today: string = todayIso(),
): Promise<TLifeEventChangeResponse> {
  const change = ZLifeEventChangeRequest.parse(input);
  const result = await deps.db.transaction().execute(async (trx) => {
    const e = await openEvent(trx, eventId, userId, today, true);
    const { type, effective, next, tier, prices, reprice, listMonthly, previousList } = await householdAfter(
      trx,
      e,
      userId,
      change,
      today,
      true,
    );
    for (const [planId, cents] of prices) await repo.repricePolicy(trx, e.enrollment_id, planId, tier, cents);
    await repo.saveDependentTab(trx, e.enrollment_id, next.tab);

    const dependentId = next.who.primary_info.dependent_id;
    const amounts = await changeMonthlyAmount(trx, e.enrollment_id, reprice, (delta) => ({
      period: effective.slice(0, 7),
      cents: proratedAdjustmentCents(delta, effective),
      key: `life-event:${eventId}:${change.action}:${dependentId}`,
      reason: 'life_event',
    }));

    const reason = lifeEventReason(type);
    const endsOn = addDaysIso(effective, -1);
    let carriers = await queueFamilyChangeFiles(deps, trx, e.enrollment_id, {
      maintenance: next.added ? '021' : '024',
      reason,
      effectiveDate: next.added ? effective : endsOn,
      dependentId,
    });
    // The tier changed: the subscriber's coverage level too (001 of the subscriber alone).
    const subscriberChange = { maintenance: '001', reason, effectiveDate: effective, subscriberOnly: true } as const;
    if (prices.size > 0) carriers = Math.max(carriers, await queueFamilyChangeFiles(deps, trx, e.enrollment_id, subscriberChange));

    const name = `${next.who.primary_info.first_name} ${next.who.primary_info.last_name}`;
    const detail = {
      kind: 'life_event',
      life_event: eventId,
      action: change.action,
      dependent_id: dependentId,
      tier,
      effective_date: effective,
      monthly_cents: amounts?.after ?? listMonthly,
      adjustment_cents: amounts?.adjustment ?? 0,
      carriers,
      by_rep: who.rep,
    };
    await recordEvent(trx, e.enrollment_id, 'coverage_changed', detail);
    await repo.writeAudit(trx, who.accountId, 'member.life_event.change', `life_event:${eventId}`, detail);
    if (e.email)
      await deps.mailer.enqueue(trx, {
        kind: LIFE_EVENT_MAIL_KIND,
        to: e.email,
        enrollmentId: e.enrollment_id,
        ...changedMail(storedLanguage(e.mail_lang), {
          name: `${e.first_name} ${e.last_name}`,
          who: name,
          added: next.added,
          tier: tierLabel(tier),
          monthlyCents: amounts?.after ?? listMonthly,
          effectiveDate: effective,
        }),
      });
    return {
      tier,
      monthly_cents: amounts?.after ?? listMonthly,
      previous_monthly_cents: amounts?.before ?? previousList,
      adjustment_cents: amounts?.adjustment ?? 0,
      effective_date: effective,
      carrier_files: carriers,
    };
  });
  deps.mailer.flushSoon();
  return result;
}
