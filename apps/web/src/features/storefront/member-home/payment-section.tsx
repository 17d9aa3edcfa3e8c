import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_HOME_TEXT as T, type TMemberHome } from '@store/domain/member-home';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PaymentForm } from './payment-form';
import { useChangePayment, useChangePaymentMethod } from './api/change-payment';

/** The payment method on file, masked to its last four digits, and the way to change it. */
export function PaymentSection({
  payment,
  options,
  cardEntry,
}: {
  payment: TMemberHome['payment'];
  options: TMemberHome['payment_options'];
  cardEntry: TMemberHome['card_entry'];
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const change = useChangePayment();
  const changeToElement = useChangePaymentMethod();
  return (
    <section className="card mh-section" aria-labelledby="mh-payment">
      <h2 id="mh-payment">{t(T.PAYMENT)}</h2>
      {saved && <Alert kind="success">{t(T.PAYMENT_SAVED)}</Alert>}
      <p>
        {payment
          ? t(payment.kind === 'bank' ? 'Bank account {{label}} ending in {{last4}}' : 'Card {{label}} ending in {{last4}}', {
              label: payment.label,
              last4: payment.last4,
            })
          : t(T.NO_PAYMENT)}
      </p>
      {options.length === 0 && <p>{t(T.PAYMENT_BY_GROUP)}</p>}
      {options.length > 0 && !editing && (
        <Button variant="secondary" onClick={() => (setEditing(true), setSaved(false))}>
          {t(T.CHANGE_PAYMENT)}
        </Button>
      )}
      {editing && (
        <PaymentForm
          options={options}
          save={change.mutateAsync}
          savePaymentMethod={changeToElement.mutateAsync}
          cardEntry={cardEntry}
          onDone={(ok?: boolean) => (setEditing(false), setSaved(!!ok))}
        />
      )}
    </section>
  );
}
