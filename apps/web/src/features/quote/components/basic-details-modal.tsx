import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TEXT } from '@store/domain/texts';
import { LIMITS } from '@store/domain/codes';
import { ZQuoteForm } from '@store/domain/storefront';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { DateField, SelectField, TextField } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api-client';
import { useChangeFilter, useFilterInfo, usePremierInCart } from '../api/filter';
import { useOpenBasicDetailsListener } from '../api/ui';
import { firstErrors, GENDER_OPTIONS, SMOKER_OPTIONS, tierOptions } from './quote-options';

const ZBasicDetails = ZQuoteForm(TEXT.ENTER_5_DIGIT_ZIP_DOT).extend({
  is_smoker: z.string(),
  annual_incode: z.string().regex(/^\d{0,9}$/, { error: 'Enter a whole number' }),
  working_hours: z.string().regex(/^(\d{1,2}|1[0-5]\d|16[0-8])?$/, { error: 'Enter hours between 0 and 168' }),
});
type Values = Record<keyof z.infer<typeof ZBasicDetails>, string>;

/** The 'Basic Details' popup of the filter bar: change-filter-info with the non-empty fields. */
export function BasicDetailsModal() {
  const { t } = useTranslation();
  const { filter, tempId } = useFilterInfo();
  const change = useChangeFilter();
  const premier = usePremierInCart();
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState<string | undefined>();
  const [v, setV] = useState<Values>({ zip: '', dob: '', gender: '', tier: '', is_smoker: '', annual_incode: '', working_hours: '' });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const onOpen = useCallback(
    (f?: string) => {
      const s = (x: unknown) => (x === null || x === undefined ? '' : String(x));
      setV({
        zip: s(filter?.zip),
        dob: s(filter?.dob),
        gender: s(filter?.gender),
        tier: s(filter?.tier),
        is_smoker: s(filter?.is_smoker),
        annual_incode: s(filter?.annual_incode),
        working_hours: s(filter?.working_hours),
      });
      setErrors({});
      setFormError(null);
      setFocus(f);
      setOpen(true);
    },
    [filter],
  );
  useOpenBasicDetailsListener(onOpen);
  useEffect(() => {
    if (!open || !focus) return;
    const el = formRef.current?.querySelector<HTMLElement>(`[name="${focus}"]`);
    el?.focus();
  }, [open, focus]);

  const set = (k: keyof Values, value: string) => {
    setV((s) => ({ ...s, [k]: value }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const parsed = ZBasicDetails.safeParse(v);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    try {
      await change.mutateAsync(parsed.data);
      setOpen(false);
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) {
        const placed: Partial<Values> = {};
        for (const fe of err.fieldErrors) if (fe.target_element in v) placed[fe.target_element as keyof Values] ??= fe.error_message;
        setErrors(placed);
        if (!Object.keys(placed).length) setFormError(err.message);
      } else setFormError(err instanceof Error ? err.message : String(err));
    }
  }

  if (!tempId) return null;
  return (
    <Modal open={open} onClose={() => setOpen(false)} title={t('Basic Details')}>
      <form ref={formRef} className="form-stack" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="basic-details-grid">
          <TextField
            label={t('Zip code')}
            name="zip"
            inputMode="numeric"
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
            options={tierOptions(premier)}
            value={v.tier}
            onChange={(e) => set('tier', e.target.value)}
            error={errors.tier}
          />
          <SelectField
            label={t('Tobacco use')}
            name="is_smoker"
            placeholder="Select"
            options={SMOKER_OPTIONS}
            value={v.is_smoker}
            onChange={(e) => set('is_smoker', e.target.value)}
            error={errors.is_smoker}
          />
          <TextField
            label={t('Annual income')}
            name="annual_incode"
            inputMode="numeric"
            maxLength={9}
            value={v.annual_incode}
            onChange={(e) => set('annual_incode', e.target.value.replace(/\D/g, ''))}
            error={errors.annual_incode}
          />
          <TextField
            label={t('Working hours per week')}
            name="working_hours"
            inputMode="numeric"
            maxLength={3}
            value={v.working_hours}
            onChange={(e) => set('working_hours', e.target.value.replace(/\D/g, ''))}
            error={errors.working_hours}
          />
        </div>
        <Alert>{formError ? t(formError) : null}</Alert>
        <div className="row">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('Cancel')}
          </Button>
          <Button type="submit" busy={change.isPending}>
            {t('Save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
