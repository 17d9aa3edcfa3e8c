import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { COVERAGES } from '@store/domain/codes';
import { TEXT } from '@store/domain/texts';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { DateField, SelectField, TextField } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api-client';
import { changeFilter, useFilterInfo, useSubmitQuote } from '../../../lib/quote/filter';
import { firstErrors, GENDER_OPTIONS, TIER_OPTIONS } from '../../../components/quote/quote-options';
import { useTempDependentInfo } from '../api/catalog';
import { DependentModal } from './dependent-modal';

type Values = { zip: string; dob: string; gender: string; tier: string };

/** The schema (and zod with it) loads when the visitor submits, not with the plan list (as quote-form.tsx). */
const loadSchema = () => import('@store/domain/storefront');

/** The edit-search (basic info) panel: zip, gender, tier, DOB, dependent information, coverage options, Back. */
export function EditSearchPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filter, tempId } = useFilterInfo();
  const submit = useSubmitQuote();
  const qc = useQueryClient();
  // Dependents are asked for (and shown) only for a tier that has them.
  const deps = useTempDependentInfo(filter && filter.tier !== 'IO' ? tempId : null);
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [depOpen, setDepOpen] = useState(false);
  const v: Values = values ?? {
    zip: String(filter?.zip ?? ''),
    dob: String(filter?.dob ?? ''),
    gender: filter?.gender != null ? String(filter.gender) : '',
    tier: String(filter?.tier ?? ''),
  };
  const set = (k: keyof Values, value: string) => setValues({ ...v, [k]: value });
  const [coverageChoice, setCoverageChoice] = useState<string[] | null>(null);
  const chosenCoverage = coverageChoice ?? (Array.isArray(filter?.coverage) ? (filter.coverage as string[]) : []);
  const hasDeps = !!(deps.data?.spouse_dob || deps.data?.no_of_children);

  const onSubmit = async () => {
    try {
      const { ZQuoteForm } = await loadSchema();
      const parsed = ZQuoteForm(TEXT.ENTER_5_DIGIT_ZIP).safeParse(v);
      if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
      setErrors({});
      await submit.mutateAsync(parsed.data);
      setValues(null);
      setMessage({ kind: 'success', text: 'Your basic info has been updated.' });
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length)
        setErrors(Object.fromEntries(err.fieldErrors.map((e) => [e.target_element, e.error_message])));
      else setMessage({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
    }
  };
  const toggleCoverage = (key: string) => {
    const next = chosenCoverage.includes(key) ? chosenCoverage.filter((c) => c !== key) : [...chosenCoverage, key];
    if (!tempId || !next.length) return;
    setCoverageChoice(next);
    void changeFilter(tempId, { coverage: next }).then(() => qc.invalidateQueries({ queryKey: ['filter-info'] }));
  };

  return (
    <section className="card edit-search" aria-labelledby="edit-search-title" onFocus={() => void loadSchema()}>
      <h2 id="edit-search-title">{t('Basic Info')}</h2>
      <Alert kind={message?.kind}>{message ? t(message.text) : null}</Alert>
      <TextField
        label={t('Zip Code')}
        name="zip"
        inputMode="numeric"
        maxLength={5}
        value={v.zip}
        onChange={(e) => set('zip', e.target.value.replace(/\D/g, '').slice(0, 5))}
        error={errors.zip}
        required
      />
      <SelectField
        label={t('Gender')}
        name="gender"
        value={v.gender}
        onChange={(e) => set('gender', e.target.value)}
        options={GENDER_OPTIONS}
        placeholder="Select"
        error={errors.gender}
        required
      />
      <SelectField
        label={t('Tier')}
        name="tier"
        value={v.tier}
        onChange={(e) => set('tier', e.target.value)}
        options={TIER_OPTIONS}
        placeholder="Select"
        error={errors.tier}
        required
      />
      <DateField
        label={t('Date of Birth')}
        name="dob"
        value={v.dob}
        onChange={(e) => set('dob', e.target.value)}
        error={errors.dob}
        required
      />
      <div className="row">
        <Button onClick={onSubmit} busy={submit.isPending}>
          {t('Update')}
        </Button>
        {tempId && (
          <Button variant="secondary" onClick={() => navigate(-1)}>
            {t('Back')}
          </Button>
        )}
      </div>
      {tempId && filter && filter.tier !== 'IO' && (
        <div className="dependent-info">
          <h3>{t(TEXT.DEPENDENT_INFORMATION)}</h3>
          {deps.data?.spouse_dob && (
            <p>
              {t('Spouse Date of Birth')}: {deps.data.spouse_dob}
            </p>
          )}
          {deps.data?.no_of_children ? (
            <p>
              {t('Number of Children')}: {deps.data.no_of_children}
            </p>
          ) : null}
          <Button variant="link" onClick={() => setDepOpen(true)}>
            {t(hasDeps ? 'Edit Dependent Information' : 'Add Dependent Information')}
          </Button>
          <DependentModal
            open={depOpen}
            tempId={tempId}
            tier={String(filter.tier)}
            onClose={() => setDepOpen(false)}
            onSaved={() => setDepOpen(false)}
          />
        </div>
      )}
      {tempId && (
        <fieldset className="field">
          <legend className="field-label">{t('Coverage Options')}</legend>
          {Object.entries(COVERAGES).map(([key, label]) => (
            <label key={key} className="radio-option">
              <input type="checkbox" checked={chosenCoverage.includes(key)} onChange={() => toggleCoverage(key)} />
              <span>{t(label)}</span>
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
