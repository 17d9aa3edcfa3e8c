import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { confirmPaymentAuthentication, getPaymentAuthentication } from '@store/domain/contract/ledger';
import { AUTHENTICATION_TEXT, type TPaymentAuthentication } from '@store/domain/ledger';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { call } from '../../../lib/api-client';
import { memberHomeKey } from './api/get-member-home';

/** Stripe.js loads only for a payment that waits for its holder's confirmation (decision 2670). */
const LazyStripeConfirmPayment = lazy(() =>
  import('../../../components/payment/stripe-card-fields').then((m) => ({ default: m.StripeConfirmPayment })),
);

/**
 * A premium the card's bank asked its holder to confirm (3-D Secure; decision 2670): the member asks for the
 * confirmation, Stripe.js shows the bank's check (confirmCardPayment), and the store, asked again, checks with Stripe
 * that it is paid before saying so.
 */
export function ConfirmPayment({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [auth, setAuth] = useState<TPaymentAuthentication | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);
  const params = { payment_id: paymentId };
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const a = (await call(getPaymentAuthentication, { params })).data;
      if (a.status === 'paid') return void (setPaid(true), await qc.invalidateQueries({ queryKey: memberHomeKey }));
      setAuth(a);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const confirmed = async () => {
    await call(confirmPaymentAuthentication, { params });
    setPaid(true);
    await qc.invalidateQueries({ queryKey: memberHomeKey });
  };
  if (paid) return <Alert kind="success">{t(AUTHENTICATION_TEXT.PAID)}</Alert>;
  return (
    <div className="mh-confirm-payment">
      <p>{t(AUTHENTICATION_TEXT.NEEDED)}</p>
      {auth?.status === 'requires_action' ? (
        <Suspense fallback={<Spinner />}>
          <LazyStripeConfirmPayment
            publishableKey={auth.publishable_key}
            clientSecret={auth.client_secret}
            paymentMethodId={auth.payment_method_id}
            label={t(AUTHENTICATION_TEXT.CONFIRM)}
            onConfirmed={confirmed}
          />
        </Suspense>
      ) : (
        <Button variant="secondary" busy={busy} onClick={() => void start()}>
          {t(AUTHENTICATION_TEXT.CONFIRM)}
        </Button>
      )}
      {error && <p role="alert">{t(error)}</p>}
    </div>
  );
}
