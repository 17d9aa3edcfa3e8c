import { EoiPanel } from './eoi-page';
import { LifeEventsPanel } from './life-events-panel';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, Controller } from 'react-hook-form';
import { CATEGORIES } from '@store/domain/codes';
import { PLAN_TEXT_FIELDS, type TPlanDetail, type TPlanForm } from '@store/domain/admin-plans';
import { SelectField, TextAreaField, TextField } from '../../../components/form/fields';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { usePlan, usePlans, useUpdatePlan } from '../api';
import { ListPage, PagedTable, useListState } from '../components/paged-list';
import { ImageField } from '../components/image-field';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';
import { RatesEditor } from './plan-rates';
import { NextRates } from './next-rates';
import { QuestionsEditor } from './plan-questions';
import { PlanContentForm } from './plan-content-form';
import { NewPlanForm } from './new-plan-form';

const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c.key, label: c.name }));

export function PlansPage() {
  const { t } = useTranslation();
  const l = useListState();
  const list = usePlans({ ...l.query, category: l.filter });
  return (
    <ListPage
      title={t('Plans')}
      search={t('Search plans by name or id')}
      list={l}
      filter={{ label: t('Category'), name: 'category', placeholder: 'All categories', options: CATEGORY_OPTIONS }}
    >
      <PagedTable
        list={list}
        onPage={l.setOffset}
        columns={[t('Id'), t('Plan'), t('Category'), t('Rates'), t('Featured'), t('Active')]}
        row={(p) => (
          <tr key={p.plan_id}>
            <td>{p.plan_id}</td>
            <td>
              <Link to={`/admin/plans/${p.plan_id}`}>{p.plan_name}</Link>
            </td>
            <td>{t(CATEGORIES.find((c) => c.key === p.category)?.name ?? p.category)}</td>
            <td>{p.rate_count}</td>
            <td>{p.featured ? t('Yes') : t('No')}</td>
            <td>{p.active ? t('Yes') : t('No')}</td>
          </tr>
        )}
      />
      <NewPlanForm />
      <EoiPanel />
      <LifeEventsPanel />
    </ListPage>
  );
}

export function PlanPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const plan = usePlan(id!);
  if (plan.isLoading) return <Spinner />;
  if (!plan.data) return <Alert>{t('Not found')}</Alert>;
  return (
    <section>
      <p>
        <Link to="/admin/plans">{t('All plans')}</Link>
      </p>
      <h1>{plan.data.plan_name}</h1>
      <RatesEditor planId={plan.data.plan_id} />
      <NextRates planId={plan.data.plan_id} />
      {/* each form starts again from the saved plan when the other one has changed it */}
      <PlanForm key={`${plan.data.plan_id}:${JSON.stringify(plan.data.benefits)}`} plan={plan.data} />
      <PlanContentForm key={plan.data.plan_id} plan={plan.data} />
      <QuestionsEditor planId={plan.data.plan_id} />
    </section>
  );
}

type PlanFormValues = Omit<TPlanForm, 'rules' | 'benefits' | 'translations'> & { rules: string; benefits: string };
const benefitsText = (b: unknown) => (b ? JSON.stringify(b, null, 2) : '');
const TEXT_LABELS: Record<(typeof PLAN_TEXT_FIELDS)[number], string> = {
  plan_short_text: 'Short text',
  header_text: 'Header text',
  body_text: 'Description',
  blue_bar_text: 'Blue bar text',
  association_text: 'Association text',
  exclusions_text: 'Exclusions',
  example_text: 'Example',
  faq_text: 'FAQ',
};

function PlanForm({ plan }: { plan: TPlanDetail }) {
  const { t } = useTranslation();
  const save = useUpdatePlan(plan.plan_id);
  const titleId = useId();
  const outcome = useSaveOutcome();
  const { setMessage, attempt } = outcome;
  const { plan_id: _id, translations: _es, ...rest } = plan; // the Spanish texts are PlanContentForm's
  const { register, handleSubmit, setError, formState, control, reset } = useForm<PlanFormValues>({
    defaultValues: {
      ...(rest as unknown as PlanFormValues),
      rules: JSON.stringify(plan.rules, null, 2),
      benefits: benefitsText(plan.benefits),
    },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    let rules: Record<string, unknown>;
    try {
      rules = JSON.parse(values.rules || '{}');
    } catch {
      setError('rules', { message: 'Enter the rules as JSON.' });
      return;
    }
    let benefits: unknown;
    try {
      benefits = values.benefits.trim() ? JSON.parse(values.benefits) : null;
    } catch {
      setError('benefits', { message: 'Enter the benefits as JSON.' });
      return;
    }
    // the benefits as JSON only when edited here (absent keeps them: the key numbers form edits them too)
    const edited = formState.dirtyFields.benefits ? { benefits } : {};
    await attempt(
      async () => {
        const saved = await save.mutateAsync({
          ...values,
          benefits: undefined,
          sort_order: Number(values.sort_order) || 0,
          rules,
          ...edited,
        } as TPlanForm);
        reset({
          ...(saved as unknown as PlanFormValues),
          rules: JSON.stringify(saved.rules, null, 2),
          benefits: benefitsText(saved.benefits),
        });
      },
      'Plan saved. Texts were cleaned of anything but formatting.',
      // Every field error beside its field; one inside the rules or benefits beside that box, naming its place.
      (err) => {
        if (!(err instanceof ApiError && err.fieldErrors.length))
          return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
        for (const fe of err.fieldErrors) {
          const json = ['rules', 'benefits'].find((k) => fe.target_element === k || fe.target_element.startsWith(`${k}.`));
          const field = json ?? fe.target_element;
          const text =
            json && fe.target_element !== json ? `${fe.target_element.slice(json.length + 1)}: ${fe.error_message}` : fe.error_message;
          setError(field as keyof PlanFormValues, { message: text });
        }
        return null;
      },
    );
  });
  const e = formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{t('Plan details')}</h2>
      <SaveOutcome outcome={outcome} form={formState} />
      <div className="admin-form">
        <TextField label={t('Plan name')} error={e.plan_name?.message} {...register('plan_name', { required: 'Field is required' })} />
        <SelectField label={t('Category')} options={CATEGORY_OPTIONS} error={e.category?.message} {...register('category')} />
        <TextField label={t('Carrier')} error={e.carrier?.message} {...register('carrier')} />
        <TextField label={t('Plan group')} error={e.plan_group?.message} {...register('plan_group')} />
        <TextField label={t('Sort order')} inputMode="numeric" error={e.sort_order?.message} {...register('sort_order')} />
        <Controller
          control={control}
          name="plan_logo"
          render={({ field }) => (
            <ImageField
              label={t('Plan logo')}
              name="plan_logo"
              value={field.value ?? ''}
              onChange={field.onChange}
              error={e.plan_logo?.message}
            />
          )}
        />
        <div className="admin-checks wide">
          <label>
            <input type="checkbox" {...register('featured')} /> {t('Featured')}
          </label>
          <label>
            <input type="checkbox" {...register('active')} /> {t('Active')}
          </label>
        </div>
        {PLAN_TEXT_FIELDS.map((f) => (
          <div className="wide" key={f}>
            <TextAreaField
              label={t(TEXT_LABELS[f])}
              hint={t('HTML: formatting, lists, tables and links only.')}
              rows={f === 'plan_short_text' ? 2 : 4}
              error={e[f]?.message}
              {...register(f)}
            />
          </div>
        ))}
        {(['exclusions_text_name', 'example_text_name', 'faq_text_name'] as const).map((f) => (
          <TextField
            key={f}
            label={t({ exclusions_text_name: 'Exclusions title', example_text_name: 'Example title', faq_text_name: 'FAQ title' }[f])}
            error={e[f]?.message}
            {...register(f)}
          />
        ))}
        <div className="wide">
          <TextAreaField
            label={t('Eligibility rules (JSON)')}
            rows={8}
            spellCheck={false}
            hint={t('states, zipRanges, tiers, minAge, maxAge, minIncome, minHours, portals, requiresSmoker …')}
            error={e.rules?.message}
            {...register('rules')}
          />
        </div>
        <div className="wide">
          <TextAreaField
            label={t('Benefits (JSON)')}
            rows={8}
            spellCheck={false}
            hint={t(
              'annual_max_cents, deductible_cents, network, out_of_network, covers: service, percent, copay_cents, allowance_cents, deductible_applies, waiting_months. Empty: not stated.',
            )}
            error={e.benefits?.message}
            {...register('benefits')}
          />
        </div>
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save plan')}
        </Button>
      </div>
    </form>
  );
}
