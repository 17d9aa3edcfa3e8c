import type { Kysely } from 'kysely';
import { nextEasternMidnight } from '@store/domain/dates';
import type { TDashboard } from '@store/domain/admin-dashboard';
import type { Database } from '../../db/schema.ts';
import { refundsDue } from '../billing/index.ts';
import { unconfirmedPayments } from '../coverage-confirmation/index.ts';
import { iso } from './iso.ts';
import * as repo from './dashboard-repository.ts';

/** The start of today, US Eastern (the store's day): the midnight that followed this time yesterday. */
export const startOfEasternDay = (now: Date) => nextEasternMidnight(new Date(now.getTime() - 86_400_000));

/** The most of the unconfirmed paid plans the dashboard lists (the oldest). */
const UNCONFIRMED_SHOWN = 50;

/** The console's dashboard (issue 37): today's enrollments, files waiting for or refused by carriers, failed mail. */
export async function dashboard(db: Kysely<Database>, now = new Date()): Promise<TDashboard> {
  const since = startOfEasternDay(now);
  const [today, waiting, failed, mail, unconfirmed, refunds] = await Promise.all([
    repo.completedSince(db, since),
    repo.unacknowledgedFiles(db),
    repo.failedFiles(db),
    repo.failedMail(db),
    unconfirmedPayments(db, now),
    refundsDue(db),
  ]);
  return {
    today: {
      count: today.count,
      items: today.items.map((e) => ({
        label: e.name || e.confirmation_number || e.id,
        href: `/admin/enrollments/${e.id}`,
        at: iso(e.completed_at),
        detail: e.confirmation_number,
      })),
    },
    unacknowledged: {
      count: waiting.count,
      overdue: waiting.overdue,
      items: waiting.items.map((f) => ({
        label: f.file_name,
        href: `/admin/carrier-files/${f.id}`,
        at: iso(f.delivered_at),
        detail: f.overdue ? `${f.carrier} · overdue` : f.carrier,
      })),
    },
    failed_files: {
      count: failed.count,
      items: failed.items.map((f) => ({
        label: f.file_name,
        href: `/admin/carrier-files/${f.id}`,
        at: iso(f.created_at),
        detail: `${f.carrier} · ${f.status}`,
      })),
    },
    failed_mail: {
      count: mail.count,
      items: mail.items.map((m) => ({ label: m.subject, href: `/admin/outbox/${m.id}`, at: iso(m.created_at), detail: m.kind })),
    },
    // Issue 39: paid plans the carrier has not confirmed within its window, oldest first, with the premium held.
    unconfirmed: {
      count: unconfirmed.length,
      held_cents: unconfirmed.reduce((n, u) => n + u.item.held_cents, 0),
      items: unconfirmed.slice(0, UNCONFIRMED_SHOWN).map((u) => u.item),
    },
    // Decision 2871: refunds left to the operator (a merged choice's month), oldest first, until marked settled.
    refunds_due: refunds,
  };
}
