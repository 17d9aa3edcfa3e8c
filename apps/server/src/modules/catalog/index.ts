/**
 * The catalog's front door (decision 2360): what the cart and the site use of the plans.
 */
export { memberOf, priceForEnrollment } from './service.ts';
export { comparison } from './compare-service.ts';
export { mediaPath } from './cache.ts';
// What the cart's add-to-cart reads of the catalog, as services (cart-service.ts).
export { activePlan, memberHasActivePolicy, planAnswers, planRules } from './cart-service.ts';
