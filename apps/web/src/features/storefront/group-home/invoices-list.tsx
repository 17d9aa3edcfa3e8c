import { useTranslation } from 'react-i18next';
import { INVOICE_LINE_WORDS, INVOICE_STATUS_WORDS, LIST_BILL_TEXT, type TInvoice } from '@store/domain/list-bill';
import { formatCents } from '@store/domain/pricing';
import { isoToUs } from '@store/domain/dates';
import { Alert, Spinner } from '../../../components/ui/alert';
import { invoicePdfHref, useGroupInvoices } from './api/invoices';

/** A month as words in the reader's language: 2027-01 → January 2027. */
const monthWords = (period: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period}-01T12:00:00Z`),
  );

/**
 * The group's list bills (issue 39): each invoice with its month, amount due and status (open, paid, overdue, or its
 * balance carried to the next), its lines (a premium per employee, adjustments for employees added or ended since the
 * last invoice), the payments received, and its PDF.
 */
export function InvoicesList() {
  const { t, i18n } = useTranslation();
  const q = useGroupInvoices();
  if (q.isLoading) return <Spinner />;
  if (!q.data) return <Alert>{t('Your invoices could not be loaded.')}</Alert>;
  const list = q.data.invoices;
  return (
    <section className="card group-home-card" aria-labelledby="gh-invoices-title">
      <h2 id="gh-invoices-title">{t(LIST_BILL_TEXT.INVOICES)}</h2>
      {list.length === 0 ? (
        <p>{t(LIST_BILL_TEXT.NO_INVOICES)}</p>
      ) : (
        <ul className="group-home-invoices">
          {list.map((inv) => (
            <li key={inv.id}>
              <Invoice inv={inv} month={monthWords(inv.period, i18n.language)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Invoice({ inv, month }: { inv: TInvoice; month: string }) {
  const { t } = useTranslation();
  const titleId = `gh-invoice-${inv.id}`;
  return (
    <article className="group-home-invoice" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('Invoice {{number}}, {{month}}', { number: inv.number, month })}</h3>
      <p>
        <span className={`status-badge invoice-${inv.status}`}>{t(INVOICE_STATUS_WORDS[inv.status])}</span>{' '}
        {t('{{amount}} due {{date}}', { amount: formatCents(inv.amount_due_cents), date: isoToUs(inv.due_on) })}
        {inv.paid_cents > 0 && <> · {t('{{amount}} paid', { amount: formatCents(inv.paid_cents) })}</>}
      </p>
      <details>
        <summary>{t('Lines and payments')}</summary>
        <div className="group-home-scroll" tabIndex={0} role="region" aria-label={t('Lines of invoice {{number}}', { number: inv.number })}>
          <table className="group-home-table">
            <thead>
              <tr>
                <th scope="col">{t('Employee')}</th>
                <th scope="col">{t('Month')}</th>
                <th scope="col">{t('Amount')}</th>
              </tr>
            </thead>
            <tbody>
              {inv.lines.map((l, i) => (
                <tr key={i}>
                  <th scope="row">
                    {l.label}
                    <br />
                    <small>{t(INVOICE_LINE_WORDS[l.kind])}</small>
                  </th>
                  <td>
                    {l.covers_period}
                    {l.kind !== 'premium' && <small> ({t('{{days}} days', { days: l.days })})</small>}
                  </td>
                  <td>{formatCents(l.amount_cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('Balance carried from earlier invoices')}
                </th>
                <td>{formatCents(inv.previous_balance_cents)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('Amount due')}
                </th>
                <td>{formatCents(inv.amount_due_cents)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        {inv.payments.length > 0 && (
          <ul>
            {inv.payments.map((p, i) => (
              <li key={i}>
                {t('{{method}} {{reference}}: {{amount}} received {{date}}', {
                  method: p.method === 'check' ? t('Check') : 'ACH',
                  reference: p.reference,
                  amount: formatCents(p.amount_cents),
                  date: isoToUs(p.received_on),
                })}
              </li>
            ))}
          </ul>
        )}
      </details>
      <p>
        <a href={invoicePdfHref(inv.id)} download>
          {t('Download invoice {{number}} (PDF)', { number: inv.number })}
        </a>
      </p>
    </article>
  );
}
