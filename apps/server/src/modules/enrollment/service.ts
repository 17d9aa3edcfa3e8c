import { TABS, type TabName } from '@store/domain/codes';
import { SAVED_TAB_KEY, type TDynamicTab } from '@store/domain/enrollment';
import type { Enrollment } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { filterOf, readTab, tabsOf } from '@store/domain/enrollment-record';
import { cartCategories, writeTab, type Db } from './repository.ts';

/** The enrollment row's JSON is parsed by packages/domain (enrollment-record.ts), in one place (decision 2360). */
export { filterOf, readTab, tabsOf, writeTab };

/**
 * Which wizard steps an enrollment needs, in which order, and the per-tab storage of step data
 * (docs/decisions/0400-enrollment-wizard-tabs.md).
 */

export const TAB_ORDER: Record<TabName, number> = {
  primary_info: 0,
  contact_info: 1,
  employer_info: 2,
  beneficiary_info: 3,
  primary_health_info: 4,
  dependent_info: 5,
  // Review, then sign, then pay (enrollment.md 2.1; decision 2530): the billing step's Next completes the enrollment.
  review_info: 6,
  agreement_info: 7,
  billing_info: 8,
};

const FIRST_TAB_ORDER = Math.min(...Object.values(TAB_ORDER));

const LIFE_CATEGORIES = new Set(['term_life', 'guaranteed']);
const HEALTH_QUESTION_CATEGORIES = new Set(['critical', 'medical', 'hospital', 'term_life']);

export interface TabFacts {
  categories: string[];
  tier: string;
  eprocess: string;
  type: string;
}

/** The pure rule: which tabs are required for these facts. */
export function tabsFor(facts: TabFacts): TDynamicTab[] {
  const has = (set: Set<string>) => facts.categories.some((c) => set.has(c));
  const required: Record<TabName, boolean> = {
    primary_info: true,
    contact_info: true,
    employer_info: facts.eprocess === 'group' || facts.type === 'new-group-member' || facts.categories.includes('di'),
    beneficiary_info: has(LIFE_CATEGORIES),
    primary_health_info: has(HEALTH_QUESTION_CATEGORIES),
    dependent_info: !!facts.tier && facts.tier !== 'IO',
    review_info: true,
    agreement_info: true,
    billing_info: true,
  };
  return TABS.map((t) => ({ tab_name: t, required: required[t], order: TAB_ORDER[t] })).sort((a, b) => a.order - b.order);
}

export async function dynamicTabs(db: Db, e: Enrollment): Promise<TDynamicTab[]> {
  const filter = filterOf(e);
  return tabsFor({ categories: await cartCategories(db, e.id), tier: filter.tier, eprocess: e.eprocess, type: e.type });
}

export async function isTabRequired(db: Db, e: Enrollment, tab: TabName): Promise<boolean> {
  return (await dynamicTabs(db, e)).find((t) => t.tab_name === tab)?.required ?? false;
}

/**
 * The server refuses a step whose earlier required steps are not saved yet: 422 naming the first missing one.
 * Exported for the steps of part two.
 */
export async function assertEarlierStepsSaved(db: Db, e: Enrollment, tab: TabName): Promise<void> {
  const mine = TAB_ORDER[tab];
  if (mine === FIRST_TAB_ORDER) return; // nothing comes before the first step: no need to read the cart
  const tabs = await dynamicTabs(db, e);
  const saved = tabsOf(e);
  for (const t of tabs) {
    if (!t.required || t.order >= mine) continue;
    if (!saved[SAVED_TAB_KEY[t.tab_name]]) {
      throw new HttpError(422, `Please complete ${STEP_TITLE[t.tab_name]} first`, [
        { target_element: 'form', error_message: `Please complete ${STEP_TITLE[t.tab_name]} first` },
      ]);
    }
  }
}

const STEP_TITLE: Record<TabName, string> = {
  primary_info: 'Personal Information',
  contact_info: 'Contact Information',
  employer_info: 'Employer Information',
  beneficiary_info: 'Beneficiary Information',
  primary_health_info: 'Health Questions',
  dependent_info: 'Dependent Information',
  review_info: 'Review & Confirmation',
  agreement_info: 'Agreement & Signature',
  billing_info: 'Billing Information',
};
