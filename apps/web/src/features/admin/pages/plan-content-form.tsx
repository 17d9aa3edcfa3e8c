import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { TPlanBenefits } from '@store/domain/compare';
import { SERVICE_SHORT_LABELS } from '@store/domain/compare-rules';
import type { TPlanDetail } from '@store/domain/admin-plans';
import { PLAN_LINE_FIELDS, PLAN_TRANSLATED_FIELDS, ZPlanTranslation, type TPlanTranslations } from '@store/domain/plan-content';
import { keyNumbersField, keyNumbersForm, withKeyNumbers, ZKeyNumbersForm } from '@store/domain/plan-key-numbers';
import { TextAreaField, TextField } from '../../../components/form/fields';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useUpdatePlan } from '../api';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';

/** The key numbers of the plan's cards and the plan's texts in Spanish: one form, the shared schemas of the domain. */
const ZPlanContentForm = z.object({ key: ZKeyNumbersForm, es: ZPlanTranslation.required() });
type FormIn = z.input<typeof ZPlanContentForm>;
type FormOut = z.output<typeof ZPlanContentForm>;

export const ES_LABELS: Record<(typeof PLAN_TRANSLATED_FIELDS)[number], string> = {
  header_text: 'Header text in Spanish',
  blue_bar_text: 'Headline in Spanish',
  exclusions_text_name: 'Exclusions title in Spanish',
  example_text_name: 'Example title in Spanish',
  faq_text_name: 'FAQ title in Spanish',
  plan_short_text: 'Short text and bullets in Spanish',
  body_text: 'Description in Spanish',
  association_text: 'Association text in Spanish',
  exclusions_text: 'Exclusions in Spanish',
  example_text: 'Example in Spanish',
  faq_text: 'FAQ in Spanish',
};

const benefitsOf = (p: TPlanDetail) => (p.benefits ?? null) as TPlanBenefits | null;
const spanishOf = (p: TPlanDetail) => {
  const es = ((p.translations ?? {}) as TPlanTranslations).es ?? {};
  return Object.fromEntries(PLAN_TRANSLATED_FIELDS.map((f) => [f, es[f] ?? ''])) as FormOut['es'];
};

export function PlanContentForm({ plan }: { plan: TPlanDetail }) {
  const { t } = useTranslation();
  const save = useUpdatePlan(plan.plan_id);
  const outcome = useSaveOutcome();
  const { attempt } = outcome;
  const { register, getValues, setValue, handleSubmit, setError, formState } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZPlanContentForm),
    defaultValues: { key: keyNumbersForm(benefitsOf(plan)), es: spanishOf(plan) },
  });
  // The rows of benefit amounts, kept by hand (useFieldArray would add its code to every form's shared file).
  const [rows, setRows] = useState(() => keyNumbersForm(benefitsOf(plan)).amounts.length);
  const setAmounts = (list: FormIn['key']['amounts']) => {
    setValue('key.amounts', list);
    setRows(list.length);
  };
  const amounts = {
    remove: (i: number) => setAmounts(getValues('key.amounts').filter((_, j) => j !== i)),
    append: () => setAmounts([...getValues('key.amounts'), { label: '', label_es: '', amount: '' }]),
  };
  const waiting = keyNumbersForm(benefitsOf(plan)).waiting;
  // The server names the key numbers by their place in the plan's benefits and the Spanish texts under translations.
  const placeErrors = (err: unknown) => {
    if (!(err instanceof ApiError) || !err.fieldErrors.length) return err instanceof Error ? err.message : String(err);
    const loose: string[] = [];
    for (const fe of err.fieldErrors) {
      const field = keyNumbersField(fe.target_element) ?? fe.target_element.replace(/^translations\.es\./, 'es.');
      if (field.startsWith('key.') || field.startsWith('es.')) setError(field as never, { type: 'server', message: fe.error_message });
      else loose.push(`${fe.target_element}: ${fe.error_message}`);
    }
    return loose.join(' ') || null;
  };
  const onSubmit = handleSubmit((values) => {
    const { plan_id: _id, ...form } = plan;
    return attempt(
      () =>
        save.mutateAsync({
          ...form,
          benefits: withKeyNumbers(benefitsOf(plan), values.key),
          translations: { es: values.es },
        } as never),
      'Key numbers and Spanish texts saved.',
      placeErrors,
    );
  });
  const e = formState.errors;
  const msg = (m?: string) => (m ? t(m) : undefined);
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate aria-labelledby="plan-content-title">
      <h2 id="plan-content-title">{t('Key numbers and Spanish texts')}</h2>
      <SaveOutcome outcome={outcome} form={formState} />
      <fieldset className="admin-form">
        <legend>{t('Key numbers of the plan card')}</legend>
        <TextField
          label={t('Deductible (dollars)')}
          inputMode="decimal"
          error={msg(e.key?.deductible?.message)}
          {...register('key.deductible')}
        />
        <TextField
          label={t('Annual maximum (dollars)')}
          inputMode="decimal"
          error={msg(e.key?.annual_max?.message)}
          {...register('key.annual_max')}
        />
        {waiting.map((w, i) => (
          <TextField
            key={w.service}
            label={t('Waiting period for {{service}} (months)', { service: t(SERVICE_SHORT_LABELS[w.service]) })}
            inputMode="numeric"
            error={msg(e.key?.waiting?.[i]?.months?.message)}
            {...register(`key.waiting.${i}.months`)}
          />
        ))}
        <TextField
          label={t('Coverage amount (dollars)')}
          inputMode="decimal"
          error={msg(e.key?.coverage?.message)}
          {...register('key.coverage')}
        />
        <TextField label={t('Term (years)')} inputMode="numeric" error={msg(e.key?.term_years?.message)} {...register('key.term_years')} />
        {Array.from({ length: rows }, (_, i) => (
          <div className="wide admin-form" key={i}>
            <TextField
              label={t('Benefit {{n}}', { n: i + 1 })}
              error={msg(e.key?.amounts?.[i]?.label?.message)}
              {...register(`key.amounts.${i}.label`)}
            />
            <TextField
              label={t('Benefit {{n}} in Spanish', { n: i + 1 })}
              error={msg(e.key?.amounts?.[i]?.label_es?.message)}
              {...register(`key.amounts.${i}.label_es`)}
            />
            <TextField
              label={t('Benefit {{n}} amount (dollars)', { n: i + 1 })}
              inputMode="decimal"
              error={msg(e.key?.amounts?.[i]?.amount?.message)}
              {...register(`key.amounts.${i}.amount`)}
            />
            <Button type="button" variant="link" onClick={() => amounts.remove(i)}>
              {t('Remove benefit {{n}}', { n: i + 1 })}
            </Button>
          </div>
        ))}
        {rows < 8 && (
          <Button type="button" variant="secondary" onClick={amounts.append}>
            {t('Add a benefit amount')}
          </Button>
        )}
      </fieldset>
      <fieldset className="admin-form">
        <legend>{t('Texts in Spanish (empty: the English text shows)')}</legend>
        {PLAN_TRANSLATED_FIELDS.map((f) =>
          (PLAN_LINE_FIELDS as readonly string[]).includes(f) ? (
            <TextField key={f} label={t(ES_LABELS[f])} lang="es" error={msg(e.es?.[f]?.message)} {...register(`es.${f}`)} />
          ) : (
            <div className="wide" key={f}>
              <TextAreaField
                label={t(ES_LABELS[f])}
                lang="es"
                hint={t('HTML: formatting, lists, tables and links only.')}
                rows={f === 'plan_short_text' ? 3 : 4}
                error={msg(e.es?.[f]?.message)}
                {...register(`es.${f}`)}
              />
            </div>
          ),
        )}
      </fieldset>
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Save key numbers and Spanish texts')}
        </Button>
      </div>
    </form>
  );
}
