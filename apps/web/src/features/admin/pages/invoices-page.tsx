import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import { INVOICE_STATUS_WORDS, type TInvoice } from '@store/domain/list-bill';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useInvoices } from '../api/invoices';
import { AdminTable } from '../components/admin-table';
import { InvoicePaymentForm } from '../components/invoice-payment-form';
import { InvoiceReversalForm } from '../components/invoice-reversal-form';

/**
 * List bills (issue 39): every group's invoices, newest first, with what is due, paid and the status; a payment
 * received (check or ACH) is recorded against the group's newest invoice (an older one's balance is carried into it).
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  const list = useInvoices();
  const [paying, setPaying] = useState<TInvoice | null>(null);
  const [reversing, setReversing] = useState<TInvoice | null>(null);
  return (
    <section>
      <h1>{t('Invoices')}</h1>
      {list.isLoading && <Spinner />}
      {list.error && <Alert>{t(list.error.message)}</Alert>}
      {list.data && (
        <>
          <AdminTable
            caption={t('Invoices')}
            columns={[t('Invoice'), t('Group'), t('Month'), t('Due'), t('Amount due'), t('Paid'), t('Status'), '']}
            rows={list.data}
            empty={t('No invoices yet.')}
            row={(i) => (
              <tr key={i.id}>
                <td>{i.number}</td>
                <td>{i.gname}</td>
                <td>{i.period}</td>
                <td>{isoToUs(i.due_on)}</td>
                <td>{formatCents(i.amount_due_cents)}</td>
                <td>{formatCents(i.paid_cents)}</td>
                <td>{t(INVOICE_STATUS_WORDS[i.status])}</td>
                <td>
                  {i.status !== 'carried' && (
                    <Button
                      variant="secondary"
                      aria-label={t('Record a payment against invoice {{number}}', { number: i.number })}
                      onClick={() => {
                        setReversing(null);
                        setPaying(i);
                      }}
                    >
                      {t('Record payment')}
                    </Button>
                  )}
                  {i.payments.some((p) => p.amount_cents > 0) && (
                    <Button
                      variant="secondary"
                      aria-label={t('Reverse a payment of invoice {{number}}', { number: i.number })}
                      onClick={() => {
                        setPaying(null);
                        setReversing(i);
                      }}
                    >
                      {t('Reverse payment')}
                    </Button>
                  )}
                </td>
              </tr>
            )}
          />
          {paying && <InvoicePaymentForm key={paying.id} invoice={paying} onClose={() => setPaying(null)} />}
          {reversing && <InvoiceReversalForm key={reversing.id} invoice={reversing} onClose={() => setReversing(null)} />}
        </>
      )}
    </section>
  );
}
