import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LIMITS } from '@store/domain/codes';
import { TEXT } from '@store/domain/texts';
import { BENEFICIARY_RELATIONSHIPS, beneficiaryTotal } from '@store/domain/enrollment-beneficiaries';
import { ZChangeBeneficiariesRequest, type TChangeBeneficiariesForm, type TEnrollmentBeneficiaries } from '@store/domain/member-home';
import { SelectField, TextField } from '../../../components/form/fields';
import { Button } from '../../../components/ui/button';
import { ChangeForm, useChangeSave } from './change-form';
import { useChangeBeneficiaries } from './api/change-beneficiaries';

const EMPTY = { beneficiary_id: '', first_name: '', middle_name: '', last_name: '', birthdate: '', ssn: '', beneficiary_percentage: '' };

/** The beneficiaries of one enrollment, all at once, with the enrollment step's schema (percentages total 100). */
export function BeneficiariesForm({ current, onDone }: { current: TEnrollmentBeneficiaries; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const change = useChangeBeneficiaries();
  const { register, handleSubmit, setError, watch, getValues, reset, formState } = useForm<
    TChangeBeneficiariesForm,
    unknown,
    z.output<typeof ZChangeBeneficiariesRequest>
  >({
    resolver: zodResolver(ZChangeBeneficiariesRequest),
    shouldFocusError: false,
    defaultValues: {
      enrollment_id: current.enrollment_id,
      beneficiaries: current.beneficiaries.map((b) => ({ ...b, relationship: b.relationship as never })),
    },
  });
  // Rows by key (react-hook-form's useFieldArray would add to the forms file every enrollment page loads).
  const [keys, setKeys] = useState(() => current.beneficiaries.map((_, i) => i));
  const [nextKey, setNextKey] = useState(current.beneficiaries.length);
  const fields = keys.map((id) => ({ id }));
  const append = (row: TChangeBeneficiariesForm['beneficiaries'][number]) => {
    reset({ ...getValues(), beneficiaries: [...(getValues('beneficiaries') ?? []), row] }, { keepSubmitCount: true });
    setKeys([...keys, nextKey]);
    setNextKey(nextKey + 1);
  };
  const remove = (i: number) => {
    reset({ ...getValues(), beneficiaries: (getValues('beneficiaries') ?? []).filter((_, j) => j !== i) }, { keepSubmitCount: true });
    setKeys(keys.filter((_, j) => j !== i));
  };
  const total = beneficiaryTotal(watch('beneficiaries') ?? []);
  const errs = formState.errors.beneficiaries;
  const { formError, submit } = useChangeSave(change.mutateAsync, setError, onDone);
  const onSubmit = handleSubmit(submit);
  return (
    <ChangeForm onSubmit={onSubmit} formState={formState} formError={formError} onCancel={() => onDone(false)}>
      {fields.map((f, i) => (
        <fieldset key={f.id} className="mh-beneficiary">
          <legend>{t('Beneficiary #{{n}}', { n: i + 1 })}</legend>
          <TextField
            label={t('First Name')}
            required
            error={errs?.[i]?.first_name?.message}
            {...register(`beneficiaries.${i}.first_name`)}
          />
          <TextField label={t('Last Name')} required error={errs?.[i]?.last_name?.message} {...register(`beneficiaries.${i}.last_name`)} />
          <TextField
            label={t('Date of Birth')}
            hint="MM/DD/YYYY"
            required
            error={errs?.[i]?.birthdate?.message}
            {...register(`beneficiaries.${i}.birthdate`)}
          />
          <TextField label={t('SSN')} required autoComplete="off" error={errs?.[i]?.ssn?.message} {...register(`beneficiaries.${i}.ssn`)} />
          <SelectField
            label={t('Relationship')}
            required
            placeholder="Select"
            options={BENEFICIARY_RELATIONSHIPS.map((r) => ({ value: r, label: r }))}
            error={errs?.[i]?.relationship?.message}
            {...register(`beneficiaries.${i}.relationship`)}
          />
          <TextField
            label={t('Percentage')}
            inputMode="numeric"
            required
            error={errs?.[i]?.beneficiary_percentage?.message}
            {...register(`beneficiaries.${i}.beneficiary_percentage`)}
          />
          <Button variant="link" onClick={() => remove(i)}>
            {t('Delete')} <span className="sr-only">{t('Beneficiary #{{n}}', { n: i + 1 })}</span>
          </Button>
        </fieldset>
      ))}
      <p aria-live="polite">{t('Total: {{total}}%', { total })}</p>
      {fields.length < LIMITS.maxBeneficiaries && (
        <div>
          <Button variant="secondary" onClick={() => append({ ...EMPTY, relationship: '' as never })}>
            {t(TEXT.ADD_BENEFICIARY)}
          </Button>
        </div>
      )}
    </ChangeForm>
  );
}
