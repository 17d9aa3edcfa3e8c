/**
 * The front door of modules/eoi (decision 2360): evidence of insurability (issue 38). Its routes are loaded by
 * modules/all.ts; other modules use the services below.
 */
export { eoiOverview, recordDecision, setPlanEvidence, EOI_MAIL_KIND } from './service.ts';
