import { z } from 'zod';
import { ZUnconfirmedPayment } from './coverage-confirmation.ts';
import { ZRefundsDueTile } from './refunds-due.ts';

/**
 * The console's first page (issue 37): what happened today and what needs the operator, each with its count and the
 * few newest items, each leading to its page.
 */
export const DASHBOARD_TEXT = {
  TITLE: 'Dashboard',
  TODAY: "Today's enrollments",
  UNACKNOWLEDGED: 'Carrier files not acknowledged',
  OVERDUE: 'past the acknowledgment window',
  FAILED_FILES: 'Carrier files failed or rejected',
  FAILED_MAIL: 'Mail that failed',
  NEEDS_YOU: 'What needs you',
  NOTHING: 'Nothing needs you now.',
} as const;

export const ZDashboardItem = z.object({
  /** What it is, in words (a carrier file's name, a mail's subject, a person's name). */
  label: z.string(),
  /** The console page that shows it. */
  href: z.string(),
  /** An ISO instant. */
  at: z.string().nullable(),
  detail: z.string().nullable(),
});
export type TDashboardItem = z.infer<typeof ZDashboardItem>;

const ZTile = z.object({ count: z.number().int(), items: z.array(ZDashboardItem) });

/** Issue 39: paid plans the carrier has not confirmed within its window, oldest first, with the premium held. */
const ZUnconfirmedTile = z.object({ count: z.number().int(), held_cents: z.number().int(), items: z.array(ZUnconfirmedPayment) });

export const ZDashboard = z.object({
  today: ZTile,
  unacknowledged: ZTile.extend({ overdue: z.number().int() }),
  failed_files: ZTile,
  failed_mail: ZTile,
  unconfirmed: ZUnconfirmedTile,
  /** Decision 2871: refunds left to the operator, oldest first. */
  refunds_due: ZRefundsDueTile,
});
export type TDashboard = z.infer<typeof ZDashboard>;
