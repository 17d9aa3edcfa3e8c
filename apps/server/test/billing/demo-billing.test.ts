import { expect, it } from 'vitest';
import { todayIso } from '@store/domain/dates';
import { runBillingDay } from '../../src/modules/billing/day-service.ts';
import { LocalOfflineProvider } from '../../src/modules/enrollment/payment/payment-provider.ts';
import { describeEachDb } from '../helpers/store.ts';

/** A fresh install's demo data (demo-billing.ts): its first billing day collects the demo members' premiums. */
describeEachDb(
  'the demo members pay their premiums (issue 36)',
  (ctx) => {
    it('has billing records and paid first payments, and the day of the install collects the next ones', async () => {
      const ts = ctx();
      const records = await ts.db.selectFrom('billing_records').select(['enrollment_id', 'payment_method', 'payment_method_id']).execute();
      expect(records.map((r) => r.payment_method).sort()).toEqual(['cc', 'cc', 'cc', 'cc', 'cc', 'eft', 'eft']);
      expect(records.every((r) => r.payment_method_id !== null)).toBe(true);
      const ledger = await ts.db.selectFrom('ledger_entries').select(['kind']).execute();
      expect(ledger.filter((r) => r.kind === 'payment')).toHaveLength(7);
      // Riley Chen, the demo member account, still has no payment method on file (the member home's demo).
      expect(await ts.db.selectFrom('member_payment_methods').select('id').where('user_id', '=', 1001).execute()).toEqual([]);

      const day = todayIso();
      const f = await runBillingDay(
        { db: ts.db, sealer: ts.app.sealer, provider: new LocalOfflineProvider(), achOutDir: ts.app.config.ACH_OUT_DIR },
        day,
      );
      expect(f.added).toBe(7);
      expect(f.cards).toMatchObject({ tried: 5, succeeded: 4, declined: 1 });
      expect(f.bank.file?.entries).toBe(2);
      const again = await runBillingDay(
        { db: ts.db, sealer: ts.app.sealer, provider: new LocalOfflineProvider(), achOutDir: ts.app.config.ACH_OUT_DIR },
        day,
      );
      expect([again.added, again.cards.tried, again.bank.file]).toEqual([0, 0, null]);
    });
  },
  { SEED_DEMO_BILLING: true },
);
