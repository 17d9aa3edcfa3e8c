/** The thank-you page at /enrollment/receipt, collected by the wizard (see wizard/steps.ts). */
export { ReceiptPage as receipt } from '../receipt-page';
