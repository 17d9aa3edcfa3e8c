import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BILLING_TEXT } from '@store/domain/billing';
import { DigitsField, SelectField, TextField } from '../../../../components/form/fields';
import { ApiError } from '../../../../lib/api-client';
import { lookupRouting } from '../../api/billing';

export type Values = Record<string, string>;

/**
 * Bank look-up on blur of a 9-digit routing number: the bank's name in upper case when the directory knows it,
 * found false for a valid routing number it does not know (the person types the name), or the server's message.
 */
export async function lookupBank(routing: string): Promise<{ name: string; found: boolean } | { error: string }> {
  try {
    const r = await lookupRouting(routing);
    return { name: r.name.toUpperCase(), found: r.found };
  } catch (err) {
    return { error: err instanceof ApiError ? (err.fieldErrors[0]?.error_message ?? err.message) : BILLING_TEXT.ROUTING_INVALID };
  }
}

export function BankFields({
  v,
  set,
  errors,
  setErrors,
  disabled,
  req,
}: {
  v: Values;
  set(name: string, value: string): void;
  errors: Values;
  setErrors(f: (p: Values) => Values): void;
  disabled: boolean;
  req(name: string): boolean;
}) {
  const { t } = useTranslation();
  // The bank's name: filled and locked when the directory knows the routing number, typed when it does not.
  const [bank, setBank] = useState<'unchecked' | 'found' | 'typed'>('unchecked');
  // Which fields are required comes from the server's field definitions.
  const f = (name: string) => ({
    name,
    value: v[name] ?? '',
    error: errors[name],
    disabled,
    required: req(name),
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
  });
  const onRoutingChange = (e: { target: { value: string } }) => {
    set('routing_number', e.target.value);
    if (bank !== 'unchecked') {
      setBank('unchecked');
      set('bank_name', '');
    }
  };
  const onRoutingBlur = async () => {
    const routing = (v.routing_number ?? '').trim();
    if (!/^\d{9}$/.test(routing)) return;
    const r = await lookupBank(routing);
    if ('name' in r) {
      set('bank_name', r.name);
      setBank(r.found ? 'found' : 'typed');
      setErrors((p) => ({ ...p, routing_number: '', bank_name: '' }));
    } else {
      set('bank_name', '');
      setBank('unchecked');
      setErrors((p) => ({ ...p, routing_number: r.error }));
    }
  };
  return (
    <div className="form-grid">
      <DigitsField
        label={t('Routing Number')}
        maxDigits={9}
        autoComplete="off"
        {...f('routing_number')}
        onChange={onRoutingChange}
        onBlur={() => void onRoutingBlur()}
      />
      <TextField
        label={t('Bank Name')}
        maxLength={100}
        readOnly={bank !== 'typed'}
        hint={bank === 'typed' ? t(BILLING_TEXT.BANK_NAME_NOT_FOUND) : undefined}
        {...f('bank_name')}
      />
      <TextField label={t('Account Holder Name')} maxLength={100} {...f('account_name')} />
      <DigitsField label={t('Account Number')} maxDigits={17} autoComplete="off" {...f('account_number')} />
      <SelectField
        label={t('Account Type')}
        placeholder="Please select"
        options={[
          { value: 'checking', label: 'Checking' },
          { value: 'savings', label: 'Savings' },
        ]}
        {...f('account_type')}
      />
      <SelectField
        label={t('Account Holder Type')}
        placeholder="Please select"
        options={[
          { value: 'individual', label: 'Individual' },
          { value: 'company', label: 'Company' },
        ]}
        {...f('account_holder_type')}
      />
    </div>
  );
}
