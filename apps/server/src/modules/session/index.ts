/**
 * The front door of modules/session (decision 2360): nothing; its one route (decision 2760) is loaded by modules/all.ts
 * and it only uses the front doors of auth, cart and storefront.
 */
export {};
