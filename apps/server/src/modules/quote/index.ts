/** The quote's front door (decision 2360): the quote filter's defaults and the age it gives, for the catalog. */
export { ageFromFilter, readFilter } from './service.ts';
