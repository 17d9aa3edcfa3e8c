import { EsignConsent } from './esign-consent';
import { PaymentAuthorization } from './payment-authorization';

/** The agreement step's consents (issue 22): the ESIGN disclosure, and the payment authorization only when the billing step's no longer matches. */
export function AgreementConsents({ enrollmentId, errors }: { enrollmentId: string; errors: Record<string, string | undefined> }) {
  return (
    <>
      <PaymentAuthorization enrollmentId={enrollmentId} error={errors.payment_authorization} />
      <EsignConsent enrollmentId={enrollmentId} error={errors.esign_consent} />
    </>
  );
}
