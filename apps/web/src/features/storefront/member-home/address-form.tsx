import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ZChangeAddressRequest, type TChangeAddressForm, type TChangeAddressRequest, type TMemberAddress } from '@store/domain/member-home';
import { TextField } from '../../../components/form/fields';
import { ChangeForm, useChangeSave } from './change-form';
import { useChangeAddress } from './api/change-address';

/** A new address with the enrollment contact step's rules (shared schema); the carriers get an 834 change. */
export function AddressForm({ current, onDone }: { current: TMemberAddress | null; onDone: (saved?: boolean) => void }) {
  const { t } = useTranslation();
  const change = useChangeAddress();
  const { register, handleSubmit, setError, formState } = useForm<TChangeAddressForm, unknown, TChangeAddressRequest>({
    resolver: zodResolver(ZChangeAddressRequest),
    defaultValues: current ?? { address1: '', address2: '', city: '', state: '', zip: '' },
    shouldFocusError: false,
  });
  const err = (name: keyof TChangeAddressForm) => formState.errors[name]?.message;
  const { formError, submit } = useChangeSave(change.mutateAsync, setError, onDone);
  const onSubmit = handleSubmit(submit);
  return (
    <ChangeForm onSubmit={onSubmit} formState={formState} formError={formError} onCancel={() => onDone(false)}>
      <TextField label={t('Street Address 1')} required autoComplete="address-line1" error={err('address1')} {...register('address1')} />
      <TextField label={t('Street Address 2')} autoComplete="address-line2" error={err('address2')} {...register('address2')} />
      <TextField label={t('City')} required autoComplete="address-level2" error={err('city')} {...register('city')} />
      <TextField label={t('State')} required autoComplete="address-level1" maxLength={2} error={err('state')} {...register('state')} />
      <TextField
        label={t('Zip')}
        required
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        error={err('zip')}
        {...register('zip')}
      />
    </ChangeForm>
  );
}
