import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { useAcceptPaymentAuthorization, usePaymentAuthorization } from './api';

/**
 * The agreement step's fallback of the payment authorization (issue 22): the billing step accepts it with the payment;
 * only when none matches the payment any more (saved before, or the cart changed since) is it asked again here, the
 * server's text accepted by its hash. Nothing when already accepted or for list bill.
 */
export function PaymentAuthorization({ enrollmentId, error }: { enrollmentId: string; error?: string }) {
  const { t, i18n } = useTranslation();
  const a = usePaymentAuthorization(enrollmentId, i18n.language);
  const accept = useAcceptPaymentAuthorization(enrollmentId);
  // Checked at once (a controlled box would flip back until the server answers); unchecked again if it refuses.
  const [ticked, setTicked] = useState(false);
  // Whether to ask is decided once, from the first answer: the box does not vanish when ticked here.
  const ask = useRef<boolean | null>(null);
  if (a.data && ask.current === null) ask.current = a.data.required && !a.data.accepted;
  if (a.isError) return <Alert>{(a.error as Error).message}</Alert>;
  if (!a.data?.required || !ask.current) return null;
  const accepted = a.data.accepted;
  const message = accept.error ? (accept.error as Error).message : error && !accepted ? t(error) : null;
  return (
    <section className="payment-authorization card" aria-labelledby="payment-authorization-title">
      <h3 id="payment-authorization-title">{t('Payment authorization')}</h3>
      <div className="authorization-text">
        {a.data.text.split('\n').map((line) => (
          <p key={line.slice(0, 32)}>{line}</p>
        ))}
      </div>
      <label className="checkbox-row">
        <input
          type="checkbox"
          name="payment_authorization"
          checked={accepted || ticked}
          disabled={accepted || accept.isPending}
          aria-describedby={message ? 'payment_authorization_message' : undefined}
          onChange={(e) => {
            if (!e.target.checked || !a.data) return;
            setTicked(true);
            accept.mutate(a.data.text_sha256, { onError: () => setTicked(false) });
          }}
        />
        <span>{t('I accept this payment authorization. A copy will be e-mailed to me.')}</span>
      </label>
      {message && (
        <div id="payment_authorization_message" className="field-error" role="alert">
          {message}
        </div>
      )}
    </section>
  );
}
