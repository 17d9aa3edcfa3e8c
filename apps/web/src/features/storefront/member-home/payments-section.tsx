import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import { LEDGER_TEXT, STANDING_LABELS, type TMemberPayments } from '@store/domain/ledger';
import { MEMBER_HOME_TEXT } from '@store/domain/member-home';
import { Alert, Spinner } from '../../../components/ui/alert';
import { useMemberPayments } from './api/get-member-payments';
import { ConfirmPayment } from './confirm-payment';

type Enrollment = TMemberPayments['enrollments'][number];

/** A billing period (yyyy-mm) as its month and year, in the page's language. */
export function periodLabel(period: string, lang: string): string {
  return new Date(`${period}-01T12:00:00Z`).toLocaleDateString(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The member's Payments (issue 36): per enrollment, what was paid and refunded (the ledger's amounts), what is due next
 * and when (the one schedule), and a failed payment with how to fix it: change the payment method (the section below).
 */
export function PaymentsSection() {
  const { t } = useTranslation();
  const payments = useMemberPayments();
  return (
    <section className="card mh-section" aria-labelledby="mh-payments">
      <h2 id="mh-payments">{t(LEDGER_TEXT.PAYMENTS)}</h2>
      {payments.isLoading && <Spinner />}
      {payments.error && <Alert>{t(payments.error.message)}</Alert>}
      {payments.data?.enrollments.length === 0 && <p>{t('No payments yet.')}</p>}
      {payments.data?.enrollments.map((e) => (
        <EnrollmentPayments key={e.enrollment_id} e={e} />
      ))}
    </section>
  );
}

function EnrollmentPayments({ e }: { e: Enrollment }) {
  const { t, i18n } = useTranslation();
  const month = (p: string) => periodLabel(p, i18n.language);
  return (
    <div className="mh-payments">
      {e.confirmation_number && <h3>{t('Confirmation {{number}}', { number: e.confirmation_number })}</h3>}
      {e.failed && (
        <Alert kind="warning">
          <strong>{t('A payment failed')}</strong>{' '}
          {t('{{amount}} for {{month}}, due {{date}}: {{reason}}', {
            amount: formatCents(e.failed.amount_cents),
            month: month(e.failed.period),
            date: isoToUs(e.failed.due_on),
            reason: t(e.failed.reason),
          })}{' '}
          {e.failed.next_try_on && t('We will try again on {{date}}.', { date: isoToUs(e.failed.next_try_on) })}{' '}
          {t('Pay by {{date}} to keep your coverage: change your payment method and we use it for the next try.', {
            date: isoToUs(e.failed.grace_ends_on),
          })}{' '}
          <a href="#mh-payment">{t(MEMBER_HOME_TEXT.CHANGE_PAYMENT)}</a>
          {e.failed.confirm_payment_id !== null && <ConfirmPayment paymentId={e.failed.confirm_payment_id} />}
        </Alert>
      )}
      <dl className="mh-facts">
        <dt>{t('Payment standing')}</dt>
        <dd>{t(STANDING_LABELS[e.standing])}</dd>
        <dt>{t('Next payment')}</dt>
        <dd>
          {e.method === 'list_bill'
            ? t('Your group pays for this coverage.')
            : e.next
              ? t('{{amount}} on {{date}}, for {{month}}', {
                  amount: formatCents(e.next.amount_cents),
                  date: isoToUs(e.next.due_on),
                  month: month(e.next.period),
                })
              : '—'}
        </dd>
      </dl>
      {e.paid.length + e.refunded.length > 0 ? (
        <table className="mh-paid">
          <caption>{t('Paid')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Date')}</th>
              <th scope="col">{t('For')}</th>
              <th scope="col">{t('Amount')}</th>
            </tr>
          </thead>
          <tbody>
            {e.paid.map((p, i) => (
              <tr key={`p${i}`}>
                <td>{isoToUs(p.on)}</td>
                <td>{month(p.period)}</td>
                <td>{formatCents(p.amount_cents)}</td>
              </tr>
            ))}
            {e.refunded.map((p, i) => (
              <tr key={`r${i}`}>
                <td>{isoToUs(p.on)}</td>
                <td>{`${month(p.period)} (${t('refund')})`}</td>
                <td>{formatCents(-p.amount_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('No payments yet.')}</p>
      )}
    </div>
  );
}
