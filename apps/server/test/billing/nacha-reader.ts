import { expect } from 'vitest';

/**
 * A reader of NACHA files written here from the published record layouts (Nacha Operating Rules, Appendix Three),
 * not nach2's: field positions are 1-based and inclusive as the layouts give them.
 */
export function readNacha(text: string) {
  // Records are separated by CR LF.
  const lines = text.replace(/\r\n$/, '').split('\r\n');
  for (const l of lines) expect(l).toHaveLength(94);
  expect(lines.length % 10).toBe(0);
  const at = (l: string, from: number, to: number) => l.slice(from - 1, to);
  const [header] = lines;
  const file = {
    priority: at(header, 2, 3),
    destination: at(header, 4, 13),
    origin: at(header, 14, 23),
    createdOn: at(header, 24, 29),
    createdAt: at(header, 30, 33),
    modifier: at(header, 34, 34),
    recordSize: at(header, 35, 37),
    blocking: at(header, 38, 39),
    format: at(header, 40, 40),
    destinationName: at(header, 41, 63).trimEnd(),
    originName: at(header, 64, 86).trimEnd(),
  };
  const batches: { header: Record<string, string>; entries: Record<string, string>[]; control: Record<string, string> }[] = [];
  let fileControl: Record<string, string> | null = null;
  let padding = 0;
  for (const l of lines.slice(1)) {
    const type = l[0];
    if (type === '5')
      batches.push({
        header: {
          serviceClass: at(l, 2, 4),
          companyName: at(l, 5, 20).trimEnd(),
          companyId: at(l, 41, 50),
          sec: at(l, 51, 53),
          description: at(l, 54, 63).trimEnd(),
          effective: at(l, 70, 75),
          originatorStatus: at(l, 79, 79),
          odfi: at(l, 80, 87),
          batchNumber: at(l, 88, 94),
        },
        entries: [],
        control: {},
      });
    else if (type === '6')
      batches.at(-1)!.entries.push({
        code: at(l, 2, 3),
        rdfi: at(l, 4, 11),
        checkDigit: at(l, 12, 12),
        account: at(l, 13, 29).trimEnd(),
        amount: at(l, 30, 39),
        individualId: at(l, 40, 54).trimEnd(),
        name: at(l, 55, 76).trimEnd(),
        paymentType: at(l, 77, 78).trimEnd(),
        addenda: at(l, 79, 79),
        trace: at(l, 80, 94),
      });
    else if (type === '8')
      batches.at(-1)!.control = {
        serviceClass: at(l, 2, 4),
        count: at(l, 5, 10),
        hash: at(l, 11, 20),
        debits: at(l, 21, 32),
        credits: at(l, 33, 44),
        companyId: at(l, 45, 54),
        odfi: at(l, 80, 87),
        batchNumber: at(l, 88, 94),
      };
    else if (type === '9' && !fileControl)
      fileControl = {
        batches: at(l, 2, 7),
        blocks: at(l, 8, 13),
        count: at(l, 14, 21),
        hash: at(l, 22, 31),
        debits: at(l, 32, 43),
        credits: at(l, 44, 55),
      };
    else if (l === '9'.repeat(94)) padding++;
    else throw new Error(`unexpected record: ${l}`);
  }
  return { file, batches, control: fileControl!, lines: lines.length, padding };
}
