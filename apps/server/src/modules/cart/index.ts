/**
 * The cart's front door (decision 2360): what the enrollment reads of the cart it checks out, the quote-made event its
 * first step records, and the personalised quote mailed by Save & Continue Later.
 */
export { cartCharges, cartItemsOf } from './charges.ts';
export { recordQuoteMade } from './quote-event.ts';
export { sendQuote } from './quote-service.ts';
