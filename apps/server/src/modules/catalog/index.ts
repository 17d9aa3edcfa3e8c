/**
 * The catalog's front door (decision 2360): what the cart and the site use of the plans.
 */
export { memberOf, priceForEnrollment } from './service.ts';
export { comparison } from './compare-service.ts';
export { mediaPath } from './cache.ts';
// Reads the cart's add-to-cart needs; still the repository's own functions, to be wrapped by a catalog service.
export { findAnswers, findPlan, hasActivePolicy, planRules } from './repository.ts';
