import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZLicenseCsv } from '@store/domain/rep-licensing';
import { ErrorSummary, summaryOfForm, type SummaryItem } from '../../../components/form/error-summary';
import { TextAreaField } from '../../../components/form/fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useImportRepLicenses } from '../api';

type CsvIn = z.input<typeof ZLicenseCsv>;

/**
 * Rep licenses loaded from a CSV (columns agent_id, state, expires_on; issue 39): all or nothing. Each problem is in
 * the summary with its line ('Line n: …'), which takes the focus; nothing is loaded from a file with one.
 */
export function LicenseCsvImport() {
  const { t } = useTranslation();
  const load = useImportRepLicenses();
  const [problems, setProblems] = useState<SummaryItem[]>([]);
  const [attempts, setAttempts] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, setValue, formState, watch } = useForm<CsvIn>({
    resolver: zodResolver(ZLicenseCsv),
    defaultValues: { csv: '' },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async ({ csv }) => {
    setProblems([]);
    setDone(null);
    try {
      const r = await load.mutateAsync({ csv });
      setDone(t('Loaded {{licenses}} licenses of {{reps}} reps.', { licenses: r.licenses, reps: r.reps }));
    } catch (err) {
      const list = err instanceof ApiError && err.fieldErrors.length ? err.fieldErrors.map((e) => ({ message: e.error_message })) : [];
      if (!list.length) list.push({ message: err instanceof Error ? err.message : 'Something went wrong. Please try again.' });
      setProblems(list);
      setAttempts((n) => n + 1);
    }
  });
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate aria-labelledby="license-csv-title">
      <h2 id="license-csv-title">{t('Load licenses from CSV')}</h2>
      <p className="muted">
        {t(
          'Columns agent_id, state, expires_on (yyyy-mm-dd or mm/dd/yyyy). Each rep in the file gets exactly the licenses listed for them; a file with any bad line loads nothing.',
        )}
      </p>
      <ErrorSummary items={[...problems, ...summaryOfForm(formState.errors)]} attempts={formState.submitCount + attempts} />
      <Alert kind="success">{done}</Alert>
      <TextAreaField label={t('License CSV')} rows={5} error={formState.errors.csv?.message} {...register('csv')} />
      <div className="field">
        <label className="field-label" htmlFor="license-csv-file">
          {t('CSV file')}
        </label>
        <input
          id="license-csv-file"
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => setValue('csv', (await e.target.files?.[0]?.text()) ?? '', { shouldDirty: true })}
        />
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={load.isPending} disabled={!watch('csv').trim()}>
          {t('Load licenses')}
        </Button>
      </div>
    </form>
  );
}
