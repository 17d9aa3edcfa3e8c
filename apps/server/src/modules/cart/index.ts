/**
 * The cart's front door (decision 2360): what the enrollment reads of the cart it checks out, the quote-made event its
 * first step records, and the personalised quote mailed by Save & Continue Later.
 */
export { cartCharges, cartItemsOf } from './charges.ts';
export { recordQuoteMade } from './quote-event.ts';
export { sendQuote } from './quote-service.ts';
/** The cart's count, amount and premier flag for the session's answer (decision 2760). */
export { cartStatus } from './service.ts';
