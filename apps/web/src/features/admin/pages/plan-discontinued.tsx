import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { RENEWAL_TEXT, type TRatePeriods } from '@store/domain/renewals';
import { ErrorSummary, summaryOfForm } from '../../../components/form/error-summary';
import { TextField } from '../../../components/form/fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useSetPlanRenewal } from '../api';

interface Form {
  discontinued_on: string;
  replacement_plan_id: string;
}

/** The plan discontinued from a renewal date and the plan that replaces it (empty date: the plan renews). */
export function PlanDiscontinued({ planId, setting }: { planId: number; setting: TRatePeriods }) {
  const { t } = useTranslation();
  const save = useSetPlanRenewal(planId);
  const [done, setDone] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const { register, handleSubmit, setError, formState } = useForm<Form>({
    defaultValues: {
      discontinued_on: setting.discontinued_on ?? '',
      replacement_plan_id: setting.replacement_plan_id ? String(setting.replacement_plan_id) : '',
    },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async (f) => {
    setDone(null);
    try {
      await save.mutateAsync({
        discontinued_on: f.discontinued_on || null,
        replacement_plan_id: f.replacement_plan_id ? Number(f.replacement_plan_id) : null,
      });
      setDone(t(RENEWAL_TEXT.SETTING_SAVED));
    } catch (err) {
      for (const fe of err instanceof ApiError ? err.fieldErrors : [])
        setError(fe.target_element as keyof Form, { type: 'server', message: fe.error_message });
      setAttempts((n) => n + 1);
    }
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate>
      <h3>{t('Discontinued plan')}</h3>
      {done && <Alert kind="success">{done}</Alert>}
      <ErrorSummary items={summaryOfForm(formState.errors)} attempts={attempts} />
      <TextField
        label={t('Discontinued from (renewal date)')}
        type="date"
        error={e.discontinued_on?.message && t(e.discontinued_on.message)}
        {...register('discontinued_on')}
      />
      <TextField
        label={t('Replacement plan number')}
        inputMode="numeric"
        error={e.replacement_plan_id?.message && t(e.replacement_plan_id.message)}
        {...register('replacement_plan_id')}
      />
      <div className="admin-actions">
        <Button type="submit" busy={save.isPending}>
          {t('Save')}
        </Button>
      </div>
    </form>
  );
}
