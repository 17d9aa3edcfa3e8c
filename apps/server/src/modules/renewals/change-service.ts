import { addDaysIso } from '@store/domain/dates';
import { includedAdminFeeCents } from '@store/domain/charges';
import type { Deps } from '../../lib/deps.ts';
import { storedLanguage } from '../../lib/mail-i18n.ts';
import { changeMonthlyAmount, previewMonthlyAmount } from '../billing/index.ts';
import { queueCarrierFiles, queuePlanMoveFiles, RENEWAL_END_REASON } from '../carriers/index.ts';
import { recordEvent } from '../trail/index.ts';
import * as changes from './change-repository.ts';
import { followMemberships } from './membership-service.ts';
import { RENEWAL_CHANGE_MAIL_KIND, renewalChangeMail, type RenewalChangeKind } from './change-mail.ts';
import * as repo from './repository.ts';

/** What the renewal date's changes use: the carriers' files (database, jobs, sealer, settings, log) and mail. */
export type RenewalChangeDeps = Pick<Deps, 'db' | 'jobs' | 'sealer' | 'config' | 'log' | 'mailer' | 'origins'>;

/**
 * A discontinued plan's policy on its renewal date (issue 38, decision 2660), in the caller's transaction and once
 * per policy and date (`renewal_changes`' key: a day run twice, or by two processes, changes it once):
 * - with a replacement priced for it: the old policy ends the day before, a policy of the replacement starts on the
 *   date (same tier, the renewal's price in the cart and on the billing record's line, so the billing run charges the
 *   replacement's rate from the date), the carriers are told (queuePlanMoveFiles: one 001 at a carrier of both plans,
 *   else 024 and 021), the trail, an audit row and a mail;
 * - without one: the policy ends the day before (024, INS04 07); the renewal's price (none) already stopped its billing
 *   from the date (decision 2560).
 * Answers how many policies changed.
 */
export async function applyRenewalChanges(deps: RenewalChangeDeps, trx: repo.Db, today: string): Promise<number> {
  let done = 0;
  for (;;) {
    const due = await changes.dueChanges(trx, today);
    let claimed = 0;
    for (const c of due) {
      const move = c.replacement_plan_id !== null && c.renewal_cents !== null;
      if (!(await changes.claimChange(trx, c.policy_id, c.starts_on, move ? 'moved' : 'ended'))) continue;
      claimed++;
      await (move ? movePolicy(deps, trx, c) : endPolicy(deps, trx, c));
    }
    done += claimed;
    if (due.length < 200 || claimed === 0) return done;
  }
}

async function movePolicy(deps: RenewalChangeDeps, trx: repo.Db, c: changes.DueChange) {
  const to = c.replacement_plan_id!;
  const price = c.renewal_cents!;
  const endsOn = addDaysIso(c.starts_on, -1);
  await changes.endPolicy(trx, c.policy_id, endsOn);
  const newPolicy = await changes.insertPolicy(trx, {
    user_id: c.user_id,
    plan_id: to,
    tier: c.tier,
    effective_date: c.starts_on,
    enrollment_id: c.enrollment_id,
  });
  await changes.setNewPolicy(trx, c.policy_id, c.starts_on, newPolicy);
  let carriers = 0;
  let monthly: number | null = null;
  let memberships: Awaited<ReturnType<typeof followMemberships>> | null = null;
  if (c.enrollment_id) {
    const rate = await changes.rateRowOf(trx, to, c.tier, price);
    if (rate)
      await changes.addCartItem(trx, {
        enrollment_id: c.enrollment_id,
        plan_id: to,
        plan_pricing_id: rate.plan_pricing_id,
        price_cents: price,
      });
    // The billing record's line of the old plan becomes the replacement's, at its price: no money moves on the date.
    const amounts = await changeMonthlyAmount(
      trx,
      c.enrollment_id,
      (lines) =>
        lines.map((l) =>
          l.plan_id === c.plan_id
            ? {
                ...l,
                plan_id: to,
                label: c.replacement_plan_name ?? l.label,
                monthly_cents: price,
                admin_fee_cents: l.admin_fee_cents > 0 ? includedAdminFeeCents(price) : 0,
              }
            : l,
        ),
      () => ({ period: c.starts_on.slice(0, 7), cents: 0, key: `renewal:${c.policy_id}:${c.starts_on}`, reason: 'renewal' }),
    );
    carriers = await queuePlanMoveFiles(deps, trx, c.enrollment_id, { fromPlanId: c.plan_id, toPlanId: to, startsOn: c.starts_on, endsOn });
    memberships = await followMemberships(deps, trx, {
      enrollmentId: c.enrollment_id,
      userId: c.user_id,
      tier: c.tier,
      fromPlanId: c.plan_id,
      toPlanId: to,
      startsOn: c.starts_on,
      endsOn,
      reason: RENEWAL_END_REASON,
    });
    monthly = amounts ? ((await previewMonthlyAmount(trx, c.enrollment_id, (l) => l))?.after ?? null) : null;
  }
  await tell(deps, trx, c, 'moved', {
    kind: 'renewal_plan_change',
    plan_id: c.plan_id,
    replacement_plan_id: to,
    new_policy_id: newPolicy,
    starts_on: c.starts_on,
    ends_on: endsOn,
    renewal_cents: price,
    monthly_cents: monthly,
    carriers,
    memberships,
  });
}

/** The carrier told that a policy of a renewal's change ends (834 024, the renewal's reason): the files queued. */
export const queueEndFiles = (deps: RenewalChangeDeps, trx: repo.Db, c: changes.DueChange, endsOn: string) =>
  c.enrollment_id
    ? queueCarrierFiles(deps, trx, c.enrollment_id, {
        maintenance: '024',
        reason: RENEWAL_END_REASON,
        effectiveDate: endsOn,
        planId: c.plan_id,
      })
    : Promise.resolve(0);

async function endPolicy(deps: RenewalChangeDeps, trx: repo.Db, c: changes.DueChange) {
  const endsOn = addDaysIso(c.starts_on, -1);
  await changes.endPolicy(trx, c.policy_id, endsOn);
  const carriers = await queueEndFiles(deps, trx, c, endsOn);
  await tell(deps, trx, c, 'ended', { kind: 'renewal_end', plan_id: c.plan_id, starts_on: c.starts_on, ends_on: endsOn, carriers });
}

/** The trail (when the policy has an enrollment), the audit row and the member's mail of a renewal's change. */
export async function tell(
  deps: RenewalChangeDeps,
  trx: repo.Db,
  c: changes.DueChange,
  kind: RenewalChangeKind,
  detail: Record<string, unknown>,
  closesOn: string | null = null,
  endsOn: string | null = null,
) {
  if (c.enrollment_id) await recordEvent(trx, c.enrollment_id, 'coverage_changed', detail);
  await repo.writeAudit(trx, null, `renewal.${kind}`, `policy:${c.policy_id}`, detail);
  if (!c.email) return;
  await deps.mailer.enqueue(trx, {
    kind: RENEWAL_CHANGE_MAIL_KIND,
    to: c.email,
    enrollmentId: c.enrollment_id,
    ...renewalChangeMail(storedLanguage(c.mail_lang), kind, {
      name: `${c.first_name} ${c.last_name}`,
      plan: c.plan_name,
      startsOn: c.starts_on,
      replacement: c.replacement_plan_name,
      priceCents: c.renewal_cents,
      closesOn,
      endsOn,
    }),
  });
}
