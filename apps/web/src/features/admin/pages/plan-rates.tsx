import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TIERS } from '@store/domain/codes';
import { ZSampleQuote, type TRateOut, type TSampleQuote, type TSampleQuoteResult } from '@store/domain/admin';
import { DateField, SelectField, TextAreaField, TextField } from '../../../components/form/fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { applyServerErrors } from '../../../components/form/server-errors';
import { ApiError } from '../../../lib/api-client';
import { getSampleQuote, useImportRatesCsv, useRates, useReplaceRates } from '../api';

interface GridRow {
  tier: string;
  age_min: string;
  age_max: string;
  state: string;
  smoker: string;
  price: string;
}
const toGrid = (r: TRateOut): GridRow => ({
  tier: r.tier,
  age_min: String(r.age_min),
  age_max: String(r.age_max),
  state: r.state ?? '',
  smoker: r.smoker === null ? '' : r.smoker ? 'yes' : 'no',
  price: r.price.toFixed(2),
});
const TIER_OPTIONS = TIERS.map((t) => ({ value: t.code, label: t.code }));
const SMOKER_OPTIONS = [
  { value: '', label: 'Any' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The rate table as an editable grid, CSV import, and a price preview for a sample quote. */
export function RatesEditor({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const rates = useRates(planId);
  const [rows, setRows] = useState<GridRow[]>([]);
  const [errors, setErrors] = useState<{ target_element: string; error_message: string }[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [csv, setCsv] = useState('');
  const saveGrid = useReplaceRates(planId);
  const importCsv = useImportRatesCsv(planId);
  useEffect(() => {
    if (rates.data) setRows(rates.data.map(toGrid));
  }, [rates.data]);
  const set = (i: number, patch: Partial<GridRow>) => setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const cellError = (i: number, field: string) => errors.find((e) => e.target_element === `rows.${i + 1}.${field}`)?.error_message;
  const run = async (fn: () => Promise<TRateOut[]>, done: string) => {
    setErrors([]);
    setMessage(null);
    try {
      const saved = await fn();
      setRows(saved.map(toGrid));
      setMessage(done);
    } catch (err) {
      setErrors(
        err instanceof ApiError && err.fieldErrors.length
          ? err.fieldErrors
          : [{ target_element: 'form', error_message: err instanceof Error ? err.message : 'Something went wrong. Please try again.' }],
      );
    }
  };
  return (
    <div className="admin-card">
      <h2>{t('Rate table')}</h2>
      <p className="muted">
        {t('Monthly price by tier and age band; an empty state or smoker applies to any. Changes apply to new quotes at once.')}
      </p>
      {errors.length > 0 && (
        <Alert>
          <ul>
            {errors.map((e, i) => (
              <li key={i}>{t(e.error_message)}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Alert kind="success">{message && t(message)}</Alert>
      <div className="admin-table-wrap" tabIndex={0}>
        <table className="admin-table" aria-label={t('Rate table')}>
          <thead>
            <tr>
              <th>#</th>
              <th>{t('Tier')}</th>
              <th>{t('Age from')}</th>
              <th>{t('Age to')}</th>
              <th>{t('State')}</th>
              <th>{t('Smoker')}</th>
              <th>{t('Price')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>
                  <GridSelect
                    label={t('Tier, row {{n}}', { n: i + 1 })}
                    value={r.tier}
                    options={TIER_OPTIONS}
                    onChange={(v) => set(i, { tier: v })}
                    error={cellError(i, 'tier')}
                  />
                </td>
                <td>
                  <GridInput
                    label={t('Age from, row {{n}}', { n: i + 1 })}
                    value={r.age_min}
                    onChange={(v) => set(i, { age_min: v })}
                    error={cellError(i, 'age_min')}
                  />
                </td>
                <td>
                  <GridInput
                    label={t('Age to, row {{n}}', { n: i + 1 })}
                    value={r.age_max}
                    onChange={(v) => set(i, { age_max: v })}
                    error={cellError(i, 'age_max')}
                  />
                </td>
                <td>
                  <GridInput
                    label={t('State, row {{n}}', { n: i + 1 })}
                    value={r.state}
                    onChange={(v) => set(i, { state: v })}
                    error={cellError(i, 'state')}
                  />
                </td>
                <td>
                  <GridSelect
                    label={t('Smoker, row {{n}}', { n: i + 1 })}
                    value={r.smoker}
                    options={SMOKER_OPTIONS}
                    onChange={(v) => set(i, { smoker: v })}
                    error={cellError(i, 'smoker')}
                  />
                </td>
                <td>
                  <GridInput
                    label={t('Price, row {{n}}', { n: i + 1 })}
                    value={r.price}
                    onChange={(v) => set(i, { price: v })}
                    error={cellError(i, 'price')}
                  />
                </td>
                <td>
                  <Button variant="link" onClick={() => setRows((all) => all.filter((_, j) => j !== i))}>
                    {t('Remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="admin-actions">
        <Button
          variant="secondary"
          onClick={() => setRows((r) => [...r, { tier: 'IO', age_min: '18', age_max: '99', state: '', smoker: '', price: '' }])}
        >
          {t('Add row')}
        </Button>
        <Button busy={saveGrid.isPending} onClick={() => run(() => saveGrid.mutateAsync({ rows }), 'Rates saved.')}>
          {t('Save rates')}
        </Button>
      </div>
      <h3>{t('Import from CSV')}</h3>
      <TextAreaField
        label={t('CSV (tier,age_min,age_max,state,smoker,price)')}
        name="csv"
        rows={5}
        value={csv}
        onChange={(e) => setCsv(e.target.value)}
        error={errors.find((e) => e.target_element === 'csv')?.error_message}
      />
      <div className="field">
        <label className="field-label" htmlFor="rates-csv-file">
          {t('CSV file')}
        </label>
        <input
          id="rates-csv-file"
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => setCsv((await e.target.files?.[0]?.text()) ?? '')}
        />
      </div>
      <div className="admin-actions">
        <Button
          busy={importCsv.isPending}
          disabled={!csv.trim()}
          onClick={() => run(() => importCsv.mutateAsync({ csv }), 'Rates imported.')}
        >
          {t('Import CSV')}
        </Button>
      </div>
      <SampleQuote planId={planId} />
    </div>
  );
}

function GridInput({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <input
        className="input"
        aria-label={label}
        aria-invalid={!!error || undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <div className="field-error">{t(error)}</div>}
    </>
  );
}
function GridSelect({
  label,
  value,
  options,
  onChange,
  error,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <select className="input" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.label)}
          </option>
        ))}
      </select>
      {error && <div className="field-error">{t(error)}</div>}
    </>
  );
}

type SampleQuoteIn = z.input<typeof ZSampleQuote>;

function SampleQuote({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<TSampleQuoteResult | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<SampleQuoteIn, unknown, TSampleQuote>({
    resolver: zodResolver(ZSampleQuote),
    defaultValues: { zip: '10001', dob: '01/15/1980', tier: 'IO', smoker: '' },
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    setFormError(null);
    try {
      setResult(await getSampleQuote(planId, values));
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['zip', 'dob', 'tier', 'smoker']));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <h3>{t('Price for a sample quote')}</h3>
      <div className="admin-form">
        <TextField label={t('Zip code')} inputMode="numeric" maxLength={5} error={errors.zip?.message} {...register('zip')} />
        <DateField label={t('Date of birth')} error={errors.dob?.message} {...register('dob')} />
        <SelectField label={t('Tier')} options={TIERS.map((x) => ({ value: x.code, label: x.label }))} {...register('tier')} />
        <SelectField label={t('Tobacco use')} options={SMOKER_OPTIONS} {...register('smoker')} />
      </div>
      <Alert>{formError && t(formError)}</Alert>
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
