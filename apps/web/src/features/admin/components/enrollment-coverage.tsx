import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@store/domain/pricing';
import {
  COVERAGE_CONFIRMATION_TEXT as T,
  ZConfirmCoverageRequest,
  ZRejectCoverageRequest,
  ZSettleRejectionRequest,
  type TConfirmCoverageRequest,
  type TPolicyCoverage,
  type TRejectCoverageRequest,
  type TSettleRejectionRequest,
} from '@store/domain/coverage-confirmation';
import { SelectField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { useConfirmCoverage, useEnrollmentCoverage, useRejectCoverage, useSettleRejectedPremium } from '../api/coverage';
import { Loaded } from './admin-table';
import { useFreshSecondFactor } from './fresh-second-factor';
import { SaveOutcome, useSaveOutcome } from './save-outcome';
import { when } from './when';

/**
 * Issue 39: each plan of the enrollment with its carrier's confirmation (an effectuation 834 or the operator's record,
 * with the carrier's policy number); the operator records a confirmation or a rejection, and settles a rejected plan's
 * premium (refund or hold). A 999 accepting the 834 does not confirm.
 */
export function EnrollmentCoverage({ id }: { id: string }) {
  const { t } = useTranslation();
  const plans = useEnrollmentCoverage(id);
  return (
    <div className="admin-card">
      <h2>{t("Carrier's confirmation")}</h2>
      <Loaded loading={plans.isLoading} error={plans.error && t(plans.error.message)}>
        {!plans.data?.length ? (
          <p className="muted">{t('No plan of a carrier in this enrollment.')}</p>
        ) : (
          plans.data.map((p) => <PlanCoverage key={p.policy_id} plan={p} />)
        )}
      </Loaded>
    </div>
  );
}

function statusText(p: TPolicyCoverage, t: (s: string) => string) {
  if (p.carrier_status === 'confirmed') return `${t(T.CONFIRMED)} · ${t(T.CARRIER_POLICY_NUMBER)} ${p.carrier_policy_number ?? '—'}`;
  if (p.carrier_status === 'rejected') return `${t(T.REJECTED)}: ${p.carrier_rejection_reason ?? ''}`;
  return t(T.NOT_CONFIRMED);
}

function PlanCoverage({ plan: p }: { plan: TPolicyCoverage }) {
  const { t } = useTranslation();
  return (
    <section aria-label={`${p.plan_name} (${p.carrier ?? ''})`}>
      <h3>
        {p.plan_name} · {p.carrier}
      </h3>
      <p>
        {statusText(p, t)}
        {p.carrier_status_at && <span className="muted"> · {when(p.carrier_status_at)}</span>}
        {p.flagged && (
          <>
            {' '}
            <strong>{t('Paid and not confirmed within the carrier’s window')}</strong>
          </>
        )}
      </p>
      <p>
        {t('Premium collected for this plan')}: {formatCents(p.held_cents)}
        {p.rejection_settlement && ` · ${t(p.rejection_settlement === 'refunded' ? 'Refunded' : 'Held')}`}
      </p>
      {p.carrier_status !== 'rejected' && p.status === 'ACTIVE' && <ConfirmForm policyId={p.policy_id} />}
      {p.carrier_status !== 'rejected' && <RejectForm policyId={p.policy_id} />}
      {p.carrier_status === 'rejected' && !p.rejection_settlement && p.held_cents > 0 && <SettleForm policyId={p.policy_id} />}
    </section>
  );
}

function ConfirmForm({ policyId }: { policyId: number }) {
  const { t } = useTranslation();
  const confirm = useConfirmCoverage();
  const outcome = useSaveOutcome();
  const { register, handleSubmit, setError, formState } = useForm<TConfirmCoverageRequest>({
    resolver: zodResolver(ZConfirmCoverageRequest),
    defaultValues: { policy_number: '' },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((body) =>
    outcome.attempt(
      () => confirm.mutateAsync({ policyId, body }),
      "The carrier's confirmation was recorded.",
      (err) => applyServerErrors(err, setError, ['policy_number']),
    ),
  );
  const e = formState.errors.policy_number?.message;
  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-label={t("Record the carrier's confirmation")}>
      <div className="wide">
        <SaveOutcome outcome={outcome} form={formState} />
      </div>
      <TextField label={t(T.CARRIER_POLICY_NUMBER)} error={e && t(e)} {...register('policy_number')} />
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t("Record the carrier's confirmation")}
        </Button>
      </div>
    </form>
  );
}

function RejectForm({ policyId }: { policyId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const reject = useRejectCoverage();
  const outcome = useSaveOutcome();
  const { register, handleSubmit, setError, formState } = useForm<TRejectCoverageRequest>({
    resolver: zodResolver(ZRejectCoverageRequest),
    defaultValues: { reason: '' },
    shouldFocusError: false,
  });
  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t("Record the carrier's rejection")}
      </Button>
    );
  const onSubmit = handleSubmit((body) =>
    outcome.attempt(
      () => reject.mutateAsync({ policyId, body }),
      null,
      (err) => applyServerErrors(err, setError, ['reason']),
    ),
  );
  const e = formState.errors.reason?.message;
  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-label={t("Record the carrier's rejection")}>
      <div className="wide">
        <SaveOutcome outcome={outcome} form={formState} />
      </div>
      <TextField label={t("The carrier's reason")} maxLength={200} error={e && t(e)} {...register('reason')} />
      <div className="admin-actions">
        <Button type="submit" variant="danger" busy={formState.isSubmitting}>
          {t("Record the carrier's rejection")}
        </Button>
      </div>
    </form>
  );
}

function SettleForm({ policyId }: { policyId: number }) {
  const { t } = useTranslation();
  const settle = useSettleRejectedPremium();
  const outcome = useSaveOutcome();
  const { guard, dialog } = useFreshSecondFactor();
  const { register, handleSubmit, setError, formState } = useForm<TSettleRejectionRequest>({
    resolver: zodResolver(ZSettleRejectionRequest),
    defaultValues: { choice: 'refund' },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((body) =>
    outcome.attempt(
      () => guard(() => settle.mutateAsync({ policyId, body })),
      null,
      (err) => applyServerErrors(err, setError, ['choice']),
    ),
  );
  const e = formState.errors.choice?.message;
  return (
    <>
      <form className="admin-form" onSubmit={onSubmit} noValidate aria-label={t("The rejected plan's premium")}>
        <div className="wide">
          <SaveOutcome outcome={outcome} form={formState} />
        </div>
        <SelectField
          label={t("The rejected plan's premium")}
          options={[
            { value: 'refund', label: 'Refund it to the card' },
            { value: 'hold', label: 'Hold it (a ledger row)' },
          ]}
          error={e && t(e)}
          {...register('choice')}
        />
        <div className="admin-actions">
          <Button type="submit" busy={formState.isSubmitting}>
            {t('Settle the premium')}
          </Button>
        </div>
      </form>
      {dialog}
    </>
  );
}
