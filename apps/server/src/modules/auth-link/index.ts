/**
 * The front door of modules/auth-link (decision 2360): what other modules may use of it. Its routes are loaded by
 * modules/all.ts; the member's account after enrolling (modules/member-account) mails a link made here.
 */
export { signInLinkToken } from './service.ts';
