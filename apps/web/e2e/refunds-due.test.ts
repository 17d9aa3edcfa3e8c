import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUNDS_DUE_TEXT as R } from '@store/domain/refunds-due';
import { lifeMember } from '../../server/test/member-home/helpers.ts';
import { startE2E, type E2E } from './harness.ts';
import { signInAsOperator } from './admin-harness.ts';
import { axeProblems } from './harness-a11y.ts';

/**
 * Decision 2871: a refund left to the operator (here a merged choice's month the card processor refused) is on the
 * console's dashboard with who, how much, why and since when; the operator marks it settled with a note and it leaves.
 */
describe('refunds left to the operator', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('the dashboard lists the refund due and the operator marks it settled with a note', async () => {
    const db = e2e.store.db;
    const member = await lifeMember(e2e.store, 'Dana-Member-2026');
    const enrollment = { id: member.id };
    const due = await db
      .insertInto('refunds_due')
      .values({
        due_key: 'refund:e2e:oe-merged-1',
        enrollment_id: enrollment.id,
        policy_id: null,
        payment_id: null,
        part: 'membership',
        amount_cents: 500,
        why: 'refused',
        message: 'The charge is disputed.',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const op = await e2e.newPage();
    await signInAsOperator(op, e2e);
    await op.goto(e2e.url('/admin'));
    await op
      .getByRole('region', { name: 'What needs you' })
      .getByRole('link', { name: new RegExp(`^${R.TITLE}: \\d+$`) })
      .waitFor();
    const list = op.getByRole('region', { name: new RegExp(`^${R.TITLE}`) });
    const entry = list.getByRole('listitem').filter({ has: op.locator(`a[href="/admin/enrollments/${enrollment.id}"]`) });
    await entry.waitFor();
    const text = await entry.textContent();
    expect(text).toContain('$5.00');
    expect(text).toContain(R.PART_MEMBERSHIP);
    expect(text).toContain(`${R.WHY_REFUSED}: The charge is disputed.`);
    expect(text).toContain(R.SINCE);
    expect(await axeProblems(op)).toEqual([]);

    // A note is needed; then it is settled and leaves the list.
    await entry.getByRole('button', { name: R.SETTLE }).click();
    await entry.locator('.error-summary').waitFor();
    await entry.getByLabel(R.NOTE).fill('Refunded $5.00 by hand on the ledger page');
    await entry.getByRole('button', { name: R.SETTLE }).click();
    await op.getByText(R.SETTLED).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(0);
    const row = await db
      .selectFrom('refunds_due')
      .select(['settled_at', 'settled_by_name', 'settled_note'])
      .where('id', '=', due.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ settled_by_name: 'admin@example.com', settled_note: 'Refunded $5.00 by hand on the ledger page' });
    expect(row.settled_at).not.toBeNull();
  });
});
