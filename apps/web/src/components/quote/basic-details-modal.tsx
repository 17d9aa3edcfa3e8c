import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TEXT } from '@store/domain/texts';
import { LIMITS } from '@store/domain/codes';
import { ZQuoteForm } from '@store/domain/storefront';
import { Modal } from '../ui/modal';
import { Button } from '../ui/button';
import { DateField, SelectField, TextField } from '../form/fields';
import { FormErrorSummary } from '../form/error-summary';
import { ApiError } from '../../lib/api-client';
import { useChangeFilter, useFilterInfo, usePremierInCart } from '../../lib/quote/filter';
import { useOpenBasicDetailsListener } from '../../lib/quote/ui';
import { GENDER_OPTIONS, SMOKER_OPTIONS, tierOptions } from './quote-options';

const ZBasicDetails = ZQuoteForm(TEXT.ENTER_5_DIGIT_ZIP_DOT).extend({
  is_smoker: z.string(),
  annual_incode: z.string().regex(/^\d{0,9}$/, { error: 'Enter a whole number' }),
  working_hours: z.string().regex(/^(\d{1,2}|1[0-5]\d|16[0-8])?$/, { error: 'Enter hours between 0 and 168' }),
});
type Values = Record<keyof z.infer<typeof ZBasicDetails>, string>;
type Out = z.output<typeof ZBasicDetails>;
const EMPTY: Values = { zip: '', dob: '', gender: '', tier: '', is_smoker: '', annual_incode: '', working_hours: '' };

/** The 'Basic Details' popup of the filter bar: change-filter-info with the non-empty fields. */
export function BasicDetailsModal() {
  const { t } = useTranslation();
  const { filter, tempId } = useFilterInfo();
  const change = useChangeFilter();
  const premier = usePremierInCart();
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<Values, unknown, Out>({
    // The selects hold strings until the schema reads them as its codes.
    resolver: zodResolver(ZBasicDetails) as unknown as Resolver<Values, unknown, Out>,
    defaultValues: EMPTY,
    // A field's message goes as soon as it is changed; the next Save checks again.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const onOpen = useCallback(
    (f?: string) => {
      const s = (x: unknown) => (x === null || x === undefined ? '' : String(x));
      reset({
        zip: s(filter?.zip),
        dob: s(filter?.dob),
        gender: s(filter?.gender),
        tier: s(filter?.tier),
        is_smoker: s(filter?.is_smoker),
        annual_incode: s(filter?.annual_incode),
        working_hours: s(filter?.working_hours),
      });
      setFormError(null);
      setFocus(f);
      setOpen(true);
    },
    [filter, reset],
  );
  useOpenBasicDetailsListener(onOpen);
  useEffect(() => {
    if (!open || !focus) return;
    const el = formRef.current?.querySelector<HTMLElement>(`[name="${focus}"]`);
    el?.focus();
  }, [open, focus]);

  /** The field registered; `clean` keeps only what may be typed (digits). */
  const field = (k: keyof Values, clean?: (value: string) => string) => {
    const reg = register(k, { onChange: () => clearErrors(k) });
    return {
      ...reg,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        if (clean) e.target.value = clean(e.target.value);
        return reg.onChange(e);
      },
    };
  };
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      setOpen(false);
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) {
        const placed = err.fieldErrors.filter((fe) => fe.target_element in EMPTY);
        for (const fe of [...placed].reverse()) setError(fe.target_element as keyof Values, { type: 'server', message: fe.error_message });
        if (!placed.length) setFormError(err.message);
      } else setFormError(err instanceof Error ? err.message : String(err));
    }
  });

  if (!tempId) return null;
  return (
    <Modal open={open} onClose={() => setOpen(false)} title={t('Basic Details')}>
      <form ref={formRef} className="form-stack" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormErrorSummary form={formState} formError={formError} />
        <div className="basic-details-grid">
          <TextField
            label={t('Zip code')}
            inputMode="numeric"
            maxLength={LIMITS.zip}
            error={errors.zip?.message}
            {...field('zip', (x) => x.replace(/\D/g, '').slice(0, LIMITS.zip))}
          />
          <DateField label={t('Date of birth')} error={errors.dob?.message} {...field('dob')} />
          <SelectField
            label={t('Gender')}
            placeholder="Select"
            options={GENDER_OPTIONS}
            error={errors.gender?.message}
            {...field('gender')}
          />
          <SelectField
            label={t('Tier')}
            placeholder="Select"
            options={tierOptions(premier)}
            error={errors.tier?.message}
            {...field('tier')}
          />
          <SelectField
            label={t('Tobacco use')}
            placeholder="Select"
            options={SMOKER_OPTIONS}
            error={errors.is_smoker?.message}
            {...field('is_smoker')}
          />
          <TextField
            label={t('Annual income')}
            inputMode="numeric"
            maxLength={9}
            error={errors.annual_incode?.message}
            {...field('annual_incode', (x) => x.replace(/\D/g, ''))}
          />
          <TextField
            label={t('Working hours per week')}
            inputMode="numeric"
            maxLength={3}
            error={errors.working_hours?.message}
            {...field('working_hours', (x) => x.replace(/\D/g, ''))}
          />
        </div>
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
