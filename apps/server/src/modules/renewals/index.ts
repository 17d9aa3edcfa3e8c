/**
 * The front door of modules/renewals (decision 2560): renewals and open enrollment (issue 38). Its routes are loaded
 * by modules/all.ts; billing reads the renewal prices by SQL of its own (policy_renewals).
 */
export { priceRenewals, memberRenewal } from './service.ts';
export { runRenewalDay, RENEWAL_MAIL_KIND } from './notice.ts';
