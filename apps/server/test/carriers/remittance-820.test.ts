import { expect, it } from 'vitest';
import { chargeSummary, includedAdminFeeCents } from '@store/domain/charges';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { collectCardPayments } from '../../src/modules/billing/collect-service.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { remitPremiums } from '../../src/modules/carriers/index.ts';
import { fileText } from '../../src/modules/carriers/service.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { payingMember } from '../billing/members.ts';
import { ack999 } from './helpers.ts';
import { readIndependently, translatorProblems, type Seg } from './x12-rules.ts';

const DENTAL_CENTS = 2699; // its price includes the administrative fee
const PET_CENTS = 1500;

/**
 * A member paying by card for a dental plan (price with the administrative fee), pet insurance and the association
 * membership plan, each a policy, enrolled 11/28/2026 with coverage from 12/01 and bill day 28.
 */
async function member(ts: TestStore) {
  const m = await payingMember({ db: ts.db, sealer: ts.app.sealer }, { card: '4242424242424242' }, { billDay: 28 });
  const s = chargeSummary(
    [
      { plan_id: PLAN_IDS.dentalEssentials, plan_name: 'Dental', price_cents: DENTAL_CENTS, admin_fee_included: true },
      { plan_id: PLAN_IDS.petCompanion, plan_name: 'Pet', price_cents: PET_CENTS },
      { plan_id: PLAN_IDS.associationMembership, plan_name: 'Membership', price_cents: 500, membership: true },
    ],
    { billDay: 28, today: '2026-11-28', effectiveDate: '2026-12-01' },
  );
  await ts.db
    .updateTable('billing_records')
    .set({
      lines: JSON.stringify(s.lines),
      admin_fee_cents: s.admin_fee_cents,
      initial_cents: s.initial_cents,
      recurring_cents: s.recurring_cents,
    })
    .where('enrollment_id', '=', m.id)
    .execute();
  await ts.db
    .insertInto('members')
    .values({ user_id: m.userId, first_name: 'Zoë', last_name: 'Whitfield', dob: '1985-04-12', gender: '1' } as never)
    .execute();
  const policies = await ts.db
    .insertInto('policies')
    .values(
      [PLAN_IDS.dentalEssentials, PLAN_IDS.petCompanion, PLAN_IDS.associationMembership].map((plan_id) => ({
        user_id: m.userId,
        plan_id,
        tier: 'IO',
        status: 'ACTIVE' as const,
        effective_date: '2026-12-01',
        enrollment_id: m.id,
      })),
    )
    .returning(['policy_id', 'plan_id'])
    .execute();
  return { ...m, policyOf: (planId: number) => String(policies.find((p) => p.plan_id === planId)!.policy_id) };
}

const billingDay = async (ts: TestStore, day: string) => {
  await createDuePayments(ts.db, day);
  await collectCardPayments(ts.db, new LocalOfflineProvider(), day);
  return ts.db.transaction().execute((trx) => remitPremiums(ts.app, trx, day));
};
const carrierOf = async (ts: TestStore, planId: number) =>
  (await ts.db.selectFrom('plans').select('carrier_id').where('plan_id', '=', planId).executeTakeFirstOrThrow()).carrier_id!;
const elements = (segs: Seg[], name: string) => segs.filter((s) => s.name === name).map((s) => s.e.slice(1));

/** Issue 39: the premium collected reaches each carrier in an 820 whose BPR is the sum of its RMRs and the ledger's. */
describeEachDb('the 820 of premium, as a carrier reads it', (ctx) => {
  it('remits per carrier the premium the ledger collected, store fees kept out, once; a 999 acknowledges it', async () => {
    const ts = ctx();
    const m = await member(ts);
    const dental = await carrierOf(ts, PLAN_IDS.dentalEssentials);
    const pet = await carrierOf(ts, PLAN_IDS.petCompanion);
    const membershipCarrier = await carrierOf(ts, PLAN_IDS.associationMembership);

    expect(await billingDay(ts, '2026-12-27')).toEqual([]); // nothing collected yet
    const first = await billingDay(ts, '2026-12-28');
    // The ledger's collected premium for each carrier and period, from the ledger rows and the billing lines.
    const payments = await ts.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('enrollment_id', '=', m.id)
      .where('kind', '=', 'payment')
      .execute();
    expect(payments.map((p) => [p.period, p.amount_cents])).toEqual([['2027-01', DENTAL_CENTS + PET_CENTS + 500]]);
    const dentalPremium = DENTAL_CENTS - includedAdminFeeCents(DENTAL_CENTS);
    expect(first.map((f) => [f.carrier_id, f.members, f.total_cents]).sort()).toEqual(
      [
        [dental, 1, dentalPremium],
        [pet, 1, PET_CENTS],
      ].sort(),
    );
    expect(first.map((f) => f.carrier_id)).not.toContain(
      membershipCarrier === dental || membershipCarrier === pet ? -1 : membershipCarrier,
    );

    const file = await ts.db
      .selectFrom('carrier_files')
      .selectAll()
      .where('id', '=', first.find((f) => f.carrier_id === dental)!.file_id)
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({ kind: 'remittance', status: 'generated', file_name: `820-${String(file.id).padStart(9, '0')}.x12` });
    const segs = await readIndependently(fileText(ts.app, file));
    expect(translatorProblems(segs)).toEqual([]);
    expect(segs.find((s) => s.name === 'GS')?.e[8]).toBe('005010X218');
    const [bpr] = elements(segs, 'BPR');
    expect(Math.round(Number(bpr[1]) * 100)).toBe(dentalPremium);
    expect(bpr.slice(2, 4)).toEqual(['C', 'NON']);
    expect(bpr[15]).toBe('20261228');
    expect(elements(segs, 'N1').map((n) => n.slice(0, 3))).toEqual([
      ['PE', 'National Dental Carrier', 'FI'],
      ['PR', 'Benefit Store'],
    ]);
    // ENT with the 834's member id (REF*0F: the user id), the name transliterated, an RMR per policy with its month.
    expect(elements(segs, 'ENT')).toEqual([['1', '2J', 'N', String(m.userId)]]);
    expect(elements(segs, 'NM1')).toEqual([['IL', '1', 'Whitfield', 'Zoe']]);
    expect(elements(segs, 'RMR')).toEqual([['ID', m.policyOf(PLAN_IDS.dentalEssentials), '', String(dentalPremium / 100)]]);
    expect(elements(segs, 'DTM')).toEqual([['582', '', '', '', 'RD8', '20270101-20270131']]);

    // Run again, the same day or the next: nothing is remitted twice.
    expect(await billingDay(ts, '2026-12-28')).toEqual([]);
    expect(await billingDay(ts, '2026-12-29')).toEqual([]);
    const lines = await ts.db.selectFrom('carrier_remittance_lines').selectAll().where('enrollment_id', '=', m.id).execute();
    expect(lines.map((l) => [l.carrier_id, l.amount_cents]).sort()).toEqual(
      [
        [dental, dentalPremium],
        [pet, PET_CENTS],
      ].sort(),
    );

    // Delivered with the 834s' machinery, listed beside them, acknowledged by a 999.
    await ts.app.jobs.runDue();
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const listed = await op.get('/api/admin/carrier-files', { limit: 100 });
    expect(listed.status).toBe(200);
    const row = listed.body.data.items.find((f: { id: number }) => f.id === file.id);
    expect(row).toMatchObject({ kind: 'remittance', status: 'delivered', carrier: 'National Dental Carrier' });
    const ack = ack999(file.id, 'A', [{ st: '0001', ik5: ['A'] }])
      .replace('AK1*BE', 'AK1*RA')
      .replace('AK2*834', 'AK2*820');
    const acked = await op.post('/api/admin/carrier-files/acknowledgments', { content: ack });
    expect(acked.status, JSON.stringify(acked.body)).toBe(200);
    expect(acked.body.data.files).toEqual([{ id: file.id, status: 'accepted', errors: [] }]);

    // The next month's payment is the next 820, for January's coverage… February's.
    const next = await billingDay(ts, '2027-01-28');
    const dentalNext = next.find((f) => f.carrier_id === dental)!;
    expect(dentalNext.total_cents).toBe(dentalPremium);
    const again = await ts.db.selectFrom('carrier_files').selectAll().where('id', '=', dentalNext.file_id).executeTakeFirstOrThrow();
    expect(elements(await readIndependently(fileText(ts.app, again)), 'DTM')).toEqual([['582', '', '', '', 'RD8', '20270201-20270228']]);
  });
});
