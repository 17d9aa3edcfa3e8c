import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../../components/form/fields';
import { api, ApiError } from '../../../../lib/api-client';

export type Values = Record<string, string>;

/** Bank look-up on blur of a 9-digit routing number: the bank name in upper case, or the server's message. */
export async function lookupBank(routing: string): Promise<{ name: string } | { error: string }> {
  try {
    const r = await api.get<{ response: { name: string } }>('/api/v1/routing-number-bank-lookup', { q: routing });
    return { name: r.data.response.name.toUpperCase() };
  } catch (err) {
    return { error: err instanceof ApiError ? (err.fieldErrors[0]?.error_message ?? err.message) : 'Invalid routing number' };
  }
}

export function BankFields({ v, set, errors, setErrors, disabled, req }: { v: Values; set(name: string, value: string): void; errors: Values; setErrors(f: (p: Values) => Values): void; disabled: boolean; req(name: string): boolean }) {
  const { t } = useTranslation();
  // Which fields are required comes from the server's field definitions.
  const f = (name: string) => ({ name, value: v[name] ?? '', error: errors[name], disabled, required: req(name), onChange: (e: { target: { value: string } }) => set(name, e.target.value) });
  const onRoutingBlur = async () => {
    const routing = (v.routing_number ?? '').trim();
    if (!/^\d{9}$/.test(routing)) return;
    const r = await lookupBank(routing);
    if ('name' in r) {
      set('bank_name', r.name);
      setErrors((p) => ({ ...p, routing_number: '', bank_name: '' }));
    } else {
      set('bank_name', '');
      setErrors((p) => ({ ...p, routing_number: r.error }));
    }
  };
  return (
    <div className="form-grid">
      <TextField label={t('Routing Number')} inputMode="numeric" maxLength={9} autoComplete="off" {...f('routing_number')} onBlur={() => void onRoutingBlur()} />
      <TextField label={t('Bank Name')} readOnly {...f('bank_name')} />
      <TextField label={t('Account Holder Name')} maxLength={100} {...f('account_name')} />
      <TextField label={t('Account Number')} inputMode="numeric" maxLength={17} autoComplete="off" {...f('account_number')} />
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
