import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import {
  REFUNDS_DUE_TEXT as R,
  refundDueWhyText,
  ZRefundDueSettleIn,
  type TRefundDue,
  type TRefundDueSettleIn,
} from '@store/domain/refunds-due';
import type { TDashboard } from '@store/domain/admin-dashboard';
import { TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSettleRefundDue } from '../api/dashboard';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

/**
 * Decision 2871: refunds left to the operator (a merged open enrollment choice's month the processor refused or did
 * not answer, or a bank debit already sent), oldest first: who, which enrollment, how much, why and since when. The
 * operator refunds by hand and marks each settled with a note; it leaves the list.
 */
export function RefundsDue({ refunds }: { refunds: TDashboard['refunds_due'] }) {
  const { t } = useTranslation();
  const [settled, setSettled] = useState<string | null>(null);
  if (refunds.count === 0 && !settled) return null;
  return (
    <section className="admin-card" aria-labelledby="dash-refunds-due">
      <h2 id="dash-refunds-due" tabIndex={-1}>
        {t(R.TITLE)} <span className="admin-tile-count">{refunds.count}</span>
      </h2>
      <Alert kind="success">{settled && t(settled)}</Alert>
      {refunds.count > 0 && (
        <p>
          {t(R.TOTAL)}: {formatCents(refunds.cents)}
        </p>
      )}
      <ol className="admin-unconfirmed">
        {refunds.items.map((r) => (
          <li key={r.id}>
            <Link
              to={`/admin/enrollments/${r.enrollment_id}`}
            >{`${r.member ?? r.confirmation_number ?? r.enrollment_id}: ${formatCents(r.amount_cents)}`}</Link>
            <span className="muted"> {describe(t, r)}</span>
            <SettleForm id={r.id} onSettled={() => setSettled(R.SETTLED)} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function describe(t: (s: string) => string, r: TRefundDue) {
  return [
    r.part === 'plan' ? `${r.plan_name ?? ''} (${t(R.PART_PLAN)})` : t(R.PART_MEMBERSHIP),
    r.confirmation_number,
    t(refundDueWhyText(r.why)) + (r.message ? `: ${r.message}` : ''),
    `${t(R.SINCE)} ${isoToUs(r.since.slice(0, 10))}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function SettleForm({ id, onSettled }: { id: number; onSettled: () => void }) {
  const { t } = useTranslation();
  const settle = useSettleRefundDue(id);
  const outcome = useSaveOutcome();
  const { register, handleSubmit, setError, formState } = useForm<TRefundDueSettleIn>({
    resolver: zodResolver(ZRefundDueSettleIn),
    defaultValues: { note: '' },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((values) =>
    outcome.attempt(
      async () => {
        await settle.mutateAsync(values);
        onSettled();
      },
      null,
      (err) => applyServerErrors(err, setError, ['note']),
    ),
  );
  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate>
      <SaveOutcome outcome={outcome} form={formState} />
      <TextField
        label={t(R.NOTE)}
        maxLength={500}
        error={formState.errors.note?.message ? t(formState.errors.note.message) : undefined}
        {...register('note')}
      />
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t(R.SETTLE)}
        </Button>
      </div>
    </form>
  );
}
