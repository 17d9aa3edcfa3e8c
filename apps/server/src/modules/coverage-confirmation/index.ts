/**
 * The front door of modules/coverage-confirmation (issue 39, decision 2630): the paid plans the carrier has not
 * confirmed within its window (the console's dashboard, the rep home) and a member's such plans (the member home).
 */
export { awaitingCarrier, unconfirmedPayments } from './service.ts';
