import type { Actor } from '../../lib/actor.ts';
import { centsToDollars } from '@store/domain/format';
import type { Enrollment } from '../../db/schema.ts';
import { listCartItems } from './repository.ts';
import { cartCharges } from './charges.ts';
import { filterOf } from '@store/domain/enrollment-record';
import type { Db } from './repository.ts';
import { mailedQuotes } from './quote-repository.ts';
import { hasEvent, recordEvent } from '../trail/index.ts';

/**
 * The trail's first event (issue 22, "quote made"): the quote that leads to the enrollment, recorded once, when the
 * cart is checked out or, at the latest, when the first step is saved: who it is for (tier, state), the plans and their
 * monthly prices, what will be charged (packages/domain, cents shown as dollars), the effective date, the quotes mailed.
 */
export async function recordQuoteMade(trx: Db, e: Enrollment, actor?: Actor): Promise<void> {
  if (await hasEvent(trx, e.id, 'quote_made')) return;
  const items = await listCartItems(trx, e.id);
  const charges = cartCharges(items, e);
  const filter = filterOf(e);
  const mailed = await mailedQuotes(trx, e.id);
  await recordEvent(
    trx,
    e.id,
    'quote_made',
    {
      tier: filter.tier,
      state: filter.state,
      eprocess: e.eprocess,
      plans: items.map((i) => ({ plan_id: i.plan_id, name: i.plan_name, monthly: centsToDollars(i.price_cents) })),
      first_payment: centsToDollars(charges.initial_cents),
      monthly: centsToDollars(charges.recurring_cents),
      effective_date: e.effective_date ? String(e.effective_date).slice(0, 10) : null,
      quotes_mailed: mailed.count,
      last_quote_mailed_at: mailed.last_at?.toISOString() ?? null,
    },
    actor,
  );
}
