import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAYMENT_LINK_INVALID } from '@store/domain/payment-change';
import { Alert, Spinner } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { PaymentForm } from '../member-home/payment-form';
import '../member-home/member-home.css';
import { useChangePaymentByLink, useChangePaymentMethodByLink, usePaymentChangeLink } from './api';

/**
 * A failed payment's one-time link (issue 36): the change-payment form alone, for a payer without an account. The link
 * works once and until its day; after that the payer signs in, or waits for the next mail.
 */
export function ChangePaymentPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const link = usePaymentChangeLink(token);
  const change = useChangePaymentByLink(token);
  const changeToElement = useChangePaymentMethodByLink(token);
  const [saved, setSaved] = useState(false);
  return (
    <section className="page narrow member-home">
      <h1>{t('Change your payment method')}</h1>
      {link.isPending && <Spinner />}
      {link.isError && (
        <Alert kind="warning">
          {t(PAYMENT_LINK_INVALID)} <Link to={paths.signIn}>{t('Sign in to change it in your member home.')}</Link>
        </Alert>
      )}
      {saved && <Alert kind="success">{t('Your payment method was saved. The next try of your payment uses it.')}</Alert>}
      {link.data && !saved && (
        <>
          <p>
            {t('Hello {{name}}. Your last premium payment did not go through. Give a card or bank account to pay with.', {
              name: link.data.first_name,
            })}
          </p>
          <p>{t('This link works once, until {{date}}.', { date: link.data.expires_on })}</p>
          <PaymentForm
            options={link.data.payment_options}
            save={change.mutateAsync}
            savePaymentMethod={changeToElement.mutateAsync}
            cardEntry={link.data.card_entry}
            onDone={(ok?: boolean) => (ok ? setSaved(true) : void navigate(paths.home))}
          />
        </>
      )}
    </section>
  );
}
