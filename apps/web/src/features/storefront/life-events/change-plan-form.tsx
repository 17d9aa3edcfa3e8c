import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isoToUs } from '@store/domain/dates';
import { formatCents } from '@store/domain/pricing';
import { EOI_TEXT } from '@store/domain/coverage-changes';
import { LIFE_EVENT_PLAN_TEXT, type TLifeEventPlanChangeResponse } from '@store/domain/life-event-plans';
import type { TLifeEvent } from '@store/domain/life-events';
import { Alert, Spinner } from '../../../components/ui/alert';
import { SelectField } from '../../../components/form/fields';
import { ChangeForm, useChangeSave } from '../member-home/change-form';
import { useChangeLifeEventPlan, useLifeEventPlanOptions } from './api';

const ZChangePlanForm = z.object({ to_plan_id: z.string().min(1, LIFE_EVENT_PLAN_TEXT.CHOOSE) });
type TChangePlanForm = z.infer<typeof ZChangePlanForm>;

/**
 * In an approved event's window: another plan of the same kind instead of one the member runs (issue 38, decision
 * 2650), each priced from the event's effective date; a plan that needs evidence of insurability says so.
 */
export function ChangePlanForm({ event, onDone }: { event: TLifeEvent; onDone: (r: TLifeEventPlanChangeResponse | null) => void }) {
  const { t } = useTranslation();
  const options = useLifeEventPlanOptions(event.id);
  const change = useChangeLifeEventPlan();
  const { register, handleSubmit, setError, formState } = useForm<TChangePlanForm>({
    resolver: zodResolver(ZChangePlanForm),
    defaultValues: { to_plan_id: '' },
    shouldFocusError: false,
  });
  let answer: TLifeEventPlanChangeResponse | null = null;
  const { formError, submit } = useChangeSave(
    async (v: TChangePlanForm) => {
      const [from, to] = v.to_plan_id.split(':').map(Number);
      answer = await change.mutateAsync({ id: event.id, body: { from_plan_id: from, to_plan_id: to } });
    },
    setError,
    (saved) => onDone(saved ? answer : null),
  );
  if (options.isLoading) return <Spinner />;
  if (options.error) return <Alert>{t(options.error.message)}</Alert>;
  const list = options.data?.options ?? [];
  return (
    <ChangeForm onSubmit={handleSubmit(submit)} formState={formState} formError={formError} onCancel={() => onDone(null)}>
      <SelectField
        label={t('Plan you want instead')}
        required
        placeholder="Choose a plan"
        hint={t('Prices from {{date}}.', { date: isoToUs(options.data?.effective_date ?? event.effective_date) })}
        options={list.map((o) => ({
          value: `${o.from_plan_id}:${o.plan_id}`,
          label: `${t('Instead of {{from}}: {{to}}, {{amount}} a month', {
            from: o.from_plan_name,
            to: o.plan_name,
            amount: formatCents(o.monthly_cents),
          })}${o.needs_evidence ? ` (${t(EOI_TEXT.PENDING)})` : ''}`,
        }))}
        error={formState.errors.to_plan_id?.message}
        {...register('to_plan_id')}
      />
    </ChangeForm>
  );
}

/** What a change of plan did: when the new plan starts and its price, or that it waits for the carrier's decision. */
export function PlanChangeDone({ r }: { r: TLifeEventPlanChangeResponse }) {
  const { t } = useTranslation();
  return (
    <Alert kind="success">
      {t(LIFE_EVENT_PLAN_TEXT.CHANGED)}{' '}
      {r.pending_evidence
        ? `${t(EOI_TEXT.PENDING)}: ${r.plan_name}. ${t(EOI_TEXT.EXPECTED)}`
        : t('{{plan}} starts on {{date}} at {{amount}} a month.', {
            plan: r.plan_name,
            date: isoToUs(r.effective_date),
            amount: formatCents(r.plan_monthly_cents),
          })}
    </Alert>
  );
}
