import { Readable } from 'node:stream';
import { X12parser } from 'x12-parser';
import { isIssuedSsn } from '@store/domain/validation';

/**
 * The store's X12 files read back by a reader that is not their writer (x12-parser, not node-x12), and checked against
 * what a carrier's translator enforces of 005010X220A1 (834) and 005010X218 (820): the envelope's counts and control
 * numbers, the basic and extended character sets, element maximum lengths and the rules issue 39 found broken.
 */
export interface Seg {
  name: string;
  /** e[1] is the segment's first element (e[0] unused), as the guide numbers them. */
  e: string[];
}

export async function readIndependently(text: string): Promise<Seg[]> {
  const out: Seg[] = [];
  await new Promise<void>((resolve, reject) => {
    Readable.from([text])
      .pipe(new X12parser())
      .on('data', (d: Record<string, string>) => {
        if (!d.name) return;
        const e: string[] = [''];
        for (let i = 1; d[String(i)] !== undefined; i++) e.push(d[String(i)]);
        out.push({ name: d.name, e });
      })
      .on('end', resolve)
      .on('error', reject);
  });
  return out;
}

/** X12.6 basic and extended character sets, less the store's delimiters (* ~ : ^). */
const CHARSET = /^[A-Za-z0-9 !"&'()+,\-./;?=%@[\]_{}\\|<>#$]*$/;
/** Maximum lengths (segment + element number) of the guides. */
const MAX: Record<string, number> = {
  NM103: 60,
  NM104: 35,
  NM105: 25,
  NM109: 80,
  N102: 60,
  N104: 80,
  N301: 55,
  N302: 55,
  N401: 30,
  N402: 2,
  N403: 15,
  REF02: 50,
  BGN02: 50,
  ENT02: 3,
  RMR02: 80,
  TRN02: 50,
};
/** HD03 insurance line codes of 005010X220A1. */
const HD03 = new Set([
  'AG',
  'AH',
  'AJ',
  'AK',
  'DCP',
  'DEN',
  'EPO',
  'FAC',
  'HE',
  'HLT',
  'HMO',
  'LTC',
  'LTD',
  'MM',
  'MOD',
  'PDG',
  'POS',
  'PPO',
  'PRA',
  'STD',
  'UR',
  'VIS',
]);
/** BGN05 time codes. */
const TIME_CODES = new Set(['UT', 'ET', 'CT', 'MT', 'PT', 'ED', 'CD', 'MD', 'PD', 'ES', 'CS', 'MS', 'PS', 'LT', 'GM']);
const cents = (v: string) => Math.round(Number(v) * 100);

/** Every rule a translator would refuse the file for, in words (empty: accepted). */
export function translatorProblems(segs: Seg[]): string[] {
  const p: string[] = [];
  envelope(segs, p);
  for (const s of segs) {
    if (s.name === 'ISA') continue;
    s.e.forEach((v, i) => {
      if (i === 0) return;
      const id = `${s.name}${String(i).padStart(2, '0')}`;
      if (!CHARSET.test(v)) p.push(`${id} holds a character outside the basic and extended sets: ${JSON.stringify(v)}`);
      if (MAX[id] && v.length > MAX[id]) p.push(`${id} is ${v.length} characters, over its ${MAX[id]}`);
    });
  }
  const version = segs.find((s) => s.name === 'GS')?.e[8];
  if (version === '005010X220A1') rules834(segs, p);
  if (version === '005010X218') rules820(segs, p);
  return p;
}

function envelope(segs: Seg[], p: string[]) {
  const isa = segs[0];
  if (isa?.name !== 'ISA') return void p.push('The file does not begin with ISA');
  let groups = 0;
  let sets = 0;
  let gs: Seg | null = null;
  let st: Seg | null = null;
  let count = 0;
  for (const s of segs) {
    if (st) count++;
    if (s.name === 'GS') [gs, sets] = [s, 0];
    else if (s.name === 'ST') [st, count] = [s, 1];
    else if (s.name === 'SE') {
      if (Number(s.e[1]) !== count) p.push(`SE01 says ${s.e[1]} segments, the set has ${count}`);
      if (s.e[2] !== st?.e[2]) p.push(`SE02 ${s.e[2]} is not ST02 ${st?.e[2]}`);
      [st, sets] = [null, sets + 1];
    } else if (s.name === 'GE') {
      if (Number(s.e[1]) !== sets) p.push(`GE01 says ${s.e[1]} sets, the group has ${sets}`);
      if (s.e[2] !== gs?.e[6]) p.push(`GE02 ${s.e[2]} is not GS06 ${gs?.e[6]}`);
      [gs, groups] = [null, groups + 1];
    } else if (s.name === 'IEA') {
      if (Number(s.e[1]) !== groups) p.push(`IEA01 says ${s.e[1]} groups, the interchange has ${groups}`);
      if (s.e[2] !== isa.e[13]) p.push(`IEA02 ${s.e[2]} is not ISA13 ${isa.e[13]}`);
    }
  }
}

function rules834(segs: Seg[], p: string[]) {
  let maintenance = '';
  let termination = false;
  let sawNm1 = false;
  let begin = '';
  for (const s of segs) {
    const [, a, , c, d] = s.e;
    if (s.name === 'BGN' && !TIME_CODES.has(s.e[5] ?? '')) p.push(`BGN05 (time zone) is missing: ${JSON.stringify(s.e[5])}`);
    if (s.name === 'N1' && a === 'IN') {
      if (!['FI', 'XV'].includes(c ?? '')) p.push(`N1*IN's N103 is ${c}: FI or XV`);
      if (c === 'FI' && !/^\d{9}$/.test(d ?? '')) p.push(`N1*IN*FI's N104 is not a nine-digit federal tax id: ${d}`);
    }
    if (s.name === 'INS') {
      if (maintenance === '024' && !termination) p.push('A termination (INS03 024) without its DTP*357');
      [maintenance, termination, sawNm1] = [c ?? '', false, false];
    }
    if (s.name === 'DTP' && a === '357') {
      if (sawNm1) p.push('DTP*357 after NM1 (it belongs to loop 2000, before 2100A)');
      termination = true;
    }
    if (s.name === 'NM1' && a === 'IL') {
      sawNm1 = true;
      if (s.e[8] === '34' && !isIssuedSsn(s.e[9] ?? '')) p.push(`NM109 ${s.e[9]} is not an SSN the SSA issues`);
    }
    if (s.name === 'HD') {
      if (!HD03.has(c ?? '')) p.push(`HD03 ${c} is not an insurance line code of the guide`);
      begin = '';
    }
    if (s.name === 'DTP' && a === '348') begin = c ?? '';
    if (s.name === 'DTP' && a === '349' && begin && (s.e[3] ?? '') < begin) p.push(`DTP*349 ${s.e[3]} is before DTP*348 ${begin}`);
    if (s.name === 'SE') {
      if (maintenance === '024' && !termination) p.push('A termination (INS03 024) without its DTP*357');
      maintenance = '';
    }
  }
}

function rules820(segs: Seg[], p: string[]) {
  let bpr = 0;
  let rmr = 0;
  for (const s of segs) {
    if (s.name === 'BPR') bpr = cents(s.e[2] ?? '');
    if (s.name === 'RMR') rmr += cents(s.e[4] ?? '');
    if (s.name === 'SE') {
      if (bpr !== rmr) p.push(`BPR02 ${bpr / 100} is not the sum of the RMR04s ${rmr / 100}`);
      [bpr, rmr] = [0, 0];
    }
  }
}
