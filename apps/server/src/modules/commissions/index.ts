/** Commissions' front door (issue 39): the monthly statements (the job calls them; the demo seed and tests too). */
export { makeStatement, makeStatements, cutoffOf, statementMonthOn } from './statement-service.ts';
export { COMMISSION_STATEMENTS_KIND } from './job.ts';
