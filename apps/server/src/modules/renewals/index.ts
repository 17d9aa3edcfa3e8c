/**
 * The front door of modules/renewals (decision 2560): renewals and open enrollment (issue 38). Its routes are loaded
 * by modules/all.ts; billing reads the renewal prices by SQL of its own (policy_renewals).
 */
export { priceRenewals, memberRenewal } from './service.ts';
export { runRenewalDay, RENEWAL_MAIL_KIND } from './notice.ts';
/** Memberships follow a change of plan (issue 38, decision 2721): a life event's change of plan calls it too. */
export { followMemberships } from './membership-service.ts';
/** An open enrollment's choice approved after evidence of insurability ends the coverage it replaces (2720). */
export { replaceOnApproval } from './open-enrollment-choices.ts';
