/**
 * The health questions' texts that are the store's, not the specification's (decision 2440), without zod so that a
 * page showing them does not load it.
 */

/** What a receipt, its PDF and its mail say in place of the ID cards when the carrier reviews the application. */
export const CARRIER_REVIEW_TEXT =
  'You answered Yes to a health question, so the carrier reviews your application before it confirms your coverage. It will contact you if it needs more information; your ID cards follow its decision.';
