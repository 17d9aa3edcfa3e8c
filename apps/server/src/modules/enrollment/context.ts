import type { FastifyRequest } from 'fastify';
import type { TabName } from '@store/domain/codes';
import type { Enrollment } from '../../db/schema.ts';
import { ALREADY_COMPLETED, loadOpenEnrollment } from '../../lib/access.ts';
import { requestLanguage } from '../../lib/mail-i18n.ts';
import { assertEarlierStepsSaved, dynamicTabs, filterOf, readTab, tabsOf } from './service.ts';
import { writeTab } from './repository.ts';
import { setMailLanguage, type Db } from './purchase-repository.ts';
import { listCartItems } from '../cart/repository.ts';
import { openSealed } from '../../lib/sealed-tabs.ts';

/**
 * Shared helpers of the second half of the wizard (health, dependents, review, agreement, billing, receipt).
 * Step data lives in enrollments.tabs[<saved-tab key>]; sensitive values under `_sealed` (stripped by
 * get-enrollment-temp-info). The tab storage and the step-order check are part one's (modules/enrollment).
 */
export type { Db };
export { readTab, tabsOf, writeTab, dynamicTabs, assertEarlierStepsSaved, openSealed };

/** The caller's enrollment, refused once completed (404 when not the caller's): lib/access.ts, shared with part one. */
export { ALREADY_COMPLETED, loadOpenEnrollment };

/**
 * Loads the enrollment for a step's save and checks the earlier required steps are saved. The language the
 * person uses now is kept for the mail and PDF that the last step's save sends (lib/mail-i18n.ts).
 */
export async function loadForStep(request: FastifyRequest, trx: Db, id: string, tab: TabName): Promise<Enrollment> {
  const e = await loadOpenEnrollment(request, id, trx, { forUpdate: true });
  await assertEarlierStepsSaved(trx, e, tab);
  const lang = requestLanguage(request);
  if (e.mail_lang !== lang) {
    await setMailLanguage(trx, e.id, lang);
    e.mail_lang = lang;
  }
  return e;
}

export const tierOf = (e: Enrollment) => filterOf(e).tier;

/** A premier plan (rules.premier) is in the cart. */
export async function hasPremierPlan(db: Db, enrollmentId: string): Promise<boolean> {
  return (await listCartItems(db, enrollmentId)).some((i) => i.rules.premier === true);
}

/** Whether `tab` is the last required step of the enrollment (its save completes the enrollment). */
export async function isLastStep(db: Db, e: Enrollment, tab: TabName): Promise<boolean> {
  const required = (await dynamicTabs(db, e)).filter((t) => t.required);
  return required[required.length - 1]?.tab_name === tab;
}
