import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { EXPIRATION_MONTHS, expirationYears } from '@store/domain/billing';
import { DigitsField, SelectField, TextField } from '../../../../components/form/fields';
import type { ReactNode } from 'react';
import type { Values } from './bank-fields';

/**
 * Card details and the billing address with 'Choose physical address' (copies the contact address, read-only). In
 * Stripe's mode `numberFields` (Stripe's Payment Element) takes the place of the number, expiry and security code.
 */
export function CardFields({
  v,
  set,
  errors,
  disabled,
  physical,
  onPhysical,
  req,
  numberFields,
}: {
  req(name: string): boolean;
  numberFields?: ReactNode;
  v: Values;
  set(name: string, value: string): void;
  errors: Values;
  disabled: boolean;
  physical: boolean;
  onPhysical(checked: boolean): void;
}) {
  const { t } = useTranslation();
  const f = (name: string, ro = false) => ({
    name,
    value: v[name] ?? '',
    error: errors[name],
    disabled,
    readOnly: ro,
    required: req(name),
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
  });
  return (
    <>
      <div className="form-grid">
        <TextField label={t('First Name on Card')} maxLength={50} autoComplete="cc-given-name" {...f('first_name_on_cc')} />
        <TextField label={t('Last Name on Card')} maxLength={50} autoComplete="cc-family-name" {...f('last_name_on_cc')} />
        {!numberFields && (
          <>
            <TextField label={t('Card Number')} inputMode="numeric" maxLength={25} autoComplete="cc-number" {...f('card_number')} />
            <SelectField
              label={t('Expiration Month')}
              placeholder="Please select"
              options={EXPIRATION_MONTHS.map((m) => ({ value: m, label: m }))}
              {...f('expiration_month')}
            />
            <SelectField
              label={t('Expiration Year')}
              placeholder="Please select"
              options={expirationYears().map((y) => ({ value: y, label: y }))}
              {...f('expiration_year')}
            />
            <DigitsField label={t('Security Code')} maxDigits={4} autoComplete="cc-csc" type="password" {...f('security_code')} />
          </>
        )}
      </div>
      {numberFields}
      <h4>{t('Billing Address')}</h4>
      <label className="checkbox-row">
        <input type="checkbox" checked={physical} disabled={disabled} onChange={(e) => onPhysical(e.target.checked)} />{' '}
        {t(TEXT.CHOOSE_PHYSICAL_ADDRESS)}
      </label>
      <div className="form-grid">
        <TextField label={t('Address 1')} autoComplete="address-line1" {...f('address1', physical)} />
        <TextField label={t('Address 2')} autoComplete="address-line2" {...f('address2', physical)} />
        <TextField label={t('City')} autoComplete="address-level2" {...f('city', physical)} />
        <TextField label={t('State')} maxLength={2} autoComplete="address-level1" {...f('state', physical)} />
        <DigitsField label={t('Zip')} maxDigits={5} autoComplete="postal-code" {...f('zip', physical)} />
      </div>
    </>
  );
}
