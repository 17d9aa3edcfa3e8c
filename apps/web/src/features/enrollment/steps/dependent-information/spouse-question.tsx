import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ZSpouseStatus, type TSpouseStatus } from '@store/domain/dependents';
import { TEXT } from '@store/domain/texts';
import { SelectField } from '../../../../components/form/fields';
import { Button } from '../../../../components/ui/button';
import { FormErrorSummary } from '../../../../components/form/error-summary';

const OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The premier question 'Will you be Enrolling your spouse ?' (the shared ZSpouseStatus); its message shows beside it. */
export function SpouseQuestion({ onAnswer }: { onAnswer: (answer: TSpouseStatus['spouse_status']) => Promise<void> }) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZSpouseStatus>, unknown, TSpouseStatus>({
    resolver: zodResolver(ZSpouseStatus),
    defaultValues: { spouse_status: '' as TSpouseStatus['spouse_status'] },
    shouldFocusError: false,
  });
  const error = formState.errors.spouse_status?.message;
  return (
    <form className="spouse-question card" noValidate onSubmit={handleSubmit(({ spouse_status }) => onAnswer(spouse_status))}>
      <FormErrorSummary form={formState} />
      <SelectField
        label={t(TEXT.WILL_YOU_ENROLL_SPOUSE)}
        placeholder="Please select"
        options={OPTIONS}
        error={error && t(error)}
        {...register('spouse_status')}
      />
      <Button type="submit">{t('Submit')}</Button>
    </form>
  );
}
