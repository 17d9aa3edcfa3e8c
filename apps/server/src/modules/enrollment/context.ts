import type { TabName } from '@store/domain/codes';
import type { Enrollment } from '../../db/schema.ts';
import { loadForStep } from './loader.ts';
import { assertEarlierStepsSaved, dynamicTabs, filterOf, readTab, tabsOf } from './service.ts';
import { writeTab } from './repository.ts';
import type { Db } from './purchase-repository.ts';
import { cartItemsOf } from '../cart/index.ts';
import { openSealed } from '../../lib/sealed-tabs.ts';

/**
 * Shared helpers of the wizard's steps (health, dependents, review, agreement, billing, receipt among them).
 * Step data lives in enrollments.tabs[<saved-tab key>]; sensitive values under `_sealed` (stripped by
 * get-enrollment-temp-info).
 */
export type { Db };
export { readTab, tabsOf, writeTab, dynamicTabs, assertEarlierStepsSaved, openSealed };

/** The one loader of every step's change (loader.ts). */
export { loadForStep };

export const tierOf = (e: Enrollment) => filterOf(e).tier;

/** A premier plan (rules.premier) is in the cart. */
export async function hasPremierPlan(db: Db, enrollmentId: string): Promise<boolean> {
  return (await cartItemsOf(db, enrollmentId)).some((i) => i.rules.premier === true);
}

/** Whether `tab` is the last required step of the enrollment (its save completes the enrollment). */
export async function isLastStep(db: Db, e: Enrollment, tab: TabName): Promise<boolean> {
  const required = (await dynamicTabs(db, e)).filter((t) => t.required);
  return required[required.length - 1]?.tab_name === tab;
}
