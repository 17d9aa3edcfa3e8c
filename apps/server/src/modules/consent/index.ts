/**
 * Consent's front door (decision 2360): the ESIGN consent the agreement step requires, and the keeping of payment
 * authorizations and documents that the operator's cancellation (modules/carriers) starts.
 */
export { assertEsignConsent, esignConsentOf, recordAgreement } from './esign.ts';
export { endPaymentAuthorizations } from './retention.ts';
