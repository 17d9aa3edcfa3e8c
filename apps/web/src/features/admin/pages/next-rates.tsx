import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { isoToUs } from '@store/domain/dates';
import { RENEWAL_TEXT, ZRatePeriodCsv } from '@store/domain/renewals';
import { ErrorSummary, summaryOfForm, type SummaryItem } from '../../../components/form/error-summary';
import { TextAreaField, TextField } from '../../../components/form/fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useImportRatePeriodCsv, useRatePeriods } from '../api';
import { PlanDiscontinued } from './plan-discontinued';

type In = z.input<typeof ZRatePeriodCsv>;
type Out = z.output<typeof ZRatePeriodCsv>;
const fill = (text: string, v: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');

/**
 * Next year's rates (issue 38, decision 2560): the rate grid for a later period, as CSV, with the date it starts; the
 * start date's error beside it, the refused rows ('Row n: …') in the summary, which takes the focus. The periods
 * loaded, and the plan's discontinuation with its replacement.
 */
export function NextRates({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const periods = useRatePeriods(planId);
  const load = useImportRatePeriodCsv(planId);
  const [rowErrors, setRowErrors] = useState<SummaryItem[]>([]);
  const [serverAttempts, setServerAttempts] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<In, unknown, Out>({
    resolver: zodResolver(ZRatePeriodCsv),
    defaultValues: { starts_on: '', csv: '' },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async (body) => {
    setRowErrors([]);
    setDone(null);
    try {
      const p = await load.mutateAsync(body);
      setDone(fill(t(RENEWAL_TEXT.LOADED), { date: isoToUs(p.starts_on) }));
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.fieldErrors : [];
      for (const fe of fieldErrors.filter((e) => e.target_element === 'csv' || e.target_element === 'starts_on'))
        setError(fe.target_element as 'csv' | 'starts_on', { type: 'server', message: fe.error_message });
      const others = fieldErrors
        .filter((e) => e.target_element !== 'csv' && e.target_element !== 'starts_on')
        .map((e) => ({ message: t(e.error_message) }));
      if (!fieldErrors.length) others.push({ message: err instanceof Error ? err.message : 'Something went wrong. Please try again.' });
      setRowErrors(others);
      setServerAttempts((n) => n + 1);
    }
  });
  const e = formState.errors;
  return (
    <div className="admin-card">
      <h2>{t('Next year’s rates')}</h2>
      <p className="muted">{t('The rate grid from a later date: members are priced for their renewal and mailed 60 days before it.')}</p>
      {periods.data && periods.data.periods.length > 0 && (
        <ul>
          {periods.data.periods.map((p) => (
            <li key={p.starts_on}>
              {t('From {{date}}: {{rows}} rows, {{priced}} members priced', { date: isoToUs(p.starts_on), rows: p.rows, priced: p.priced })}
              {p.applied && ` (${t('in force')})`}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate>
        {done && <Alert kind="success">{done}</Alert>}
        <ErrorSummary items={[...rowErrors, ...summaryOfForm(formState.errors)]} attempts={formState.submitCount + serverAttempts} />
        <TextField label={t('Start date')} type="date" error={e.starts_on?.message && t(e.starts_on.message)} {...register('starts_on')} />
        <TextAreaField
          label={t('Next year’s rates CSV (tier,age_min,age_max,state,smoker,price)')}
          rows={5}
          error={e.csv?.message && t(e.csv.message)}
          {...register('csv')}
        />
        <div className="admin-actions">
          <Button type="submit" busy={load.isPending}>
            {t('Load next year’s rates')}
          </Button>
        </div>
      </form>
      {periods.data && <PlanDiscontinued planId={planId} setting={periods.data} />}
    </div>
  );
}
