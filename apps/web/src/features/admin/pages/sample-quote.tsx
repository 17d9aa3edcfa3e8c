import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TIERS } from '@store/domain/codes';
import { ZSampleQuote, type TSampleQuote, type TSampleQuoteResult } from '@store/domain/admin-rates';
import { DateField, SelectField, TextField } from '../../../components/form/fields';
import { Button } from '../../../components/ui/button';
import { applyServerErrors } from '../../../components/form/server-errors';
import { getSampleQuote } from '../api';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';
import { SMOKER_OPTIONS } from './rate-options';

type SampleQuoteIn = z.input<typeof ZSampleQuote>;

/** The price a quote of the plan would show, for a check while editing rates. */
export function SampleQuote({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<TSampleQuoteResult | null>(null);
  const outcome = useSaveOutcome();
  const { attempt } = outcome;
  const { register, handleSubmit, setError, formState } = useForm<SampleQuoteIn, unknown, TSampleQuote>({
    resolver: zodResolver(ZSampleQuote),
    defaultValues: { zip: '10001', dob: '01/15/1980', tier: 'IO', smoker: '' },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    // The price is the answer (below the form): no confirmation.
    await attempt(
      async () => setResult(await getSampleQuote(planId, values)),
      null,
      (err) => applyServerErrors(err, setError, ['zip', 'dob', 'tier', 'smoker']),
    );
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <h3>{t('Price for a sample quote')}</h3>
      <SaveOutcome outcome={outcome} form={formState} />
      <div className="admin-form">
        <TextField label={t('Zip code')} inputMode="numeric" maxLength={5} error={errors.zip?.message} {...register('zip')} />
        <DateField label={t('Date of birth')} error={errors.dob?.message} {...register('dob')} />
        <SelectField
          label={t('Tier')}
          options={TIERS.map((x) => ({ value: x.code, label: x.label }))}
          error={errors.tier?.message}
          {...register('tier')}
        />
        <SelectField label={t('Tobacco use')} options={SMOKER_OPTIONS} error={errors.smoker?.message} {...register('smoker')} />
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Preview price')}
        </Button>
      </div>
      {result && (
        <p role="status" className="admin-sample-result">
          {result.price !== null
            ? t('Monthly price: ${{price}} (age {{age}}, {{state}})', {
                price: result.price.toFixed(2),
                age: result.age,
                state: result.state,
              })
            : t(result.message ?? 'No rate matches this quote.')}
        </p>
      )}
    </form>
  );
}
