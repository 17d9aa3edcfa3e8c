/**
 * The enrollment's front door (decision 2360): what other modules, plugins and the cli may use of the one enrollment
 * aggregate. Everything else of modules/enrollment (its steps, repositories, payment infrastructure) stays inside.
 */
// Save & Continue Later and the rep's resend of a code (modules/rep-home).
export { continueResult } from './resume.ts';
export { mailNewResumeCode } from './save-later-service.ts';
// The saved steps and payment methods, for the member home's audited changes after completion.
export { readTab, writeTab } from './service.ts';
export { saveBeneficiaries } from './steps/step-savers.ts';
export { paymentMethodOf, storePaymentMethod } from './steps/billing-service.ts';
export { checkRouting, routingDirectory } from './payment/routing-directory.ts';
// The payment provider, made once at start (bootstrap.ts, the billing command) and used from Deps.payments (decision 2510).
export { makePaymentProvider } from './payment/providers.ts';
export type { ChargeResult, PaymentProvider } from './payment/payment-provider.ts';
// The enrollment's documents, for the member home's downloads.
export { latestIssuedDocument } from './documents/signed-application.ts';
export { receiptPdfOf } from './receipt/receipt-service.ts';
// The operator's import of the FedACH directory (cli/import-fedach.ts).
export { importFedAch } from './payment/fedach-import.ts';
// A member's new payment method after enrolling: the member home's change and a failed payment's one-time link (billing).
export { saveNewPaymentMethod, METHOD_NOT_OFFERED, type ShownPaymentMethod } from './payment/change-method.ts';
