import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TEXT as T, type TDashboard, type TDashboardItem } from '@store/domain/admin-dashboard';
import { COVERAGE_CONFIRMATION_TEXT as C } from '@store/domain/coverage-confirmation';
import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import { REFUNDS_DUE_TEXT as R } from '@store/domain/refunds-due';
import { Alert, Spinner } from '../../../components/ui/alert';
import { useDashboard } from '../api/dashboard';
import { RefundsDue } from '../components/refunds-due';
import { when } from '../components/when';

/**
 * /admin: what happened today and what needs the operator (issue 37), each count leading to its page. Other areas
 * (payments, ACH files) add their own tiles beside these.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const d = useDashboard();
  if (d.isLoading) return <Spinner />;
  if (!d.data) return <Alert>{t('Something went wrong. Please try again.')}</Alert>;
  const { today, unacknowledged, failed_files, failed_mail, unconfirmed, refunds_due } = d.data;
  const needs = failed_files.count + failed_mail.count + unacknowledged.overdue + unconfirmed.count + refunds_due.count;
  return (
    <section className="admin-dashboard">
      <h1>{t(T.TITLE)}</h1>
      <section className="admin-card" aria-labelledby="dash-needs">
        <h2 id="dash-needs">{t(T.NEEDS_YOU)}</h2>
        {needs === 0 ? (
          <p>{t(T.NOTHING)}</p>
        ) : (
          <ul>
            {failed_files.count > 0 && (
              <li>
                <Link to="/admin/carrier-files">{`${t(T.FAILED_FILES)}: ${failed_files.count}`}</Link>
              </li>
            )}
            {unacknowledged.overdue > 0 && (
              <li>
                <Link to="/admin/carrier-files">{`${t(T.UNACKNOWLEDGED)}, ${t(T.OVERDUE)}: ${unacknowledged.overdue}`}</Link>
              </li>
            )}
            {failed_mail.count > 0 && (
              <li>
                <Link to="/admin/outbox">{`${t(T.FAILED_MAIL)}: ${failed_mail.count}`}</Link>
              </li>
            )}
            {unconfirmed.count > 0 && (
              <li>
                <a href="#dash-unconfirmed">{`${t(C.DASHBOARD_TITLE)}: ${unconfirmed.count}`}</a>
              </li>
            )}
            {refunds_due.count > 0 && (
              <li>
                <a href="#dash-refunds-due">{`${t(R.TITLE)}: ${refunds_due.count}`}</a>
              </li>
            )}
          </ul>
        )}
      </section>
      {unconfirmed.count > 0 && <UnconfirmedPayments unconfirmed={unconfirmed} />}
      <RefundsDue refunds={refunds_due} />
      <div className="admin-dashboard-grid">
        <Tile id="dash-today" title={t(T.TODAY)} count={today.count} items={today.items} all="/admin/enrollments" />
        <Tile
          id="dash-unack"
          title={t(T.UNACKNOWLEDGED)}
          count={unacknowledged.count}
          items={unacknowledged.items}
          all="/admin/carrier-files"
        />
        <Tile
          id="dash-failed-files"
          title={t(T.FAILED_FILES)}
          count={failed_files.count}
          items={failed_files.items}
          all="/admin/carrier-files"
        />
        <Tile id="dash-failed-mail" title={t(T.FAILED_MAIL)} count={failed_mail.count} items={failed_mail.items} all="/admin/outbox" />
      </div>
    </section>
  );
}

function Tile({ id, title, count, items, all }: { id: string; title: string; count: number; items: TDashboardItem[]; all: string }) {
  const { t } = useTranslation();
  return (
    <section className="admin-card admin-tile" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="admin-tile-count">{count}</span>
      </h2>
      {items.length > 0 && (
        <ul>
          {items.map((i) => (
            <li key={i.href}>
              <Link to={i.href}>{i.label}</Link>
              <span className="muted"> {[i.detail, i.at ? when(i.at) : null].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to={all}>{t('See all')}</Link>
    </section>
  );
}

/** Issue 39: paid plans their carrier has not confirmed within its window, oldest first, with the premium held. */
function UnconfirmedPayments({ unconfirmed }: { unconfirmed: TDashboard['unconfirmed'] }) {
  const { t } = useTranslation();
  return (
    <section className="admin-card" aria-labelledby="dash-unconfirmed">
      <h2 id="dash-unconfirmed" tabIndex={-1}>
        {t(C.DASHBOARD_TITLE)} <span className="admin-tile-count">{unconfirmed.count}</span>
      </h2>
      <p>
        {t('Premium held')}: {formatCents(unconfirmed.held_cents)}
      </p>
      <ol className="admin-unconfirmed">
        {unconfirmed.items.map((u) => (
          <li key={u.policy_id}>
            <Link to={`/admin/enrollments/${u.enrollment_id}`}>{`${u.member}: ${u.plan_name}`}</Link>
            <span className="muted">
              {' '}
              {[
                u.carrier,
                `${t('paid since')} ${isoToUs(u.paid_since.slice(0, 10))}`,
                `${formatCents(u.held_cents)} ${t(C.DASHBOARD_HELD)}`,
              ].join(' · ')}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
