import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@store/domain/pricing';
import type { TInvoice } from '@store/domain/list-bill';
import { REVERSAL_TEXT, ZInvoicePaymentReversalForm, type TInvoicePaymentReversalForm } from '@store/domain/list-bill-reversal';
import { SelectField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { useReverseInvoicePayment } from '../api/invoices';
import { useFreshSecondFactor } from './fresh-second-factor';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

/**
 * A group's payment reversed (decision 2812): a check that bounced or an ACH credit returned, chosen by its reference,
 * with the reason. Money going back: the console asks for a fresh authenticator code, as for refunds. The form's key
 * makes a double submit one reversal.
 */
export function InvoiceReversalForm({ invoice, onClose }: { invoice: TInvoice; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const reverse = useReverseInvoicePayment();
  const outcome = useSaveOutcome();
  const { guard, dialog } = useFreshSecondFactor();
  const [key] = useState(() => crypto.randomUUID());
  const received = invoice.payments.filter((p) => p.amount_cents > 0);
  const { register, handleSubmit, setError, formState } = useForm<TInvoicePaymentReversalForm>({
    resolver: zodResolver(ZInvoicePaymentReversalForm),
    defaultValues: { reference: received.at(-1)?.reference ?? '', reason: '', key },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((values) =>
    outcome.attempt(
      async () => {
        await guard(() => reverse.mutateAsync({ id: invoice.id, body: { ...values, key } }));
      },
      REVERSAL_TEXT.REVERSED,
      (err) => applyServerErrors(err, setError, ['reference', 'reason']),
    ),
  );
  const error = (m?: string) => (m ? t(m) : undefined);
  return (
    <form className="admin-form admin-card" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 className="wide" id={titleId}>
        {t('Reverse a payment of invoice {{number}}', { number: invoice.number })}
      </h3>
      <div className="wide">
        <SaveOutcome outcome={outcome} form={formState} />
      </div>
      <SelectField
        label={t('Payment')}
        options={received.map((p) => ({
          value: p.reference,
          label: `${p.method === 'check' ? t('Check') : 'ACH'} ${p.reference}: ${formatCents(p.amount_cents)}`,
        }))}
        error={error(formState.errors.reference?.message)}
        {...register('reference')}
      />
      <TextField label={t('Why it is reversed')} maxLength={200} error={error(formState.errors.reason?.message)} {...register('reason')} />
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Reverse payment')}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('Close')}
        </Button>
      </div>
      {dialog}
    </form>
  );
}
