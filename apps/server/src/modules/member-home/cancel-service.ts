import { CANCEL_TEXT, coverageEndOnCancel, type TCancelPlanResponse } from '@store/domain/coverage-changes';
import { isoToUs, todayIso } from '@store/domain/dates';
import { HttpError, notFound } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { storedLanguage, type MailLang } from '../../lib/mail-i18n.ts';
import type { TrailWriter } from '../../lib/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { stopLaterPayments } from '../billing/index.ts';
import { isoDate, MEMBER_CANCEL_REASON, queueCarrierFiles } from '../carriers/index.ts';
import * as repo from './cancel-repository.ts';
import { writeAudit } from './repository.ts';

export const CANCEL_MAIL_KIND = 'plan-cancelled';
export type CancelTrail = TrailWriter<'coverage_changed'>;

const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');
const MAIL = {
  en: { subject: 'Your {plan} is cancelled', hello: 'Dear {name},', done: CANCEL_TEXT.DONE },
  es: {
    subject: 'Su {plan} está cancelado',
    hello: 'Estimado(a) {name}:',
    done: 'Su {plan} termina el {date}. No le cobraremos más por él y se lo informamos a la aseguradora.',
  },
} as const;
function cancelMail(lang: MailLang, v: { name: string; plan: string; date: string }) {
  const t = MAIL[lang];
  const lines = [fill(t.hello, v), fill(t.done, v)];
  return { subject: fill(t.subject, v), text: lines.join('\n\n'), html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') };
}

/**
 * The member cancels one of their plans from the home (issue 38), in one transaction: coverage ends on the last day of
 * the month paid (the first month is paid at enrollment; later ones by the billing run), so the billing run charges it
 * no more; the membership added with it ends with it; each carrier that holds it gets an 834 cancellation of the plan
 * (INS03 024, INS04 14, its end date); a payment already created for a later period stops (billing's plan-stop-repository.ts);
 * the trail, the audit row and a mail that says all of it.
 */
export async function cancelPlan(
  deps: Deps,
  trail: CancelTrail,
  account: { id: number },
  userId: number,
  policyId: number,
  today: string = todayIso(),
): Promise<TCancelPlanResponse> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const p = await repo.lockMemberPolicy(trx, userId, policyId);
    if (!p || !p.enrollment_id) throw notFound();
    if (p.ends_on || p.status !== 'ACTIVE') throw new HttpError(409, CANCEL_TEXT.ALREADY);
    const s = await repo.scheduleOf(trx, p.enrollment_id);
    const schedule = s
      ? {
          first_charge_on: isoDate(s.first_charge_on)!,
          starts_on: isoDate(s.starts_on)!,
          recurring_from: isoDate(s.recurring_from)!,
          bill_day: s.bill_day,
        }
      : null;
    const endsOn = coverageEndOnCancel(schedule, await repo.paidIndexes(trx, p.enrollment_id), today);
    const memberships = await repo.membershipsOf(trx, p.enrollment_id, p.plan_id);
    await repo.endPolicies(trx, [p.policy_id, ...memberships.map((m) => m.policy_id)], endsOn);
    // A payment already created for a later period (not yet charged) loses these plans' cents, or is voided.
    const stopped = await stopLaterPayments(trx, p.enrollment_id, [p.plan_id, ...memberships.map((m) => m.plan_id)], endsOn);
    let carriers = 0;
    for (const planId of [p.plan_id, ...memberships.map((m) => m.plan_id)])
      carriers += await queueCarrierFiles(deps, trx, p.enrollment_id, {
        maintenance: '024',
        reason: MEMBER_CANCEL_REASON,
        effectiveDate: endsOn,
        planId,
      });
    const detail = { kind: 'cancel', plan_id: p.plan_id, ends_on: endsOn, carriers, payments: stopped, source: 'member-home' };
    await trail(trx, p.enrollment_id, 'coverage_changed', detail);
    await writeAudit(trx, account.id, 'member.plan.cancel', `policy:${p.policy_id}`, detail);
    if (p.email)
      await deps.mailer.enqueue(trx, {
        kind: CANCEL_MAIL_KIND,
        to: p.email,
        enrollmentId: p.enrollment_id,
        ...cancelMail(storedLanguage(p.mail_lang), { name: `${p.first_name} ${p.last_name}`, plan: p.plan_name, date: isoToUs(endsOn) }),
      });
    return { policy_id: p.policy_id, plan_name: p.plan_name, ends_on: endsOn, carrier_files: carriers };
  });
  deps.mailer.flushSoon();
  return result;
}
