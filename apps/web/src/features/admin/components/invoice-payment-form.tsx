import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@store/domain/pricing';
import { LIST_BILL_TEXT, ZInvoicePaymentForm, type TInvoice, type TInvoicePaymentForm } from '@store/domain/list-bill';
import { SelectField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { useRecordInvoicePayment } from '../api/invoices';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

const dollars = (cents: number) => `${Math.floor(Math.max(cents, 0) / 100)}.${String(Math.max(cents, 0) % 100).padStart(2, '0')}`;

/**
 * A payment received against a list bill (issue 39): check or ACH, the amount (a short or over payment is carried to
 * the group's next invoice), the check number or ACH trace, the day received. The form's key records a double submit
 * once; the server's field errors show beside their fields.
 */
export function InvoicePaymentForm({ invoice, onClose }: { invoice: TInvoice; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const record = useRecordInvoicePayment();
  const outcome = useSaveOutcome();
  const [key] = useState(() => crypto.randomUUID());
  const { register, handleSubmit, setError, formState } = useForm<TInvoicePaymentForm>({
    resolver: zodResolver(ZInvoicePaymentForm),
    defaultValues: { method: 'check', amount: dollars(invoice.amount_due_cents - invoice.paid_cents), reference: '', received_on: '', key },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((values) =>
    outcome.attempt(
      () => record.mutateAsync({ id: invoice.id, body: { ...values, key } }),
      LIST_BILL_TEXT.PAYMENT_RECORDED,
      (err) => applyServerErrors(err, setError, ['method', 'amount', 'reference', 'received_on']),
    ),
  );
  const error = (m?: string) => (m ? t(m) : undefined);
  return (
    <form className="admin-form admin-card" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 className="wide" id={titleId}>
        {t('Record a payment against invoice {{number}} ({{amount}} due)', {
          number: invoice.number,
          amount: formatCents(invoice.amount_due_cents),
        })}
      </h3>
      <div className="wide">
        <SaveOutcome outcome={outcome} form={formState} />
      </div>
      <SelectField
        label={t('Paid by')}
        options={[
          { value: 'check', label: t('Check') },
          { value: 'ach', label: 'ACH' },
        ]}
        error={error(formState.errors.method?.message)}
        {...register('method')}
      />
      <TextField
        label={t('Amount received ($)')}
        inputMode="decimal"
        error={error(formState.errors.amount?.message)}
        {...register('amount')}
      />
      <TextField
        label={t('Check number or ACH trace')}
        maxLength={40}
        error={error(formState.errors.reference?.message)}
        {...register('reference')}
      />
      <TextField
        label={t('Received on (MM/DD/YYYY)')}
        inputMode="numeric"
        error={error(formState.errors.received_on?.message)}
        {...register('received_on')}
      />
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Record payment')}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('Close')}
        </Button>
      </div>
    </form>
  );
}
