/**
 * The front door of modules/storefront (decision 2360): what other modules may use of it. Nothing yet: its routes are
 * loaded by modules/all.ts, and no other module uses it.
 */
export {};
