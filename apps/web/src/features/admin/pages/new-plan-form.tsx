import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CATEGORIES } from '@store/domain/codes';
import { ZPlanCreate } from '@store/domain/admin-plans';
import { applyServerErrors } from '../../../components/form/server-errors';
import { SelectField, TextField } from '../../../components/form/fields';
import { Button } from '../../../components/ui/button';
import { useCreatePlan } from '../api';
import { useCarriers } from '../api/carriers';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';

const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c.key, label: c.name }));

type NewPlanIn = z.input<typeof ZPlanCreate>;
type NewPlanOut = z.output<typeof ZPlanCreate>;

/** Creates a plan (inactive until its rates are in); the plan page then edits texts, rates and questions. */
export function NewPlanForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePlan();
  // The plan's carrier decides which reps offer it (their appointments, decision 2640).
  const carriers = useCarriers();
  const carrierOptions = (carriers.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const outcome = useSaveOutcome();
  const { attempt } = outcome;
  const { register, handleSubmit, setError, formState } = useForm<NewPlanIn, unknown, NewPlanOut>({
    resolver: zodResolver(ZPlanCreate),
    defaultValues: {
      plan_name: '',
      category: 'dental',
      carrier_id: '',
      active: false,
      featured: false,
      sort_order: 0,
      plan_short_text: '',
      rules: {},
    },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async (values) => {
    let planId: number | undefined;
    // Created, the plan's page opens (it is the confirmation).
    const created = await attempt(
      async () => {
        planId = (await create.mutateAsync(values)).plan_id;
      },
      null,
      (err) => applyServerErrors(err, setError, ['plan_id', 'plan_name', 'category', 'carrier_id']),
    );
    if (created) navigate(`/admin/plans/${planId}`);
  });
  const e = formState.errors;
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate>
      <h2>{t('New plan')}</h2>
      <p className="muted">{t('A new plan stays inactive until you enter its rates and mark it active.')}</p>
      <SaveOutcome outcome={outcome} form={formState} />
      <div className="admin-form">
        <TextField label={t('Plan id')} inputMode="numeric" error={e.plan_id?.message} {...register('plan_id')} />
        <TextField label={t('Plan name')} error={e.plan_name?.message} {...register('plan_name')} />
        <SelectField label={t('Category')} options={CATEGORY_OPTIONS} error={e.category?.message} {...register('category')} />
        <SelectField
          label={t('Carrier')}
          placeholder="Choose a carrier"
          options={carrierOptions}
          error={e.carrier_id?.message}
          {...register('carrier_id')}
        />
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Create plan')}
        </Button>
      </div>
    </form>
  );
}
