import { paymentOptions } from '@store/domain/billing';
import { isoToUs, todayIso } from '@store/domain/dates';
import {
  PAYMENT_LINK_INVALID,
  type TChangePaymentByLinkRequest,
  type TChangePaymentMethodByLinkRequest,
  type TPaymentChangeLink,
} from '@store/domain/payment-change';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { paymentMethodOf, saveNewPaymentMethod } from '../enrollment/index.ts';
import { verifyChangeLink } from './failure-notice.ts';
import { auditLinkChange, linkMember, openChangeLink, useChangeLink } from './failure-repository.ts';

type LinkDeps = Pick<Deps, 'db' | 'sealer' | 'rateLimiter' | 'config' | 'payments'>;

/** The link's payer, or 404 with one message for every way a link is not good (forged, expired, used, unknown). */
async function openLink(deps: LinkDeps, token: string, at: Date) {
  const nonce = verifyChangeLink(deps.sealer, token, at);
  const link = nonce ? await openChangeLink(deps.db, nonce, at) : undefined;
  const member = link ? await linkMember(deps.db, link.user_id) : undefined;
  if (!nonce || !link || !member) throw notFound(PAYMENT_LINK_INVALID);
  return { nonce, link, member };
}

/** What the change-payment form of a one-time link shows; the link is not used (mail scanners open links). */
export async function paymentChangeLink(deps: LinkDeps, token: string, at = new Date()): Promise<TPaymentChangeLink> {
  const { link, member } = await openLink(deps, token, at);
  const offered = paymentOptions(
    await paymentMethodOf(deps.db, { eprocess: 'applicant', type: 'existing-member', group_id: member.group_id }),
  );
  return {
    first_name: member.first_name,
    payment_options: offered,
    expires_on: isoToUs(todayIso(new Date(link.expires_at))),
    card_entry: deps.payments.cardEntry,
  };
}

/**
 * The payer's new method through the link, checked as the member home checks it; the link is used in the transaction
 * that stores the method (bad input stores nothing and leaves the link usable; a second use is refused). Audited.
 */
export async function changePaymentByLink(
  deps: LinkDeps,
  body: TChangePaymentByLinkRequest | TChangePaymentMethodByLinkRequest,
  at = new Date(),
) {
  const { token, ...change } = body;
  const { nonce, link, member } = await openLink(deps, token, at);
  return saveNewPaymentMethod(deps, { userId: link.user_id, groupId: member.group_id }, change, async (trx, shown) => {
    if (!(await useChangeLink(trx, nonce, at))) throw notFound(PAYMENT_LINK_INVALID);
    await auditLinkChange(trx, link.user_id, { enrollment_id: link.enrollment_id, kind: shown.kind, last4: shown.last4 });
  });
}
