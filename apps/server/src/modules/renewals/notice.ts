import type { Transaction } from 'kysely';
import { addDaysIso, isoToUs, nextEasternMidnight, todayIso } from '@store/domain/dates';
import { centsToDollars } from '@store/domain/format';
import { RENEWAL_NOTICE_DAYS } from '@store/domain/renewals';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { storedLanguage, type MailLang } from '../../lib/mail-i18n.ts';
import type { Job } from '../../plugins/jobs.ts';
import * as repo from './repository.ts';
import { memberRenewal, priceRenewals } from './service.ts';
import { applyRenewalChanges, type RenewalChangeDeps } from './change-service.ts';
import { openEnrollmentDay } from './open-enrollment.ts';

export const RENEWAL_DAY_KIND = 'renewal-day';
export const RENEWAL_MAIL_KIND = 'renewal-notice';

const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');
const money = (cents: number) => `$${centsToDollars(cents)}`;
const TEXTS = {
  en: {
    subject: 'Your coverage from {date}',
    hello: 'Dear {name},',
    intro: 'Your plans renew on {date}. This year you pay {current} a month; from {date} you pay {renewal} a month.',
    line: '{plan}: {current} a month now, {renewal} a month from {date}.',
    replaced: '{plan} ends on {date}; it is replaced by {replacement} at {renewal} a month.',
    ended: '{plan} ends on {date} and is not renewed.',
    keep: 'You need to do nothing to keep your coverage. To change it, sign in to your member home.',
  },
  es: {
    subject: 'Su cobertura desde el {date}',
    hello: 'Estimado(a) {name}:',
    intro: 'Sus planes se renuevan el {date}. Este año paga {current} al mes; desde el {date} pagará {renewal} al mes.',
    line: '{plan}: {current} al mes ahora, {renewal} al mes desde el {date}.',
    replaced: '{plan} termina el {date}; lo reemplaza {replacement} por {renewal} al mes.',
    ended: '{plan} termina el {date} y no se renueva.',
    keep: 'No necesita hacer nada para mantener su cobertura. Para cambiarla, entre a su página de miembro.',
  },
} as const;

/** The renewal mail: next year's price beside this year's, per plan, or the replacement plan. */
export function renewalMail(lang: MailLang, name: string, r: NonNullable<Awaited<ReturnType<typeof memberRenewal>>['renewal']>) {
  const t = TEXTS[lang];
  const date = isoToUs(r.starts_on);
  const lines = [fill(t.hello, { name }), fill(t.intro, { date, current: money(r.current_cents), renewal: money(r.renewal_cents) })];
  for (const l of r.lines) {
    const v = { plan: l.plan_name, date, current: money(l.current_cents), renewal: l.renewal_cents === null ? '' : money(l.renewal_cents) };
    if (l.replacement_plan_name) lines.push(fill(t.replaced, { ...v, replacement: l.replacement_plan_name }));
    else if (l.renewal_cents === null) lines.push(fill(t.ended, v));
    else lines.push(fill(t.line, v));
  }
  lines.push(t.keep);
  return { subject: fill(t.subject, { date }), text: lines.join('\n\n'), html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') };
}

type NoticeDeps = Pick<Deps, 'mailer'>;

/**
 * The renewal mails due `today`: each member whose renewal date is within RENEWAL_NOTICE_DAYS gets one mail per
 * renewal date (renewal_notices' key: a day run twice, or by two processes, mails once). Returns how many were queued.
 */
export async function mailRenewalNotices(deps: NoticeDeps, trx: repo.Db, today: string): Promise<number> {
  let sent = 0;
  for (;;) {
    const list = await repo.membersToNotify(trx, today, addDaysIso(today, RENEWAL_NOTICE_DAYS));
    if (list.length === 0) return sent;
    for (const m of list) {
      if (!(await repo.recordNotice(trx, m.user_id, m.starts_on))) continue;
      const { renewal } = await memberRenewal(trx, m.user_id, today);
      if (!m.email || !renewal || renewal.starts_on !== m.starts_on) continue;
      const lang = storedLanguage((await repo.mailLangOf(trx, m.enrollment_id))?.mail_lang);
      await deps.mailer.enqueue(trx, {
        kind: RENEWAL_MAIL_KIND,
        to: m.email,
        enrollmentId: m.enrollment_id,
        ...renewalMail(lang, `${m.first_name} ${m.last_name}`, renewal),
      });
      sent++;
    }
  }
}

/**
 * The renewal day: periods that start today go into the grid in force; discontinued plans' policies whose renewal
 * date has come move to their replacement or end (decision 2660); new policies are priced; the mails go out.
 */
export async function runRenewalDay(deps: RenewalChangeDeps, trx: repo.Db, today: string) {
  const due = await repo.duePeriods(trx, today);
  for (const p of due) await repo.applyPeriod(trx, p.plan_id, p.starts_on);
  const changed = await applyRenewalChanges(deps, trx, today);
  const openEnrollment = await openEnrollmentDay(deps, trx, today);
  const priced = await priceRenewals(trx, today);
  const mailed = await mailRenewalNotices(deps, trx, today);
  return { applied: due.length, changed, openEnrollment, priced, mailed };
}

type JobDeps = RenewalChangeDeps;

/** One pending renewal day job at a time, due at the next midnight in US Eastern time (as the billing day's). */
export async function ensureRenewalDayJob(deps: JobDeps, trx?: Transaction<Database>, running?: Job): Promise<void> {
  await deps.jobs.ensureOne(trx, { kind: RENEWAL_DAY_KIND, dueAt: nextEasternMidnight(deps.jobs.now()), exceptId: running?.id });
}

export async function renewalDayJob(deps: JobDeps, trx: Transaction<Database>, job: Job): Promise<'done'> {
  const day = todayIso(deps.jobs.now());
  const figures = await runRenewalDay(deps, trx, day);
  deps.log.info(
    { renewals: figures },
    `Renewal day ${day}: ${figures.applied} period(s) applied, ${figures.changed} policy change(s), ${figures.mailed} mail(s).`,
  );
  await ensureRenewalDayJob(deps, trx, job);
  deps.mailer.flushSoon();
  return 'done';
}
