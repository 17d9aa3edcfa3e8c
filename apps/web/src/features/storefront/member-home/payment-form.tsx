import { lazy, Suspense, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { BILLING_TEXT, EXPIRATION_MONTHS, expirationYears, type TCardEntry } from '@store/domain/billing';
import {
  ZChangePaymentElementForm,
  ZChangePaymentRequest,
  type TChangePaymentForm,
  type TChangePaymentMethodRequest,
  type TChangePaymentRequest,
} from '@store/domain/member-home';
import { SelectField, TextField } from '../../../components/form/fields';
import { Spinner } from '../../../components/ui/alert';
import type { StripeCard } from '../../../components/payment/stripe-card-fields';
import { ApiError } from '../../../lib/api-client';
import { ChangeForm, useChangeSave } from './change-form';

type Method = 'cc' | 'eft';
const LABEL: Record<Method, string> = { eft: 'Bank account (EFT)', cc: 'Credit or debit card' };
/** Stripe's Payment Element and Stripe.js load only when the server says cards go to Stripe (decisions 2510, 2670). */
const LazyStripeCardFields = lazy(() => import('../../../components/payment/stripe-card-fields'));

/**
 * A new bank account or card, with the billing step's rules (shared schema); the server keeps only the last four.
 * `save` sends it: the member home's change, or a failed payment's one-time link (change-payment-page.tsx). In Stripe's
 * mode (`cardEntry`) the card's number, expiry and code are typed into Stripe's Payment Element, never our fields: the
 * form sends the PaymentMethod id Stripe made with `savePaymentMethod`, as the billing step does (decision 2670).
 */
export function PaymentForm({
  options,
  save,
  savePaymentMethod,
  cardEntry,
  onDone,
}: {
  options: Method[];
  save: (body: TChangePaymentRequest) => Promise<unknown>;
  savePaymentMethod: (body: TChangePaymentMethodRequest) => Promise<unknown>;
  cardEntry: TCardEntry;
  onDone: (saved?: boolean) => void;
}) {
  const { t } = useTranslation();
  const stripeKey = cardEntry.provider === 'stripe' ? cardEntry.publishable_key : null;
  const stripeCard = useRef<StripeCard | null>(null);
  const { register, handleSubmit, watch, setError, formState } = useForm<TChangePaymentForm, unknown, TChangePaymentRequest>({
    // In Stripe's mode the card's own fields are Stripe's: the form checks the holder and the address only.
    resolver: zodResolver((stripeKey ? ZChangePaymentElementForm : ZChangePaymentRequest) as typeof ZChangePaymentRequest),
    defaultValues: { payment_method: options[0] } as TChangePaymentForm,
    shouldUnregister: true,
    shouldFocusError: false,
  });
  const method = watch('payment_method');
  const errors = formState.errors as Record<string, { message?: string } | undefined>;
  const err = (name: string) => errors[name]?.message;
  const send = async (values: TChangePaymentRequest) => {
    if (!stripeKey || values.payment_method !== 'cc') return save(values);
    // The card goes from Stripe's Payment Element to Stripe; the store gets its PaymentMethod id (decision 2670).
    const { first_name_on_cc, last_name_on_cc, address1, address2, city, state, zip } = values;
    const made = await stripeCard.current?.createPaymentMethod({
      name: `${first_name_on_cc} ${last_name_on_cc}`,
      address: { line1: address1, line2: address2 || undefined, city, state, postal_code: zip },
    });
    if (!made || 'error' in made) {
      // Stripe's message goes beside the card, as the server's field errors do.
      const message = made?.error ?? BILLING_TEXT.CARD_NOT_ENTERED;
      throw new ApiError(422, message, [{ target_element: 'card_number', error_message: message }]);
    }
    return savePaymentMethod({
      payment_method: 'cc',
      payment_method_id: made.id,
      first_name_on_cc,
      last_name_on_cc,
      address1,
      city,
      state,
      zip,
    });
  };
  const { formError, submit } = useChangeSave(send, setError, onDone);
  const onSubmit = handleSubmit(submit);
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={t(label)} required error={err(name)} {...register(name as never)} {...extra} />
  );
  return (
    <ChangeForm onSubmit={onSubmit} formState={formState} formError={formError} onCancel={() => onDone(false)}>
      <fieldset className="field radio-group">
        <legend className="field-label">{t('Payment type')}</legend>
        <div className="radio-options">
          {options.map((o) => (
            <label key={o} className="radio-option">
              <input type="radio" value={o} {...register('payment_method')} />
              <span>{t(LABEL[o])}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {method === 'eft' && (
        <>
          {field('account_name', 'Account Holder Name', { autoComplete: 'name' })}
          {field('routing_number', 'Routing Number', { inputMode: 'numeric', autoComplete: 'off' })}
          {field('account_number', 'Account Number', { inputMode: 'numeric', autoComplete: 'off' })}
          {field('bank_name', 'Bank Name')}
          <SelectField
            label={t('Account Type')}
            required
            placeholder="Select"
            options={[
              { value: 'checking', label: 'Checking' },
              { value: 'savings', label: 'Savings' },
            ]}
            error={err('account_type')}
            {...register('account_type')}
          />
          <SelectField
            label={t('Account Holder Type')}
            required
            placeholder="Select"
            options={[
              { value: 'individual', label: 'Individual' },
              { value: 'company', label: 'Company' },
            ]}
            error={err('account_holder_type')}
            {...register('account_holder_type')}
          />
        </>
      )}
      {method === 'cc' && (
        <>
          {field('first_name_on_cc', 'First Name on Card', { autoComplete: 'cc-given-name' })}
          {field('last_name_on_cc', 'Last Name on Card', { autoComplete: 'cc-family-name' })}
          {stripeKey ? (
            <Suspense fallback={<Spinner />}>
              <LazyStripeCardFields publishableKey={stripeKey} onReady={(c) => (stripeCard.current = c)} error={err('card_number')} />
            </Suspense>
          ) : (
            <>
              {field('card_number', 'Card Number', { inputMode: 'numeric', autoComplete: 'cc-number' })}
              {field('security_code', 'Security Code', { inputMode: 'numeric', autoComplete: 'cc-csc' })}
              <SelectField
                label={t('Expiration month')}
                required
                placeholder="Select"
                options={EXPIRATION_MONTHS.map((m) => ({ value: m, label: m }))}
                error={err('expiration_month')}
                {...register('expiration_month')}
              />
              <SelectField
                label={t('Expiration year')}
                required
                placeholder="Select"
                options={expirationYears().map((y) => ({ value: y, label: y }))}
                error={err('expiration_year')}
                {...register('expiration_year')}
              />
            </>
          )}
          {field('address1', 'Billing Address', { autoComplete: 'address-line1' })}
          {field('city', 'City', { autoComplete: 'address-level2' })}
          {field('state', 'State', { autoComplete: 'address-level1', maxLength: 2 })}
          {field('zip', 'Zip code', { inputMode: 'numeric', autoComplete: 'postal-code' })}
        </>
      )}
    </ChangeForm>
  );
}
