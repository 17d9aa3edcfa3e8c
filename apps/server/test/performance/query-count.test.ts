import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestResponse } from '../helpers/client.ts';
import { startTestStore, TEST_DATABASE_URL, type TestStore } from '../helpers/store.ts';
import { newQuote, PID } from '../catalog/helpers.ts';
import { CONTACT, newEnrollment, PERSONAL } from '../enrollment/helpers.ts';
import { SCALE_PLAN_ID_BASE, seedScaleEnrollments, seedScalePlans } from '../../../../bench/lib/scale-seed.ts';

/**
 * No N+1 queries (issue 11): the plan list, the plans page's priced list and the plans' facts (issue 35), the category list, the membership fees, the cart and the console's
 * enrollment search run the same few queries whether the store has the demo catalog or 1,000 more plans, a cart of
 * one plan or of five, and a handful of enrollments or thousands. Queries are counted with the store's query hook,
 * on a cold read: the in-process caches (docs/decisions/0900-caches.md) are emptied before each counted call.
 */
for (const kind of ['pglite', 'postgres'] as const) {
  describe.skipIf(kind === 'postgres' && !TEST_DATABASE_URL)(`query counts stay constant as the data grows [${kind}]`, () => {
    let ts: TestStore & { close(): Promise<void> };
    let recording: string[] | null = null;
    beforeAll(async () => {
      ts = await startTestStore(kind, {}, { onQuery: (sql) => recording?.push(sql) });
    }, 60_000);
    afterAll(async () => {
      await ts?.close();
    });

    /** The SQL a call ran, and its answer. */
    async function queriesOf(call: () => Promise<TestResponse>, opts: { warm?: boolean } = {}) {
      if (!opts.warm) {
        ts.app.catalogCache.clear();
        ts.app.sessionCache?.clear();
        ts.app.ownerCache?.clear();
      }
      recording = [];
      const answer = await call();
      // The limiter's once-a-second write-behind (rate_limits), the session's idle-timeout touch and the background
      // jobs (the mail outbox's sender and purge, the scheduled jobs) run by the clock, not by the call: on a loaded
      // machine a slower call records them too, so they are not counted.
      const byTheClock = /rate_limits|\boutbox\b|"?scheduled_jobs"?|^update "sessions" set "last_seen_at"/;
      const queries = recording.filter((q) => !byTheClock.test(q.trim()));
      recording = null;
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
      return { answer, queries, reading: (table: string) => queries.filter((q) => q.includes(`from "${table}"`)).length };
    }

    it('lists plans (whole or a page at a time), categories and membership fees with the same queries for the demo catalog and 1,000 more plans', async () => {
      const c = ts.client();
      const id = await newQuote(c);
      const list = () => c.get('/api/v1/get-filtered-plans', { enrollment_id: id });
      const categories = () => c.get('/api/v1/get-left-side-filter-fields', { enrollment_id: id });
      const fees = () => c.get('/api/v1/get-plan-detail');
      // The plans page's one request after a quote (decision 2380), and the comparison's prices.
      const priced = () => c.get('/api/v1/get-quote-plans', { enrollment_id: id });
      const facts = () => c.get('/api/v1/get-plan-facts', { enrollment_id: id });

      const demo = await queriesOf(list);
      const demoPlans = demo.answer.body.data.result.length;
      expect(demo.answer.body.data.result[0].plan_name).toBe('Dental Essentials');
      expect(demo.reading('plans')).toBe(1);
      // session, quote, plans, the quote's rep's appointments (decision 2640) (and on PostgreSQL the catalog's
      // generation row)
      expect(demo.queries.length).toBeLessThanOrEqual(5);
      expect(demo.reading('rep_appointments')).toBe(1);
      // Warm: the plan rows come from the cache.
      const warm = await queriesOf(list, { warm: true });
      expect(warm.reading('plans')).toBe(0);
      expect(warm.answer.body.data.result).toEqual(demo.answer.body.data.result);
      const demoCategories = await queriesOf(categories);
      const demoFees = await queriesOf(fees);
      expect(demoFees.answer.body.data.result).toContainEqual(
        expect.objectContaining({
          plan_id: PID.associationMembership,
          fee_text: expect.stringMatching(/^Membership fee \$\d+\.\d\d per month$/),
        }),
      );

      const demoPriced = await queriesOf(priced);
      expect(demoPriced.answer.body.data.result).toHaveLength(demoPlans);
      expect(demoPriced.answer.body.data.facts).toHaveLength(demoPlans);
      // session, quote, plans, logos' hashes, rates, questions, the quote's answers, its comparison (and the generation row)
      expect(demoPriced.queries.length).toBeLessThanOrEqual(9);
      expect(demoPriced.reading('plan_rates')).toBe(1);
      // Warm: only the quote, its answers and its comparison (and the session when it is not cached).
      const warmPriced = await queriesOf(priced, { warm: true });
      expect(warmPriced.queries.length).toBeLessThanOrEqual(4);
      expect(warmPriced.reading('plan_rates') + warmPriced.reading('plans') + warmPriced.reading('plan_questions')).toBe(0);
      const demoFacts = await queriesOf(facts);
      expect(demoFacts.answer.body.data.result).toHaveLength(demoPlans);

      // The seed's two statements (plans, then rates) each send the catalog's change notice: counted calls wait until
      // both are heard, or a late one (PostgreSQL's arrive on their own connection) would reload the catalog mid-call.
      const heard = ts.app.changes.heard;
      await seedScalePlans(ts.db, 1000);
      await expect.poll(() => ts.app.changes.heard).toBeGreaterThanOrEqual(heard + 2);

      const big = await queriesOf(list);
      const names: string[] = big.answer.body.data.result.map((p: { plan_name: string }) => p.plan_name);
      expect(names).toHaveLength(demoPlans + 1000);
      expect(names).toContain('Scale Plan 01000');
      expect(big.queries.length).toBe(demo.queries.length);
      expect(big.reading('plans')).toBe(1);
      expect(big.answer.body.data.total).toBe(demoPlans + 1000);

      const bigPriced = await queriesOf(priced);
      expect(bigPriced.answer.body.data.result).toHaveLength(demoPlans + 1000);
      expect(bigPriced.answer.body.data.facts).toHaveLength(demoPlans + 1000);
      expect(bigPriced.answer.body.data.facts.find((f: { plan_name: string }) => f.plan_name === 'Scale Plan 01000')).toBeDefined();
      expect(bigPriced.queries.length, `${demoPriced.queries.join('\n')}\n---\n${bigPriced.queries.join('\n')}`).toBe(
        demoPriced.queries.length,
      );
      expect(bigPriced.reading('plan_rates')).toBe(1);
      expect((await queriesOf(priced, { warm: true })).queries.length).toBe(warmPriced.queries.length);
      const bigFacts = await queriesOf(facts);
      expect(bigFacts.answer.body.data.result).toHaveLength(demoPlans + 1000);
      expect(bigFacts.queries.length).toBe(demoFacts.queries.length);
      expect(bigFacts.reading('plan_rates')).toBe(1);

      // Paged on the server: the same plans in the same order, a page at a time, with the same queries.
      const total = demoPlans + 1000;
      const first = await queriesOf(() => c.get('/api/v1/get-filtered-plans', { enrollment_id: id, limit: 50 }));
      expect(first.answer.body.data.result.map((p: { plan_name: string }) => p.plan_name)).toEqual(names.slice(0, 50));
      expect(first.answer.body.data.total).toBe(total);
      // a page is read from the database (uncached): the same queries but the catalog's generation row
      expect(first.queries.length).toBeLessThanOrEqual(demo.queries.length);
      expect(first.reading('plans')).toBe(1);
      const last = await queriesOf(() => c.get('/api/v1/get-filtered-plans', { enrollment_id: id, limit: 50, offset: total - 10 }));
      expect(last.answer.body.data.result.map((p: { plan_name: string }) => p.plan_name)).toEqual(names.slice(-10));
      const past = await queriesOf(() => c.get('/api/v1/get-filtered-plans', { enrollment_id: id, limit: 50, offset: total + 5 }));
      expect(past.answer.body.data).toEqual({ result: [], total });
      const dental = await queriesOf(() => c.get('/api/v1/get-filtered-plans', { enrollment_id: id, categories: 'dental', limit: 5 }));
      expect(dental.answer.body.data.result.every((p: { plan_category: string }) => p.plan_category === 'dental')).toBe(true);
      expect(dental.answer.body.data.total).toBe(
        big.answer.body.data.result.filter((p: { plan_category: string }) => p.plan_category === 'dental').length,
      );
      const tooMany = await c.get('/api/v1/get-filtered-plans', { enrollment_id: id, limit: 500 });
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.data[0].target_element).toBe('limit');

      const bigCategories = await queriesOf(categories);
      expect(bigCategories.queries.length).toBe(demoCategories.queries.length);
      expect(bigCategories.answer.body.data.result.categories.map((x: { key: string }) => x.key)).toContain('pet');

      // Three more membership plans: their fees come from one query, not one each.
      await sql`update plans set rules = '{"membership": true}'::jsonb where plan_id in (${SCALE_PLAN_ID_BASE + 1}, ${SCALE_PLAN_ID_BASE + 2}, ${SCALE_PLAN_ID_BASE + 3})`.execute(
        ts.db,
      );
      const moreFees = await queriesOf(fees);
      expect(moreFees.answer.body.data.result).toContainEqual(
        expect.objectContaining({ plan_id: SCALE_PLAN_ID_BASE + 1, fee_text: 'Membership fee $15.37 per month' }),
      );
      expect(moreFees.answer.body.data.result).toHaveLength(demoFees.answer.body.data.result.length + 3);
      expect(moreFees.queries.length).toBe(demoFees.queries.length);
      expect(moreFees.reading('plan_rates')).toBe(1);
    });

    it("keeps who owns a quote cached through the shopper's own saves and others' new quotes; a change of owner drops it", async () => {
      const c = ts.client();
      const id = await newEnrollment(ts, c);
      const list = () => c.get('/api/v1/get-filtered-plans', { enrollment_id: id });
      await list();
      expect((await queriesOf(list, { warm: true })).queries).toEqual([]);
      // Steps saved write the enrollment but not who owns it.
      expect((await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL })).status).toBe(200);
      expect((await c.post('/api/v1/save-contact-info', { enrollment_id: id, ...CONTACT })).status).toBe(200);
      const afterSaves = await queriesOf(list, { warm: true });
      expect(afterSaves.reading('enrollments')).toBe(0);
      // Another shopper's new quote is told by its own id (migration 1100): this quote's owner stays cached.
      await newQuote(ts.client());
      expect((await queriesOf(list, { warm: true })).reading('enrollments')).toBe(0);
      // A change of who owns it is told: the owner is read again.
      const account = await ts.db.selectFrom('accounts').select('id').orderBy('id').executeTakeFirstOrThrow();
      await ts.db.updateTable('enrollments').set({ account_id: account.id }).where('id', '=', id).execute();
      await expect.poll(async () => (await queriesOf(list, { warm: true })).reading('enrollments')).toBe(1);
    });

    it('reads a cart of five plans with the same queries as a cart of one', async () => {
      const c = ts.client();
      const id = await newQuote(c, { dob: '01/15/1980' });
      const add = async (pid: number) => {
        const price = await c.get('/api/v1/get-plan-pricing-detail', { pid, enrollment_id: id });
        expect(price.status, JSON.stringify(price.body)).toBe(200);
        const added = await c.post('/api/v1/add-plan-to-cart', {
          enrollment_id: id,
          plan_id: pid,
          plan_pricing_id: price.body.data.plans[0].plan_pricing_id,
        });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
      };
      const cart = () => c.get('/api/v1/get-plan-cart', { enrollment_id: id });
      await add(SCALE_PLAN_ID_BASE + 11);
      const one = await queriesOf(cart);
      expect(one.answer.body.data.result).toHaveLength(1);
      for (let i = 12; i <= 15; i++) await add(SCALE_PLAN_ID_BASE + i);
      const five = await queriesOf(cart);
      expect(five.answer.body.data.result.map((r: { plan_name: string }) => r.plan_name)).toEqual([
        'Scale Plan 00011',
        'Scale Plan 00012',
        'Scale Plan 00013',
        'Scale Plan 00014',
        'Scale Plan 00015',
      ]);
      expect(five.queries.length).toBe(one.queries.length);
      expect(five.queries.length).toBeLessThanOrEqual(3);
    });

    it("pages the console's enrollment search with the same queries for a few enrollments and for 5,000 more", async () => {
      const op = ts.client();
      await op.signIn(DEMO.operator.email, DEMO.operator.password);
      const search = () => op.get('/api/admin/enrollments', { limit: 25 });
      const few = await queriesOf(search);
      await seedScaleEnrollments(ts.db, 5000, { cartPlans: 1000 });
      const many = await queriesOf(search);
      expect(many.answer.body.data.items).toHaveLength(25);
      expect(many.answer.body.data.total).toBeGreaterThanOrEqual(5000);
      expect(many.queries.length).toBe(few.queries.length);
    });
  });
}
