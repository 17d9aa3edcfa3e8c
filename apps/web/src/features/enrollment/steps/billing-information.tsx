import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHOD_LABELS, LIMITS, type PaymentMethod } from '@store/domain/codes';
import {
  BILLING_TEXT,
  billDateLabel,
  paymentOptions,
  ZBankFields,
  ZCardFields,
  ZCardHolderFields,
  type TCardEntry,
} from '@store/domain/billing';
import { RadioGroup } from '../../../components/form/fields';
import { ErrorSummary, summaryOfMessage, summaryOfRecord } from '../../../components/form/error-summary';
import { Alert, Spinner } from '../../../components/ui/alert';
import { useStepRunner } from '../wizard/step-runner';
import type { TExistingBank, TExistingCard } from '@store/domain/contract/enrollment-finish';
import { saveBilling, saveBillingExisting, saveBillingPaymentMethod, useBillingStep } from '../api/billing';
import type { EnrollmentStep, StepProps } from '../wizard/contract';
import type { FieldDefs } from '../api/field-defs';
import { StepActions } from '../wizard/step-actions';
import { BankFields, type Values } from './billing-information/bank-fields';
import { billingResolver, picked, type BillingContext } from './billing-information/form-rules';
import { CardFields } from './billing-information/card-fields';
import { withFirstPaymentAuthentication } from './billing-information/first-payment-authentication';
import { stripeHolder } from './billing-information/stripe-naming';
import type { StripeCard } from '../../../components/payment/stripe-card-fields';
import type { TChargeSummary } from '@store/domain/charges';
import { LazyChargeLines } from '../../../components/money/lazy-charge-lines';
import { enrollButtonText } from '@store/domain/enroll-button';
import { storage } from '../../../lib/storage';

type Obj = Record<string, unknown>;
/** The payment authorization (issue 22) loads with the card or bank fields, not with the wizard's first files. */
const LazyAuthorization = lazy(() => import('../consent/billing-authorization'));
/** Stripe's Payment Element and Stripe.js load only when the server says cards go to Stripe (decision 2510). */
const LazyStripeCardFields = lazy(() => import('../../../components/payment/stripe-card-fields'));
const CARD_FORM_NOT_LOADED = 'The card form could not be loaded. Please try again later.';
/** Billing information (enrollment.md 2.11, 4.10). */
function BillingInformationStep({ nav }: StepProps) {
  const data = useBillingStep(nav.enrollmentId);
  if (data.isError) return <Alert>{(data.error as Error).message}</Alert>;
  if (!data.data) return <Spinner />;
  return <BillingForm nav={nav} {...data.data} />;
}

function BillingForm({
  nav,
  method,
  billDates,
  banks,
  cards,
  text,
  contact,
  saved,
  defs,
  charges,
}: StepProps & {
  method: PaymentMethod;
  billDates: number[];
  banks: TExistingBank[];
  cards: TExistingCard[];
  text: { text: string; eft_terms: string; card_entry?: TCardEntry } | null;
  contact: Obj;
  saved: Obj | null;
  defs: FieldDefs;
  charges: TChargeSummary;
}) {
  const { t, i18n } = useTranslation();
  const options = paymentOptions(method);
  const [type, setType] = useState<'cc' | 'eft' | null>(() => {
    const s = saved?.payment_method as 'cc' | 'eft' | undefined;
    return s && options.includes(s) ? s : (options[0] ?? null);
  });
  const [billDate, setBillDate] = useState(String(saved?.bill_date ?? defs.bill_date?.value ?? LIMITS.defaultBillDate));
  const req = (name: string) => (defs[name] ? !!defs[name].required : true);
  const [existing, setExisting] = useState<string>('new');
  const [physical, setPhysical] = useState(false);
  const stripeKey = text?.card_entry?.provider === 'stripe' ? text.card_entry.publishable_key : null;
  const stripeCard = useRef<StripeCard | null>(null);
  // The new card's or account's fields live in react-hook-form, checked by the shared ZCardFields / ZBankFields.
  const { handleSubmit, setValue, watch, setError, clearErrors, formState } = useForm<Values, BillingContext>({
    defaultValues: {},
    resolver: billingResolver,
    context: { type, existing, physical, stripe: !!stripeKey },
  });
  const v = watch();
  // The authorization's words follow the form as it is typed (packages/domain, the same words the server checks);
  // a changed text is accepted again.
  const [authorization, setAuthorization] = useState('');
  const lists = useMemo(() => ({ banks, cards }), [banks, cards]);
  useEffect(() => setValue('payment_authorization', ''), [authorization, setValue]);
  const errors = Object.fromEntries(
    Object.entries(formState.errors).map(([k, e]) => [k, (e as { message?: string } | undefined)?.message ?? '']),
  ) as Values;
  const setErrors = (next: (p: Values) => Values) => {
    const record = next(errors);
    clearErrors();
    for (const [k, m] of Object.entries(record)) if (m) setError(k, { type: 'server', message: m });
  };
  // Nothing entered is lost: the form keeps its values, the server's messages show beside their fields.
  const { formRef, busy, formError, setFormError, run } = useStepRunner(nav, setError);
  const attempts = formState.submitCount;
  const set = (name: string, value: string) => setValue(name, value, { shouldDirty: true });

  const onPhysical = (checked: boolean) => {
    setPhysical(checked);
    const s = (k: string) => (checked ? String(contact[k] ?? '') : '');
    for (const k of ['address1', 'address2', 'city', 'state', 'zip']) set(k, s(k));
  };

  const save = (go: 'next' | 'later') =>
    handleSubmit(async (values) => {
      setFormError(null);
      // Each request's typed body (the contract's): a new card or account as the shared schema read it.
      const auth = type ? { payment_authorization: true as const, authorization_text: authorization } : {};
      // The last step's Next enrolls (first_enroll=1, decision 2530); Save & Continue Later only saves.
      const enrolls = go === 'next' ? { first_enroll: 1 as const } : {};
      const common = { enrollment_id: nav.enrollmentId, bill_date: Number(billDate), ...auth, ...enrolls };
      const stripe = type === 'cc' && !!stripeKey;
      const confirmingFirstPayment = <T,>(sendOnce: () => Promise<T>) =>
        withFirstPaymentAuthentication(nav.enrollmentId, i18n.language, t(CARD_FORM_NOT_LOADED), sendOnce);
      const send = async () => {
        // No card or bank to choose: the group's list or statement method (paymentOptions gives none only for those).
        if (!type) return method === 'cc' || method === 'eft' ? undefined : saveBilling({ ...common, payment_method: method });
        if (existing !== 'new')
          return confirmingFirstPayment(() =>
            saveBillingExisting({
              ...common,
              payment_method: type,
              ...(type === 'cc' ? { card_id: Number(existing) } : { bank_id: Number(existing) }),
            }),
          );
        if (stripe) {
          // The card goes from Stripe's Payment Element to Stripe; the store gets its PaymentMethod id (decision 2510).
          const made = await stripeCard.current?.createPaymentMethod(stripeHolder(values));
          if (!made || 'error' in made) {
            setError('card_number', { type: 'server', message: made?.error ?? BILLING_TEXT.CARD_NOT_ENTERED });
            return undefined;
          }
          // The authorization names the card as Stripe does: a card not named yet (or another) is shown to be accepted again.
          if (values.stripe_brand !== made.brand || values.stripe_last4 !== made.last4) {
            set('stripe_brand', made.brand);
            set('stripe_last4', made.last4);
            throw (await import('../consent/billing-authorization')).authorizationChanged();
          }
          const body = {
            ...common,
            payment_method: 'cc' as const,
            payment_method_id: made.id,
            ...ZCardHolderFields.parse(picked(type, values, physical, true)),
          };
          // 3-D Secure at the first payment: the bank's check in Stripe.js, then the same completion again.
          return confirmingFirstPayment(() => saveBillingPaymentMethod(body));
        }
        return saveBilling(
          type === 'cc'
            ? { ...common, payment_method: 'cc', ...ZCardFields.parse(picked(type, values, physical)) }
            : { ...common, payment_method: 'eft', ...ZBankFields.parse(picked(type, values, physical)) },
        );
      };
      if (go === 'later') return void (await run(go, send));
      const done = await run(
        async () => undefined,
        async () => {
          // A Stripe card not taken by Stripe sets its field's error and sends nothing: the enrollment is not made.
          if ((await send()) === undefined && stripe && existing === 'new') throw new Error(BILLING_TEXT.CARD_NOT_ENTERED);
        },
      );
      if (!done) return;
      storage.remove('health_track', 'first_track', 'isSpouseEnrollAccept', 'tempDepData', 'navto');
      storage.set('cartCount', 0);
      nav.goNext();
    })();
  const enroll = enrollButtonText(type, charges.initial);

  const savedText =
    saved?.payment_method === 'cc'
      ? `${t('Saved')}: ${saved.card_brand ?? ''} ${saved.card_number ?? ''}`
      : saved?.payment_method === 'eft'
        ? `${t('Saved')}: ${saved.bank_name ?? ''} ${saved.account_number ?? ''}`
        : null;

  return (
    <form
      ref={formRef}
      className="step-form card billing-step"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save('next');
      }}
    >
      <h2>{t('Billing Information')}</h2>
      <ErrorSummary attempts={attempts} items={[...summaryOfMessage(formError), ...summaryOfRecord(errors)]} />
      {savedText && <Alert kind="info">{savedText}</Alert>}
      {options.length ? (
        <RadioGroup
          legend={t('Payment Type')}
          name="payment_method"
          value={type}
          options={options.map((o) => ({ value: o, label: PAYMENT_METHOD_LABELS[o] }))}
          onChange={(x) => {
            setType(x as 'cc' | 'eft');
            setExisting('new');
            clearErrors();
          }}
          error={errors.payment_method}
        />
      ) : (
        <Alert kind="info">
          {t(PAYMENT_METHOD_LABELS[method])}: {t(BILLING_TEXT.NOTE_LIST)}
        </Alert>
      )}
      <RadioGroup
        legend={t('Bill Date')}
        className="bill-date-options"
        name="bill_date"
        value={billDate}
        options={(billDates.length ? billDates : [LIMITS.defaultBillDate]).map((n) => ({ value: String(n), label: billDateLabel(n) }))}
        onChange={setBillDate}
      />
      {type === 'eft' && banks.length > 0 && (
        <RadioGroup
          legend={t('Bank Account')}
          name="existing_bank"
          value={existing}
          options={[
            ...banks.map((b) => ({ value: String(b.bank_id), label: `${b.bank_name} ${b.account_number}` })),
            { value: 'new', label: 'New' },
          ]}
          onChange={setExisting}
          error={errors.bank_id}
        />
      )}
      {type === 'cc' && cards.length > 0 && (
        <RadioGroup
          legend={t('Card')}
          name="existing_card"
          value={existing}
          options={[
            ...cards.map((c) => ({ value: String(c.card_id), label: `${c.card_number} ${c.expiration_month}/${c.expiration_year}` })),
            { value: 'new', label: 'New' },
          ]}
          onChange={setExisting}
          error={errors.card_id}
        />
      )}
      {type === 'eft' && <BankFields v={v} set={set} errors={errors} setErrors={setErrors} disabled={existing !== 'new'} req={req} />}
      {type === 'cc' && (
        <CardFields
          v={v}
          set={set}
          errors={errors}
          disabled={existing !== 'new'}
          physical={physical}
          onPhysical={onPhysical}
          req={req}
          numberFields={
            stripeKey && existing === 'new' ? (
              <Suspense fallback={<Spinner />}>
                <LazyStripeCardFields
                  publishableKey={stripeKey}
                  onReady={(c) => (stripeCard.current = c)}
                  holder={stripeHolder(v)}
                  onNamed={(card) => {
                    // Stripe named the card (decision 2821): the authorization names it before it is accepted.
                    set('stripe_brand', card?.brand ?? '');
                    set('stripe_last4', card?.last4 ?? '');
                  }}
                  error={errors.card_number}
                />
              </Suspense>
            ) : undefined
          }
        />
      )}
      <section className="billing-charges" aria-labelledby="billing-charges-title">
        <h3 id="billing-charges-title">{t('What you will pay')}</h3>
        <LazyChargeLines summary={charges} billDay={Number(billDate)} schedule={type ? 'card-or-bank' : 'list'} method={type} />
      </section>
      {text && (
        <div className="billing-text">
          <p>{t(text.text)}</p>
          {type === 'eft' && <p className="eft-terms">{t(text.eft_terms)}</p>}
        </div>
      )}
      {type && (
        <Suspense fallback={<Spinner />}>
          <LazyAuthorization
            type={type}
            existing={existing}
            values={v}
            lists={lists}
            charges={charges}
            billDay={Number(billDate)}
            onText={setAuthorization}
            checked={v.payment_authorization === 'yes'}
            onChange={(checked) => {
              set('payment_authorization', checked ? 'yes' : '');
              if (checked) clearErrors('payment_authorization');
            }}
            error={errors.payment_authorization}
          />
        </Suspense>
      )}
      <StepActions
        onBack={nav.goBack}
        onSaveLater={() => void save('later')}
        busy={busy}
        nextLabel={t(enroll.text, { amount: enroll.amount })}
      />
    </form>
  );
}

export const step: EnrollmentStep = { tab: 'billing_info', Component: BillingInformationStep };
