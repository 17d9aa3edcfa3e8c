import { EsignConsent } from './esign-consent';
import { PaymentAuthorization } from './payment-authorization';

/** The agreement step's consents (issue 22): the payment authorization, then the ESIGN disclosure. */
export function AgreementConsents({ enrollmentId, errors }: { enrollmentId: string; errors: Record<string, string | undefined> }) {
  return (
    <>
      <PaymentAuthorization enrollmentId={enrollmentId} error={errors.payment_authorization} />
      <EsignConsent enrollmentId={enrollmentId} error={errors.esign_consent} />
    </>
  );
}
