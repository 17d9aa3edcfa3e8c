import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { SelectField } from '../form/fields';
import { Button } from '../ui/button';
import { openGetStartedWith } from '../../lib/quote/ui';
import { GENDER_OPTIONS, SMOKER_OPTIONS } from './quote-options';
import './quote.css';

/**
 * The early slide variant of the banner: gender and tobacco use first ('Please fill the both fields.' when
 * one is empty), then the get-started wizard with the gender filled in; tobacco use is saved with the filter.
 */
export function QuickStart() {
  const { t } = useTranslation();
  const [gender, setGender] = useState('');
  const [smoker, setSmoker] = useState('');
  const [error, setError] = useState<string | null>(null);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!gender || !smoker) {
      setError(TEXT.FILL_BOTH_FIELDS);
      return;
    }
    setError(null);
    openGetStartedWith({ gender, is_smoker: smoker });
  }
  return (
    <form className="quick-start card" noValidate onSubmit={onSubmit} aria-label={t('Quick start')}>
      <h2 className="quote-form-title">{t('Two quick questions')}</h2>
      <div className="quote-form-fields">
        <SelectField
          label={t('Gender')}
          name="qs_gender"
          placeholder="Select"
          options={GENDER_OPTIONS}
          value={gender}
          onChange={(e) => (setGender(e.target.value), setError(null))}
        />
        <SelectField
          label={t('Tobacco use')}
          name="qs_smoker"
          placeholder="Select"
          options={SMOKER_OPTIONS}
          value={smoker}
          onChange={(e) => (setSmoker(e.target.value), setError(null))}
        />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      )}
      <Button type="submit" className="quote-submit">
        {t('Continue')}
      </Button>
    </form>
  );
}
