import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { useAcceptPaymentAuthorization, usePaymentAuthorization } from './api';

/**
 * The payment authorization (issue 22): for a bank debit the NACHA WEB authorization (payer, bank and masked account,
 * first debit and date, monthly amount and day, how to revoke and how long before a debit), for a card its own text;
 * the person accepts it with a checkbox, the server keeps it and mails a copy. Nothing for list bill.
 */
export function PaymentAuthorization({ enrollmentId, error }: { enrollmentId: string; error?: string }) {
  const { t, i18n } = useTranslation();
  const a = usePaymentAuthorization(enrollmentId, i18n.language);
  const accept = useAcceptPaymentAuthorization(enrollmentId);
  // Checked at once (a controlled box would flip back until the server answers); unchecked again if it refuses.
  const [ticked, setTicked] = useState(false);
  if (a.isError) return <Alert>{(a.error as Error).message}</Alert>;
  if (!a.data?.required) return null;
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
