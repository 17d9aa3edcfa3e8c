import { expect, it } from 'vitest';
import { addMonths } from '@store/domain/billing-schedule';
import { todayIso } from '@store/domain/dates';
import { DEMO } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/store.ts';
import { signedIn } from '../billing/ledger-fixtures.ts';

/** A fresh install's demo (demo-commissions.ts): Jordan Avery has last month's statement of his members' first payments. */
describeEachDb(
  'the demo rep has a commission statement (issue 39)',
  (ctx) => {
    it("shows Jordan Avery last month's statement, its total the sum of its rows, with Casey Morgan in his downline", async () => {
      const ts = ctx();
      const rep = await signedIn(ts, DEMO.rep);
      const r = await rep.get('/api/v1/rep-home/commissions');
      expect(r.status).toBe(200);
      const [statement] = r.body.data.statements;
      expect(statement).toMatchObject({ month: addMonths(`${todayIso().slice(0, 7)}-01`, -1).slice(0, 7) });
      const rows = await ts.db
        .selectFrom('commission_entries')
        .select(['kind', 'amount_cents'])
        .where('statement_id', '=', statement.id)
        .execute();
      // Five members pay by card or bank (Acme's two are billed to the group): a first-year row each, Dental Essentials' flat.
      expect(rows.filter((x) => x.kind === 'first_year')).toHaveLength(5);
      expect(rows.some((x) => x.kind === 'flat')).toBe(true);
      expect(statement.total_cents).toBe(rows.reduce((s, x) => s + x.amount_cents, 0));
      expect(statement.total_cents).toBeGreaterThan(0);
      const casey = await ts.db
        .selectFrom('agents')
        .select(['upline_agent_id', 'agency'])
        .where('agent_id', '=', 20002)
        .executeTakeFirstOrThrow();
      expect(casey).toEqual({ upline_agent_id: 20001, agency: 'Harbor Point Agency' });
    });
  },
  { SEED_DEMO_BILLING: true },
);
