import type { TabName } from '@store/domain/codes';
import type { Enrollment } from '../../db/schema.ts';
import { loadOpenEnrollment } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { assertEarlierStepsSaved } from './service.ts';
import { setMailLanguage, type Db } from './repository.ts';

/**
 * The one loader of every change the wizard makes (decision 2360), in the change's transaction:
 * - the caller's enrollment (404 when not the caller's; decision 2320's rule for reps and groups: lib/access.ts),
 *   its row locked until the transaction ends, so that two saves of one enrollment follow one another;
 * - refused with 409 once the wizard is closed: completed, and the ended and cancelled states of the after-sale
 *   (packages/domain CLOSED_ENROLLMENT). After the receipt, changes go only through the member home's audited paths;
 * - for a step's save (`tab`), the earlier required steps must be saved (assertEarlierStepsSaved, 422); `null` for a
 *   change that is no step's save (the enroller code, the dependents' draft list, the payment authorization);
 * - the language the person uses now is kept for the mail and PDF that the last step's save sends (lib/mail-i18n.ts).
 */
export async function loadForStep(actor: Actor, trx: Db, id: string, tab: TabName | null): Promise<Enrollment> {
  const e = await loadOpenEnrollment(actor, id, trx, { forUpdate: true });
  if (tab) await assertEarlierStepsSaved(trx, e, tab);
  if (e.mail_lang !== actor.lang) {
    await setMailLanguage(trx, e.id, actor.lang);
    e.mail_lang = actor.lang;
  }
  return e;
}
