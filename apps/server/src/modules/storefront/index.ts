/**
 * The front door of modules/storefront (decision 2360): what other modules may use of it. Its routes are loaded by
 * modules/all.ts; the session's answer asks whether a device left a lead (decision 2760).
 */
export { leadRecorded } from './service.ts';
