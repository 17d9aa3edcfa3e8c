import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { collectBankPayments } from '../../src/modules/billing/bank-service.ts';
import { ledgerOf, paymentsOf } from '../../src/modules/billing/repository.ts';
import { applyReturnsFiles } from '../../src/modules/billing/returns-service.ts';
import { createDuePayments } from '../../src/modules/billing/run-service.ts';
import { payingMember } from './members.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';

/** A member paying by EFT (bill day 5, coverage from 12/01), with account `account`. */
const bankMember = (ts: TestStore, account: string) =>
  payingMember({ db: ts.db, sealer: ts.app.sealer }, { bank: { routing: '011000015', account } }, { billDay: 5 });

const pad = (s: string) => s.padEnd(94, ' ');
/** A returns file as the bank sends it, written here from the NACHA record layouts (entry 6 + return addenda 7/99). */
function returnsFile(returns: { trace: string; code: string; cents: number }[]) {
  const lines = [
    pad('101 021000021 0110000152612080800A094101JPMORGAN CHASE         BENEFIT STORE'),
    pad('5226BENEFIT STORE                       1000000001WEBRETURN    261208261208   1011000010000001'),
  ];
  returns.forEach((r, i) => {
    lines.push(
      pad(
        `626021000021000123456789     ${String(r.cents).padStart(10, '0')}E1             JANE DOE                1011000010000${String(i + 1).padStart(3, '0')}`,
      ),
    );
    lines.push(pad(`799${r.code}${r.trace}      01100001${''.padEnd(44)}011000010000${String(i + 1).padStart(3, '0')}`));
  });
  lines.push(pad('8226000000000000000000'), pad('9000001000001000000000000000000'));
  return lines.join('\r\n');
}

const trace = async (ts: TestStore, id: string) => `02100002${String((await paymentsOf(ts.db, id))[0].ach_sequence).padStart(7, '0')}`;
const deps = (ts: TestStore) => ({ db: ts.db, sealer: ts.app.sealer, outDir: ts.app.config.ACH_OUT_DIR });
const putReturns = async (ts: TestStore, name: string, text: string) => {
  await fs.mkdir(path.join(ts.app.config.ACH_OUT_DIR, 'returns'), { recursive: true });
  await fs.writeFile(path.join(ts.app.config.ACH_OUT_DIR, 'returns', name), text);
};

describeEachDb('NACHA returns', (ts) => {
  it('R01 is presented again 3 business days later, at most twice; R02 stops the account; others end the payment', async () => {
    const funds = await bankMember(ts(), '000100000001');
    const closed = await bankMember(ts(), '000100000002');
    const other = await bankMember(ts(), '000100000003');
    await createDuePayments(ts().db, '2026-12-05');
    await collectBankPayments(deps(ts()), '2026-12-05');
    await putReturns(
      ts(),
      'returns-1208.txt',
      returnsFile([
        { trace: await trace(ts(), funds.id), code: 'R01', cents: 3199 },
        { trace: await trace(ts(), closed.id), code: 'R02', cents: 3199 },
        { trace: await trace(ts(), other.id), code: 'R16', cents: 3199 },
      ]),
    );
    const r = await applyReturnsFiles(deps(ts()), '2026-12-08');
    expect(r).toEqual({ applied: [{ file: 'returns-1208.txt', returned: 3, represented: 1, blocked: 1, failed: 1 }], refused: [] });
    const [p] = await paymentsOf(ts().db, funds.id);
    // Tuesday 12/08 + 3 business days: Friday 12/11.
    expect([p.status, p.failure_code, String(p.next_try_on).slice(0, 10)]).toEqual(['pending', 'R01', '2026-12-11']);
    expect((await paymentsOf(ts().db, closed.id)).map((x) => [x.status, x.failure_code])).toEqual([['returned', 'R02']]);
    expect(
      (
        await ts()
          .db.selectFrom('member_payment_methods')
          .select('blocked_reason')
          .where('id', '=', closed.methodId)
          .executeTakeFirstOrThrow()
      ).blocked_reason,
    ).toBe('R02');
    expect((await paymentsOf(ts().db, other.id)).map((x) => x.status)).toEqual(['returned']);
    expect((await ledgerOf(ts().db, funds.id)).map((l) => [l.kind, l.reason])).toEqual([
      ['charge', null],
      ['payment', null],
      ['return', 'R01'],
    ]);
    // The file is kept sealed under returns/done/ and no longer waits.
    expect(await fs.readdir(path.join(ts().app.config.ACH_OUT_DIR, 'returns'))).toEqual(['done']);

    // Friday: presented again (a second payment row), returned again R01, presented a last time; a third R01 ends it.
    for (const [day, back] of [
      ['2026-12-11', '2026-12-14'],
      ['2026-12-17', '2026-12-18'],
    ]) {
      expect((await collectBankPayments(deps(ts()), day)).file?.entries).toBeGreaterThanOrEqual(1);
      await putReturns(ts(), `returns-${back}.txt`, returnsFile([{ trace: await trace(ts(), funds.id), code: 'R01', cents: 3199 }]));
      await applyReturnsFiles(deps(ts()), back);
    }
    const [last] = await paymentsOf(ts().db, funds.id);
    expect([last.status, last.attempts]).toEqual(['returned', 3]);
    expect((await ledgerOf(ts().db, funds.id)).map((l) => l.kind)).toEqual([
      'charge',
      'payment',
      'return',
      'payment',
      'return',
      'payment',
      'return',
    ]);

    // January's debit of the closed account is not sent: the account is stopped until the member gives a new one.
    await createDuePayments(ts().db, '2027-01-05');
    await collectBankPayments(deps(ts()), '2027-01-05');
    expect((await paymentsOf(ts().db, closed.id)).map((x) => [x.period, x.status, x.failure_code])).toEqual([
      ['2027-01', 'returned', 'R02'],
      ['2027-02', 'failed', 'account_blocked'],
    ]);
  });

  it('a file with a trace number the store never sent, or a malformed line, changes nothing and is moved aside with why', async () => {
    const m = await bankMember(ts(), '000200000001');
    await createDuePayments(ts().db, '2026-12-05');
    await collectBankPayments(deps(ts()), '2026-12-05');
    await putReturns(
      ts(),
      'stranger.txt',
      returnsFile([
        { trace: await trace(ts(), m.id), code: 'R01', cents: 3199 },
        { trace: '021000029999999', code: 'R01', cents: 100 },
      ]),
    );
    await putReturns(ts(), 'short.txt', returnsFile([]).replace('8226', '822'));
    const r = await applyReturnsFiles(deps(ts()), '2026-12-08');
    expect(r.applied).toEqual([]);
    expect(r.refused).toEqual([
      { file: 'short.txt', why: 'line 3: a record is 94 characters, this one 93' },
      { file: 'stranger.txt', why: 'line 5: trace number 021000029999999 was never sent by the store' },
    ]);
    expect((await paymentsOf(ts().db, m.id)).map((x) => x.status)).toEqual(['submitted']);
    const rejected = path.join(ts().app.config.ACH_OUT_DIR, 'returns', 'rejected');
    expect((await fs.readdir(rejected)).sort()).toEqual(['short.txt', 'short.txt.error', 'stranger.txt', 'stranger.txt.error']);
    expect(await fs.readFile(path.join(rejected, 'stranger.txt.error'), 'utf8')).toBe(
      'line 5: trace number 021000029999999 was never sent by the store\n',
    );
    expect((await fs.readFile(path.join(rejected, 'stranger.txt'))).includes(Buffer.from('000123456789'))).toBe(false);
  });
});
