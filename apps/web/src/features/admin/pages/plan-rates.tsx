import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldError, type FieldErrors, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { validateRateRows, type TRateOut } from '@store/domain/admin-rates';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useRates, useReplaceRates } from '../api';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';
import { RatesCsvImport } from './rates-csv-import';
import { SampleQuote } from './sample-quote';
import { SMOKER_OPTIONS, TIER_OPTIONS } from './rate-options';

interface GridRow {
  tier: string;
  age_min: string;
  age_max: string;
  state: string;
  smoker: string;
  price: string;
}
interface Grid {
  rows: GridRow[];
}
const toGrid = (r: TRateOut): GridRow => ({
  tier: r.tier,
  age_min: String(r.age_min),
  age_max: String(r.age_max),
  state: r.state ?? '',
  smoker: r.smoker === null ? '' : r.smoker ? 'yes' : 'no',
  price: r.price.toFixed(2),
});
const FIELDS = ['tier', 'age_min', 'age_max', 'state', 'smoker', 'price'] as const;

/** The server and validateRateRows number rows from 1 (`rows.1.price`); the grid's fields from 0 (`rows.0.price`). */
const gridPath = (target: string) => {
  const m = /^rows\.(\d+)\.(\w+)$/.exec(target);
  return m && (FIELDS as readonly string[]).includes(m[2]) ? `rows.${Number(m[1]) - 1}.${m[2]}` : null;
};

/** The grid's rules: the shared validateRateRows (ZRateRow per row, no overlapping ages), as the server checks them. */
const gridResolver: Resolver<Grid> = async (values) => {
  const { errors } = validateRateRows(values.rows);
  if (!errors.length) return { values, errors: {} };
  const rows: Partial<Record<string, FieldError>>[] = [];
  for (const e of errors) {
    const m = /^rows\.(\d+)\.(\w+)$/.exec(e.target_element);
    if (!m || !(FIELDS as readonly string[]).includes(m[2])) continue;
    const row = (rows[Number(m[1]) - 1] ??= {});
    row[m[2]] ??= { type: 'validate', message: e.error_message };
  }
  return { values: {}, errors: { rows } as FieldErrors<Grid> };
};

/** The rate table as an editable grid, CSV import, and a price preview for a sample quote. */
export function RatesEditor({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const rates = useRates(planId);
  const outcome = useSaveOutcome();
  const { confirm, attempt } = outcome;
  const saveGrid = useReplaceRates(planId);
  const { register, getValues, handleSubmit, setError, formState, reset } = useForm<Grid>({
    resolver: gridResolver,
    defaultValues: { rows: [] },
    // The error summary takes the focus (its links lead to the cells).
    shouldFocusError: false,
  });
  // Rows by key (react-hook-form's useFieldArray would add to the forms file every enrollment page loads).
  const [keys, setKeys] = useState<number[]>([]);
  const nextKey = useRef(0);
  const load = (rows: GridRow[]) => {
    reset({ rows });
    setKeys(rows.map(() => nextKey.current++));
  };
  const append = (row: GridRow) => {
    reset({ rows: [...getValues('rows'), row] }, { keepSubmitCount: true });
    setKeys([...keys, nextKey.current++]);
  };
  const remove = (i: number) => {
    reset({ rows: getValues('rows').filter((_, j) => j !== i) }, { keepSubmitCount: true });
    setKeys(keys.filter((_, j) => j !== i));
  };
  useEffect(() => {
    if (rates.data) load(rates.data.map(toGrid));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rates.data]);
  const saved = (rows: TRateOut[], done: string) => {
    load(rows.map(toGrid));
    confirm(done);
  };
  const onSubmit = handleSubmit(({ rows }) =>
    attempt(
      async () => load((await saveGrid.mutateAsync({ rows })).map(toGrid)),
      'Rates saved.',
      // A cell's error goes beside its cell; what names no cell is the form's message.
      (err) => {
        const unplaced: string[] = [];
        for (const fe of err instanceof ApiError ? err.fieldErrors : []) {
          const path = gridPath(fe.target_element);
          if (path) setError(path as `rows.${number}.price`, { type: 'server', message: fe.error_message });
          else unplaced.push(fe.error_message);
        }
        if (!(err instanceof ApiError && err.fieldErrors.length))
          unplaced.push(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
        return unplaced.join(' ') || null;
      },
    ),
  );
  const rowErrors = formState.errors.rows;
  const cell = (i: number, field: (typeof FIELDS)[number], label: string) => ({
    label: t(label, { n: i + 1 }),
    error: rowErrors?.[i]?.[field]?.message,
    reg: register(`rows.${i}.${field}`),
  });
  return (
    <div className="admin-card">
      <h2>{t('Rate table')}</h2>
      <p className="muted">
        {t('Monthly price by tier and age band; an empty state or smoker applies to any. Changes apply to new quotes at once.')}
      </p>
      <form onSubmit={onSubmit} noValidate>
        <SaveOutcome outcome={outcome} form={formState} />
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
              {keys.map((key, i) => (
                <tr key={key}>
                  <td>{i + 1}</td>
                  <td>
                    <GridSelect {...cell(i, 'tier', 'Tier, row {{n}}')} options={TIER_OPTIONS} />
                  </td>
                  <td>
                    <GridInput {...cell(i, 'age_min', 'Age from, row {{n}}')} />
                  </td>
                  <td>
                    <GridInput {...cell(i, 'age_max', 'Age to, row {{n}}')} />
                  </td>
                  <td>
                    <GridInput {...cell(i, 'state', 'State, row {{n}}')} />
                  </td>
                  <td>
                    <GridSelect {...cell(i, 'smoker', 'Smoker, row {{n}}')} options={SMOKER_OPTIONS} />
                  </td>
                  <td>
                    <GridInput {...cell(i, 'price', 'Price, row {{n}}')} />
                  </td>
                  <td>
                    <Button variant="link" onClick={() => remove(i)}>
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
            onClick={() => append({ tier: 'IO', age_min: '18', age_max: '99', state: '', smoker: '', price: '' })}
          >
            {t('Add row')}
          </Button>
          <Button type="submit" busy={saveGrid.isPending}>
            {t('Save rates')}
          </Button>
        </div>
      </form>
      <RatesCsvImport planId={planId} onImported={(rows) => saved(rows, 'Rates imported.')} />
      <SampleQuote planId={planId} />
    </div>
  );
}

interface CellProps {
  label: string;
  error?: string;
  reg: UseFormRegisterReturn;
}
function GridInput({ label, error, reg }: CellProps) {
  const { t } = useTranslation();
  return (
    <>
      <input className="input" aria-label={label} aria-invalid={!!error || undefined} {...reg} />
      {error && <div className="field-error">{t(error)}</div>}
    </>
  );
}
function GridSelect({ label, error, reg, options }: CellProps & { options: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <>
      <select className="input" aria-label={label} aria-invalid={!!error || undefined} {...reg}>
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
