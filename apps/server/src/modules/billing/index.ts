/**
 * The front door of modules/billing (decision 2360): what other modules may use of it. Nothing yet: the billing run
 * is started by its own callers, and no other module uses it.
 */
export {};
