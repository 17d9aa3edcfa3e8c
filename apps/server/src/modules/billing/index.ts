/** The front door of modules/billing (decision 2360): the billing day, for the operator's command (cli/billing.ts). */
export { describeDay, runBillingDay } from './day-service.ts';
