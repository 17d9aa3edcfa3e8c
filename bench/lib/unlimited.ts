/**
 * The benchmarks send every request from one address: the limit per client address (REQUESTS_PER_MINUTE) stays on,
 * so that its cost is measured, but so high that it never answers 429.
 */
export const UNLIMITED = '1000000000';
