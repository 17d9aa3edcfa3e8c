import { findAnswers, findPlan, hasActivePolicy, type Db } from './repository.ts';

/**
 * What the cart's add-to-cart reads of the catalog (decision 2360: a module's front door exports services, never its
 * repository). Each is one query in the caller's transaction.
 */

/** An active plan (retired ones are not found), whatever its category: the cart's checks decide whether it may be bought. */
export const activePlan = (db: Db, planId: number) => findPlan(db, planId);

/** The quote's saved answers to a plan's questionnaire (`questions`) or to the Aflac questions (`aflac`). */
export const planAnswers = (db: Db, enrollmentId: string, planId: number, kind: 'questions' | 'aflac') =>
  findAnswers(db, enrollmentId, planId, kind);

/** Whether the member already holds an active policy of the plan (it is not sold to them twice). */
export const memberHasActivePolicy = (db: Db, userId: number, planId: number) => hasActivePolicy(db, userId, planId);

/** A plan's rules, parsed once per stored value (a pure function of the row, not a query). */
export { planRules } from './repository.ts';
