import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { LIMITS } from '@store/domain/codes';
import type { TQuoteForm } from '@store/domain/storefront';
import { Button } from '../ui/button';
import { Alert } from '../ui/alert';
import { DateField, SelectField, TextField } from '../form/fields';
import { ApiError } from '../../lib/api-client';
import { useFilterInfo, useSubmitQuote } from '../../lib/quote/filter';
import { firstErrors, GENDER_OPTIONS, TIER_OPTIONS } from './quote-options';
import './quote.css';

type Values = Record<keyof TQuoteForm, string>;

/** The schema (and zod with it) loads when the visitor starts on the form, not with the home page. */
const loadSchema = () => import('@store/domain/storefront');

/**
 * The banner's quote form (zip, date of birth, gender, tier, Submit): the banner says 'Invalid Zip code'.
 * Referral visitors also send their referral id.
 */
export function QuoteForm({ referral, title, zipMessage = TEXT.INVALID_ZIP }: { referral?: string; title?: string; zipMessage?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filter } = useFilterInfo();
  const submit = useSubmitQuote();
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const v: Values = values ?? {
    zip: String(filter?.zip ?? ''),
    dob: String(filter?.dob ?? ''),
    gender: filter?.gender != null ? String(filter.gender) : '',
    tier: String(filter?.tier ?? ''),
  };
  const set = (k: keyof Values, value: string) => {
    setValues({ ...v, [k]: value });
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const { ZQuoteForm } = await loadSchema();
    const parsed = ZQuoteForm(zipMessage).safeParse(v);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    try {
      await submit.mutateAsync({ ...parsed.data, referral });
      navigate(paths.plans());
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) {
        const placed: Partial<Values> = {};
        const other: string[] = [];
        for (const fe of err.fieldErrors) {
          if (fe.target_element in v)
            placed[fe.target_element as keyof Values] ??= fe.target_element === 'zip' ? zipMessage : fe.error_message;
          else other.push(fe.error_message);
        }
        setErrors(placed);
        if (other.length) setFormError(other.join(' '));
      } else setFormError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <form
      className="quote-form card"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      onFocus={() => void loadSchema()}
      aria-label={t('Get a quote')}
    >
      {title && <h2 className="quote-form-title">{t(title)}</h2>}
      <div className="quote-form-fields">
        <TextField
          label={t('Zip code')}
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={LIMITS.zip}
          value={v.zip}
          onChange={(e) => set('zip', e.target.value.replace(/\D/g, '').slice(0, LIMITS.zip))}
          error={errors.zip}
        />
        <DateField label={t('Date of birth')} name="dob" value={v.dob} onChange={(e) => set('dob', e.target.value)} error={errors.dob} />
        <SelectField
          label={t('Gender')}
          name="gender"
          placeholder="Select"
          options={GENDER_OPTIONS}
          value={v.gender}
          onChange={(e) => set('gender', e.target.value)}
          error={errors.gender}
        />
        <SelectField
          label={t('Tier')}
          name="tier"
          placeholder="Select"
          options={TIER_OPTIONS}
          value={v.tier}
          onChange={(e) => set('tier', e.target.value)}
          error={errors.tier}
        />
      </div>
      <Alert>{formError ? t(formError) : null}</Alert>
      <Button type="submit" busy={submit.isPending} className="quote-submit">
        {t('Submit')}
      </Button>
    </form>
  );
}
