import { expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { addMonths } from '@store/domain/billing-schedule';
import { todayIso } from '@store/domain/dates';
import { parseCsv } from '@store/domain/group-home';
import { makeStatements } from '../../src/modules/commissions/index.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/store.ts';
import { secondFactorCheckedAgo } from '../security/fixtures.ts';
import { fieldsOf, runCards, signedIn } from '../billing/ledger-fixtures.ts';
import { commissionedMember, JORDAN, CASEY, PLAN } from './fixtures.ts';

/** The PDF's text read with pdf.js (Mozilla's reader, not pdf-lib that wrote it). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const out: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    out.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return out.join('\n');
}

describeEachDb('commissions: schedules, uplines, monthly statements from the collected premium, charge-backs (issue 39)', (ts) => {
  let op: TestClient;
  let rep: TestClient;
  let jordans: Awaited<ReturnType<typeof commissionedMember>>;
  let caseys: Awaited<ReturnType<typeof commissionedMember>>;
  const statementsOf = (agentId: number) =>
    ts().db.selectFrom('commission_statements').selectAll().where('agent_id', '=', agentId).orderBy('month').execute();

  it('sets a schedule and an upline in the console: a fresh second factor, 422s beside the fields, audited', async () => {
    op = await signedIn(ts(), DEMO.operator);
    const carrierId = (await ts().db.selectFrom('plans').select('carrier_id').where('plan_id', '=', PLAN).executeTakeFirstOrThrow())
      .carrier_id!;
    const schedule = { carrier_id: carrierId, plan_id: PLAN, first_year_percent: '20', renewal_percent: '5', flat_amount: '25.00' };
    await secondFactorCheckedAgo(ts(), op, 10 * 60_000);
    expect((await op.put('/api/admin/commissions/schedules', schedule)).status).toBe(403);
    await secondFactorCheckedAgo(ts(), op, 0);
    expect(fieldsOf(await op.put('/api/admin/commissions/schedules', { ...schedule, first_year_percent: '120' }))).toEqual([
      ['first_year_percent', 'Enter a percentage from 0 to 100, with at most two decimals.'],
    ]);
    const saved = await op.put('/api/admin/commissions/schedules', schedule);
    expect(saved.status).toBe(200);
    expect(saved.body.data.schedules).toEqual([
      expect.objectContaining({ carrier_id: carrierId, plan_id: PLAN, first_year_bp: 2000, renewal_bp: 500, flat_cents: 2500 }),
    ]);
    // Casey's upline is Jordan, who earns 10% on his downline's business.
    const casey = await op.put(`/api/admin/agents/${CASEY}/hierarchy`, {
      agency: 'Harbor Point Agency',
      upline_agent_id: JORDAN,
      override_percent: '0',
    });
    expect(casey.status).toBe(200);
    const jordan = await op.put(`/api/admin/agents/${JORDAN}/hierarchy`, {
      agency: 'Harbor Point Agency',
      upline_agent_id: '',
      override_percent: '10',
    });
    expect(jordan.body.data).toMatchObject({ override_bp: 1000, downline: [{ agent_id: CASEY, name: 'Casey Morgan' }] });
    // Jordan under Casey would be a loop.
    expect(
      fieldsOf(await op.put(`/api/admin/agents/${JORDAN}/hierarchy`, { agency: '', upline_agent_id: CASEY, override_percent: '10' })),
    ).toEqual([['upline_agent_id', 'Choose another rep as the upline: not this rep, nor one of their downline.']]);
    const audit = await ts().db.selectFrom('audit_log').select('action').where('action', 'like', 'commissions.%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['commissions.hierarchy', 'commissions.hierarchy', 'commissions.schedule']);
  });

  it('makes each rep one statement a month from the premium collected, with the override to the upline; twice is once', async () => {
    jordans = await commissionedMember(ts(), JORDAN, 'Jordanclient');
    caseys = await commissionedMember(ts(), CASEY, 'Caseyclient');
    // A payment billed but not paid (a declined card) earns nothing.
    const declined = await commissionedMember(ts(), JORDAN, 'Declined', '4000000000000341');
    await runCards(ts(), '2026-12-05');
    const paidOf = async (id: string) =>
      (await ts().db.selectFrom('ledger_entries').select('kind').where('enrollment_id', '=', id).execute()).map((r) => r.kind).sort();
    expect(await paidOf(declined.id)).toEqual(['charge', 'decline']);

    // The statements of November, made on December 1st (the ledger's rows are made today, before the month's end).
    const month = todayIso().slice(0, 7);
    const first = await makeStatements(ts().db, addMonths(`${month}-01`, 1));
    expect(first.month).toBe(month);
    const again = await makeStatements(ts().db, addMonths(`${month}-01`, 1));
    expect(again.made).toBe(0);
    const rowsOf = (agentId: number) =>
      ts()
        .db.selectFrom('commission_entries')
        .select(['kind', 'amount_cents', 'enrollment_id', 'statement_id'])
        .where('agent_id', '=', agentId)
        .orderBy('id')
        .execute();
    // 20% of $26.99 (the plan's premium: the $5 membership is the store's) is $5.40; the flat $25 once; 10% override.
    // (in ledger order: the cards are charged in no set order)
    expect((await rowsOf(JORDAN)).map((r) => [r.kind, r.amount_cents, r.enrollment_id]).sort()).toEqual([
      ['first_year', 540, jordans.id],
      ['flat', 2500, jordans.id],
      ['override', 270, caseys.id],
    ]);
    expect((await rowsOf(CASEY)).map((r) => [r.kind, r.amount_cents])).toEqual([
      ['first_year', 540],
      ['flat', 2500],
    ]);
    expect((await statementsOf(JORDAN)).map((s) => [s.month, s.total_cents, s.row_count])).toEqual([[month, 3310, 3]]);
    // The rows are never changed.
    await expect(ts().db.updateTable('commission_entries').set({ amount_cents: 1 }).execute()).rejects.toThrow();
  });

  it('takes a refunded payment back on the next statement, and the totals of all statements equal the sum of the rows', async () => {
    const [payment] = await ts().db.selectFrom('premium_payments').select('id').where('enrollment_id', '=', jordans.id).execute();
    await secondFactorCheckedAgo(ts(), op, 0);
    const refund = await op.post('/api/admin/ledger/refunds', {
      payment_id: payment.id,
      key: 'commission-refund-1',
      reason: 'Duplicate',
      amount: '31.99',
    });
    expect(refund.status).toBe(200);
    // The month after: the refund is on its statement as charge-backs of what the payment earned.
    const next = await makeStatements(ts().db, addMonths(`${todayIso().slice(0, 7)}-01`, 2));
    expect(next.made).toBe(1);
    const statements = await statementsOf(JORDAN);
    expect(statements.map((s) => s.total_cents)).toEqual([3310, -3040]);
    const second = await ts()
      .db.selectFrom('commission_entries')
      .select(['kind', 'amount_cents'])
      .where('statement_id', '=', statements[1].id)
      .orderBy('id')
      .execute();
    expect(second).toEqual([
      { kind: 'refund_chargeback', amount_cents: -540 },
      { kind: 'refund_chargeback', amount_cents: -2500 },
    ]);
    const all = await ts().db.selectFrom('commission_entries').select(['statement_id', 'amount_cents']).execute();
    const statementsAll = await ts().db.selectFrom('commission_statements').select(['id', 'total_cents', 'row_count']).execute();
    expect(statementsAll.reduce((s, x) => s + x.total_cents, 0)).toBe(all.reduce((s, r) => s + r.amount_cents, 0));
    for (const s of statementsAll) {
      const mine = all.filter((r) => r.statement_id === s.id);
      expect([mine.length, mine.reduce((t, r) => t + r.amount_cents, 0)]).toEqual([s.row_count, s.total_cents]);
    }
  });

  it("shows the rep the statements, each as PDF (read by pdf.js) and CSV (parsed); only the rep's own", async () => {
    rep = await signedIn(ts(), DEMO.rep);
    const r = await rep.get('/api/v1/rep-home/commissions');
    expect(r.status).toBe(200);
    expect(r.body.data.statements.map((s: { total_cents: number }) => s.total_cents)).toEqual([-3040, 3310]);
    expect(r.body.data.so_far).toEqual({ total_cents: 0, lines: [] });
    const [, nov] = r.body.data.statements as { id: number; month: string }[];
    const cookie = [...rep.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const pdf = await fetch(new URL(`/api/v1/rep-home/commissions/${nov.id}/statement.pdf`, ts().baseUrl), { headers: { cookie } });
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const s of [
      'Commission statement',
      'Jordan Avery',
      'Harbor Point Agency',
      `Month: ${nov.month}`,
      'Jordanclient',
      '$5.40',
      '$25.00',
      '$2.70',
      'Override on your downline',
      'Total',
      '$33.10',
    ])
      expect(text).toContain(s);
    const csv = await fetch(new URL(`/api/v1/rep-home/commissions/${nov.id}/statement.csv`, ts().baseUrl), { headers: { cookie } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const [header, ...rows] = parseCsv(await csv.text()).map((l) => l.cells);
    expect(header).toEqual([
      'Month',
      'Kind',
      'Member',
      'Confirmation number',
      'Plan',
      'Writing rep',
      'Coverage month',
      'Premium',
      'Rate (%)',
      'Amount',
    ]);
    expect(rows.map((c) => [c[1], c[5], c[7], c[8], c[9]]).sort()).toEqual([
      ['First-year commission', 'Jordan Avery', '26.99', '20.00', '5.40'],
      ['Flat amount per enrollment', 'Jordan Avery', '', '', '25.00'],
      ['Override on your downline', 'Casey Morgan', '26.99', '10.00', '2.70'],
    ]);
    expect(rows.reduce((s, c) => s + Math.round(Number(c[9]) * 100), 0)).toBe(3310);
    // Another rep's statement is not found; other roles and anonymous callers are refused.
    const caseyStatement = (await statementsOf(CASEY))[0];
    expect((await rep.get(`/api/v1/rep-home/commissions/${caseyStatement.id}/statement.csv`)).status).toBe(404);
    expect((await op.get('/api/v1/rep-home/commissions')).status).toBe(403);
    expect((await ts().client().get('/api/v1/rep-home/commissions')).status).toBe(401);
  });

  it('keeps one pending statements job (the job machinery)', async () => {
    const jobs = await ts()
      .db.selectFrom('scheduled_jobs')
      .select('id')
      .where('kind', '=', 'commission-statements')
      .where('status', '=', 'pending')
      .execute();
    expect(jobs).toHaveLength(1);
  });
});
