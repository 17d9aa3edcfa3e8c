import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { writeNachaFile, type NachaDebit, type NachaFileInput } from '../../src/modules/billing/nacha-file.ts';
import { readNacha } from './nacha-reader.ts';

const settings = { odfiRouting: '021000021', odfiName: 'JPMorgan Chase', companyName: 'Benefit Store', companyId: '1123456789' };
const input = (debits: NachaDebit[]): NachaFileInput => ({
  settings,
  createdOn: '2026-12-28',
  createdAt: '06:05',
  fileIdModifier: 'A',
  effectiveOn: '2026-12-29',
  debits,
});
const jane: NachaDebit = {
  routing: '011000015',
  account: '000123456789',
  accountType: 'checking',
  amountCents: 3199,
  individualId: 'E7K2Q9',
  name: 'Jane Doe',
  sequence: 1,
  recurring: true,
};

describe('the NACHA file of a day of bank debits', () => {
  it('reads back as one batch of WEB debits with the controls, hash, totals and padding the layouts require', async () => {
    const text = await writeNachaFile(
      input([
        jane,
        {
          ...jane,
          routing: '121000358',
          account: '9876543210',
          accountType: 'savings',
          amountCents: 7499,
          individualId: 'P4Z8',
          name: 'José Núñez',
          sequence: 2,
          recurring: false,
        },
      ]),
    );
    const r = readNacha(text);
    expect(r.file).toMatchObject({
      priority: '01',
      destination: ' 021000021',
      createdOn: '261228',
      createdAt: '0605',
      modifier: 'A',
      recordSize: '094',
      blocking: '10',
      format: '1',
      destinationName: 'JPMORGAN CHASE',
      originName: 'BENEFIT STORE',
    });
    expect(r.batches).toHaveLength(1);
    const [b] = r.batches;
    expect(b.header).toMatchObject({
      serviceClass: '225',
      companyName: 'BENEFIT STORE',
      companyId: '1123456789',
      sec: 'WEB',
      description: 'PREMIUM',
      effective: '261229',
      originatorStatus: '1',
      odfi: '02100002',
    });
    expect(b.entries).toEqual([
      {
        code: '27',
        rdfi: '01100001',
        checkDigit: '5',
        account: '000123456789',
        amount: '0000003199',
        individualId: 'E7K2Q9',
        name: 'JANE DOE',
        paymentType: 'R',
        addenda: '0',
        trace: '021000020000001',
      },
      {
        code: '37',
        rdfi: '12100035',
        checkDigit: '8',
        account: '9876543210',
        amount: '0000007499',
        individualId: 'P4Z8',
        name: 'JOSE NUNEZ',
        paymentType: 'S',
        addenda: '0',
        trace: '021000020000002',
      },
    ]);
    // Entry hash: the sum of the RDFI routing numbers' first 8 digits (01100001 + 12100035), its last 10 digits.
    expect(b.control).toMatchObject({
      serviceClass: '225',
      count: '000002',
      hash: '0013200036',
      debits: '000000010698',
      credits: '000000000000',
      companyId: '1123456789',
      odfi: '02100002',
      batchNumber: b.header.batchNumber,
    });
    expect(r.control).toEqual({
      batches: '000001',
      blocks: '000001',
      count: '00000002',
      hash: '0013200036',
      debits: '000000010698',
      credits: '000000000000',
    });
    expect(r.lines).toBe(10);
    expect(r.padding).toBe(4);
  });

  it('property: any day of debits reads back with its count, total, entry hash and a block count of its lines / 10', async () => {
    const routing = fc.constantFrom('011000015', '121000358', '021000021', '026009593', '111000025', '322271627');
    const debit = fc.record({
      routing,
      account: fc.stringMatching(/^[0-9]{4,17}$/),
      accountType: fc.constantFrom('checking' as const, 'savings' as const),
      amountCents: fc.integer({ min: 1, max: 99_999_99 }),
      recurring: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(debit, { minLength: 1, maxLength: 25 }), async (list) => {
        const debits = list.map((d, i) => ({ ...d, individualId: `E${i}`, name: `Payer ${i}`, sequence: i + 1 }));
        const r = readNacha(await writeNachaFile(input(debits)));
        const total = debits.reduce((a, d) => a + d.amountCents, 0);
        const hash = debits.reduce((a, d) => a + Number(d.routing.slice(0, 8)), 0) % 10_000_000_000;
        expect(r.batches[0].entries.map((e) => Number(e.amount))).toEqual(debits.map((d) => d.amountCents));
        expect(r.batches[0].entries.map((e) => e.account)).toEqual(debits.map((d) => d.account));
        expect(new Set(r.batches[0].entries.map((e) => e.trace)).size).toBe(debits.length);
        expect(Number(r.control.debits)).toBe(total);
        expect(Number(r.batches[0].control.debits)).toBe(total);
        expect(Number(r.control.hash)).toBe(hash);
        expect(Number(r.control.count)).toBe(debits.length);
        expect(Number(r.control.blocks)).toBe(r.lines / 10);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses an empty day and an amount that is not a positive number of cents', async () => {
    await expect(writeNachaFile(input([]))).rejects.toThrow('at least one entry');
    await expect(writeNachaFile(input([{ ...jane, amountCents: 0 }]))).rejects.toThrow('positive number of cents');
    await expect(writeNachaFile(input([{ ...jane, amountCents: 31.5 }]))).rejects.toThrow('positive number of cents');
  });
});
