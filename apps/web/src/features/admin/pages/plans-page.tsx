import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, Controller } from 'react-hook-form';
import { CATEGORIES } from '@store/domain/codes';
import { PLAN_TEXT_FIELDS, ZPlanCreate, type TPlanDetail, type TPlanForm } from '@store/domain/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { applyServerErrors } from '../../../components/form/server-errors';
import { SelectField, TextAreaField, TextField } from '../../../components/form/fields';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useCreatePlan, usePlan, usePlans, useUpdatePlan } from '../api';
import { Pager } from '../components/pager';
import { SearchBar } from '../components/search-bar';
import { ImageField } from '../components/image-field';
import { RatesEditor } from './plan-rates';
import { QuestionsEditor } from './plan-questions';

const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c.key, label: c.name }));

export function PlansPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('');
  const [offset, setOffset] = useState(0);
  const list = usePlans({ q, category, offset, limit: 25 });
  return (
    <section>
      <h1>{t('Plans')}</h1>
      <SearchBar
        label={t('Search plans by name or id')}
        onSearch={(v) => {
          setQ(v);
          setOffset(0);
        }}
      >
        <SelectField
          label={t('Category')}
          name="category"
          placeholder="All categories"
          options={CATEGORY_OPTIONS}
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            setOffset(0);
          }}
        />
      </SearchBar>
      {list.isLoading ? (
        <Spinner />
      ) : (
        <div className="admin-table-wrap" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t('Id')}</th>
                <th>{t('Plan')}</th>
                <th>{t('Category')}</th>
                <th>{t('Rates')}</th>
                <th>{t('Featured')}</th>
                <th>{t('Active')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.items.map((p) => (
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
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager total={list.data.total} limit={list.data.limit} offset={list.data.offset} onChange={setOffset} />}
      <NewPlanForm />
    </section>
  );
}

type NewPlanIn = z.input<typeof ZPlanCreate>;
type NewPlanOut = z.output<typeof ZPlanCreate>;

/** Creates a plan (inactive until its rates are in); the plan page then edits texts, rates and questions. */
function NewPlanForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePlan();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<NewPlanIn, unknown, NewPlanOut>({
    resolver: zodResolver(ZPlanCreate),
    defaultValues: { plan_name: '', category: 'dental', active: false, featured: false, sort_order: 0, plan_short_text: '', rules: {} },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const plan = await create.mutateAsync(values);
      navigate(`/admin/plans/${plan.plan_id}`);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['plan_id', 'plan_name', 'category', 'carrier']));
    }
  });
  const e = formState.errors;
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate>
      <h2>{t('New plan')}</h2>
      <p className="muted">{t('A new plan stays inactive until you enter its rates and mark it active.')}</p>
      <Alert>{formError && t(formError)}</Alert>
      <div className="admin-form">
        <TextField label={t('Plan id')} inputMode="numeric" error={e.plan_id?.message && t(e.plan_id.message)} {...register('plan_id')} />
        <TextField label={t('Plan name')} error={e.plan_name?.message && t(e.plan_name.message)} {...register('plan_name')} />
        <SelectField label={t('Category')} options={CATEGORY_OPTIONS} error={e.category?.message} {...register('category')} />
        <TextField label={t('Carrier')} error={e.carrier?.message} {...register('carrier')} />
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Create plan')}
        </Button>
      </div>
    </form>
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
      <PlanForm key={plan.data.plan_id} plan={plan.data} />
      <QuestionsEditor planId={plan.data.plan_id} />
    </section>
  );
}

type PlanFormValues = Omit<TPlanForm, 'rules' | 'benefits'> & { rules: string; benefits: string };
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
  const [message, setMessage] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { plan_id: _id, ...rest } = plan;
  const { register, handleSubmit, setError, formState, control, reset } = useForm<PlanFormValues>({
    defaultValues: {
      ...(rest as unknown as PlanFormValues),
      rules: JSON.stringify(plan.rules, null, 2),
      benefits: benefitsText(plan.benefits),
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    setFormError(null);
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
    try {
      const saved = await save.mutateAsync({ ...values, sort_order: Number(values.sort_order) || 0, rules, benefits } as TPlanForm);
      reset({
        ...(saved as unknown as PlanFormValues),
        rules: JSON.stringify(saved.rules, null, 2),
        benefits: benefitsText(saved.benefits),
      });
      setMessage('Plan saved. Texts were cleaned of anything but formatting.');
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) {
        for (const fe of err.fieldErrors) {
          const json = ['rules', 'benefits'].find((k) => fe.target_element === k || fe.target_element.startsWith(`${k}.`));
          const field = json ?? fe.target_element;
          const text =
            json && fe.target_element !== json ? `${fe.target_element.slice(json.length + 1)}: ${fe.error_message}` : fe.error_message;
          setError(field as keyof PlanFormValues, { message: text });
        }
      } else setFormError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    }
  });
  const e = formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate>
      <h2>{t('Plan details')}</h2>
      <Alert>{formError && t(formError)}</Alert>
      <Alert kind="success">{message && t(message)}</Alert>
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
