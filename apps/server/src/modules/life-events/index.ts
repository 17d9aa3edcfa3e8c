/**
 * The front door of modules/life-events (decision 2360, 2550): life events after enrollment (issue 38). Its routes are
 * loaded by modules/all.ts; other modules use the services below.
 */
export {
  reportEvent,
  uploadDocument,
  decideEvent,
  memberView,
  bookEvents,
  operatorEvents,
  purgeEventDocuments,
  LIFE_EVENT_MAIL_KIND,
} from './service.ts';
export { changeCoverage, previewChange } from './change-service.ts';
export { changePlan, planOptions } from './plan-change-service.ts';
