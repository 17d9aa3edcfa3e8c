/** The front door of modules/billing (decision 2360): the billing day, for the operator's command (cli/billing.ts). */
export { describeDay, runBillingDay } from './day-service.ts';
/** A member's cancellation stops the payments created for later periods (member-home's cancel-service.ts). */
export { stopLaterPayments } from './plan-stop-repository.ts';
/** A life event's new monthly amount (issue 38). */
export { changeMonthlyAmount, previewMonthlyAmount } from './amount-change-service.ts';
/** List bills (issue 39), for the demo data: the day's invoices, and a demo invoice paid in full. */
export { payDemoInvoice, runListBills } from './invoice-service.ts';
/** Issue 39: the premium of a plan its carrier rejected goes back through the ledger's refund path (modules/coverage-confirmation). */
export { refundPayment, RefundRefused } from './refund-service.ts';
/** Issue 38 (decision 2870): an open enrollment's choice merged into the earlier enrollment gives back its first month of the plan. */
export { refundMergedFirstMonth, RefundNotAnswered, type MergeRefund, type MergeRefundDue } from './merge-refund-service.ts';
/** Decision 2871: refunds left to the operator, listed on the console's dashboard and settled there. */
export { recordRefundDue, refundsDue, settleRefundDue } from './refund-due-service.ts';
