import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@store/domain/pricing';
import { LEDGER_TEXT, ZRefundRequest, type TLedgerRow } from '@store/domain/ledger';
import { TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { useRefundPayment } from '../api/ledger';
import { useFreshSecondFactor } from './fresh-second-factor';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

type RefundIn = z.input<typeof ZRefundRequest>;
const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * A refund of a card payment (issue 36): the amount (at most what was paid and not yet refunded: the server says so
 * beside the field) and why; the server asks for a fresh code of the authenticator first. The form's key makes the
 * same refund sent twice (a double click, a retry after the code) one refund.
 */
export function RefundForm({ row, onClose }: { row: TLedgerRow; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const refund = useRefundPayment();
  const { guard, dialog } = useFreshSecondFactor();
  const outcome = useSaveOutcome();
  const [key] = useState(() => crypto.randomUUID());
  const { register, handleSubmit, setError, formState } = useForm<RefundIn>({
    resolver: zodResolver(ZRefundRequest),
    defaultValues: { payment_id: row.payment_id ?? 0, amount: dollars(row.amount_cents), reason: '', key },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((values) =>
    outcome.attempt(
      () => guard(() => refund.mutateAsync({ ...values, key })),
      LEDGER_TEXT.REFUND_MADE,
      (err) => applyServerErrors(err, setError, ['amount', 'reason']),
    ),
  );
  const error = (m?: string) => (m ? t(m) : undefined);
  return (
    <>
      <form className="admin-form admin-card" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <h3 className="wide" id={titleId}>
          {t('Refund payment {{id}} ({{amount}}, {{period}})', {
            id: row.payment_id,
            amount: formatCents(row.amount_cents),
            period: row.period,
          })}
        </h3>
        <div className="wide">
          <SaveOutcome outcome={outcome} form={formState} />
        </div>
        <TextField
          label={t('Amount to refund ($)')}
          inputMode="decimal"
          error={error(formState.errors.amount?.message)}
          {...register('amount')}
        />
        <TextField label={t('Reason')} maxLength={200} error={error(formState.errors.reason?.message)} {...register('reason')} />
        <div className="admin-actions">
          <Button type="submit" busy={formState.isSubmitting}>
            {t('Refund')}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('Close')}
          </Button>
        </div>
      </form>
      {dialog}
    </>
  );
}
