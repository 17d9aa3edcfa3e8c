/**
 * The front door of modules/member-account (decision 2360): what other modules may use of it. Nothing yet: its routes
 * are loaded by modules/all.ts.
 */
export {};
