import type { TChangeAddressRequest, TMemberAddress } from '@store/domain/member-home';
import { notFound } from '../../lib/errors.ts';
import { queueChangeFiles } from '../carriers/index.ts';
import { readTab, writeTab } from '../enrollment/index.ts';
import * as repo from './repository.ts';
import type { MemberTrail } from './service.ts';
import type { Deps } from '../../lib/deps.ts';

/**
 * A new address for the signed-in member (the contact step's rules, checked by the contract's schema: bad input is a
 * 422 before anything is written). In one transaction: the member row (the 834 subscriber's N3/N4 are read from it),
 * the contact step of each completed enrollment, a trail event per enrollment, an 834 change (INS03 001) for every
 * carrier that already holds one of them, and an audit row.
 */
export async function changeAddress(
  deps: Pick<Deps, 'db' | 'jobs'>,
  trail: MemberTrail,
  account: { id: number },
  userId: number,
  body: TChangeAddressRequest,
): Promise<{ address: TMemberAddress; carrier_files: number }> {
  const address: TMemberAddress = {
    address1: body.address1,
    address2: body.address2 ?? '',
    city: body.city,
    state: body.state,
    zip: body.zip,
  };
  return deps.db.transaction().execute(async (trx) => {
    const enrollments = await repo.lockCompletedEnrollments(trx, userId);
    const updated = await repo.updateMemberAddress(trx, userId, {
      address1: address.address1,
      address2: address.address2 || null,
      city: address.city,
      state: address.state,
      zip: address.zip,
    });
    if (!updated.numUpdatedRows) throw notFound();
    let files = 0;
    for (const e of enrollments) {
      const contact = readTab(e, 'contact_info');
      if (contact) await writeTab(trx, e.id, 'contact_info', { ...contact, ...address });
      await trail(trx, e.id, 'step_saved', { step: 'contact_info', source: 'member-home', fields: 'address' });
      files += await queueChangeFiles(deps, trx, e.id);
    }
    await repo.writeAudit(trx, account.id, 'member.address.change', `member:${userId}`, {
      enrollments: enrollments.map((e) => e.id),
      state: address.state,
      carrier_files: files,
    });
    return { address, carrier_files: files };
  });
}
