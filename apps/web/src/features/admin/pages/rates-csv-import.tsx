import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZRateCsv, type TRateOut } from '@store/domain/admin-rates';
import { ErrorSummary, summaryOfForm, type SummaryItem } from '../../../components/form/error-summary';
import { TextAreaField } from '../../../components/form/fields';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useImportRatesCsv } from '../api';

type CsvIn = z.input<typeof ZRateCsv>;
type CsvOut = z.output<typeof ZRateCsv>;

/**
 * The import of a rate table from CSV (the shared ZRateCsv): a refusal of the whole text shows beside the field,
 * the refused rows ('Row n: …', numbered in the CSV) in the summary, which takes the focus.
 */
export function RatesCsvImport({ planId, onImported }: { planId: number; onImported: (saved: TRateOut[]) => void }) {
  const { t } = useTranslation();
  const importCsv = useImportRatesCsv(planId);
  const [rowErrors, setRowErrors] = useState<SummaryItem[]>([]);
  const [serverAttempts, setServerAttempts] = useState(0);
  const { register, handleSubmit, setError, setValue, formState, watch } = useForm<CsvIn, unknown, CsvOut>({
    resolver: zodResolver(ZRateCsv),
    defaultValues: { csv: '' },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async ({ csv }) => {
    setRowErrors([]);
    try {
      onImported(await importCsv.mutateAsync({ csv }));
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.fieldErrors : [];
      for (const fe of fieldErrors.filter((e) => e.target_element === 'csv'))
        setError('csv', { type: 'server', message: fe.error_message });
      const others = fieldErrors.filter((e) => e.target_element !== 'csv').map((e) => ({ message: e.error_message }));
      if (!fieldErrors.length) others.push({ message: err instanceof Error ? err.message : 'Something went wrong. Please try again.' });
      setRowErrors(others);
      setServerAttempts((n) => n + 1);
    }
  });
  const csvError = formState.errors.csv?.message;
  return (
    <form onSubmit={onSubmit} noValidate>
      <h3>{t('Import from CSV')}</h3>
      <ErrorSummary items={[...rowErrors, ...summaryOfForm(formState.errors)]} attempts={formState.submitCount + serverAttempts} />
      <TextAreaField
        label={t('CSV (tier,age_min,age_max,state,smoker,price)')}
        rows={5}
        error={csvError && t(csvError)}
        {...register('csv')}
      />
      <div className="field">
        <label className="field-label" htmlFor="rates-csv-file">
          {t('CSV file')}
        </label>
        <input
          id="rates-csv-file"
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => setValue('csv', (await e.target.files?.[0]?.text()) ?? '', { shouldDirty: true })}
        />
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={importCsv.isPending} disabled={!watch('csv').trim()}>
          {t('Import CSV')}
        </Button>
      </div>
    </form>
  );
}
