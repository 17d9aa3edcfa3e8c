import { parseX12, X12Problem, type ParsedInterchange } from './parse.ts';

/**
 * One subscriber of a carrier's effectuation 834 (005010X220A1, issue 39): the member id of our REF*0F, the carrier's
 * policy number (REF*1L, in loop 2000 or in a 2300 coverage), and whether the carrier confirms the coverage (INS03
 * 021 addition, 001 change, 025 reinstatement, 030 audit) or ends it (024: the carrier's rejection, with INS04).
 */
export interface Effectuation {
  memberId: string;
  policyNumber: string | null;
  maintenance: string;
  reason: string | null;
}

const CONFIRMING = new Set(['021', '001', '025', '030']);
export const isRejection = (e: Effectuation) => e.maintenance === '024';

/** True when the interchange holds 834 transaction sets (an effectuation), not acknowledgments. */
export const holds834 = (x: ParsedInterchange) => x.groups.some((g) => g.transactions.some((t) => t.st[0] === '834'));

/**
 * Reads the subscribers of an effectuation 834 parsed by node-x12 (parse.ts, strict: counts and control numbers
 * checked). Dependents (INS01 N) carry the subscriber's REF*0F and add nothing. Anything the store cannot apply is an
 * X12Problem (the file is refused whole): another transaction set, a subscriber without REF*0F, a confirmation
 * without the policy number, an unknown maintenance type.
 */
export function readEffectuation(x: ParsedInterchange): Effectuation[] {
  const out: Effectuation[] = [];
  for (const group of x.groups)
    for (const tx of group.transactions) {
      if (tx.st[0] !== '834') throw new X12Problem(`Transaction set ${tx.st[0]} is not an 834: send the 834 alone.`);
      let current: Effectuation | null = null;
      const close = () => {
        if (!current) return;
        if (!current.memberId) throw new X12Problem('A subscriber (INS01 Y) of the 834 has no REF*0F member id.');
        if (!isRejection(current) && !current.policyNumber)
          throw new X12Problem(`Member ${current.memberId} is confirmed without the carrier's policy number (REF*1L).`);
        out.push(current);
        current = null;
      };
      for (const { tag, elements: e } of tx.segments) {
        if (tag === 'INS') {
          close();
          if (e[0] !== 'Y') continue;
          const maintenance = e[2] ?? '';
          if (!CONFIRMING.has(maintenance) && maintenance !== '024')
            throw new X12Problem(
              `INS03 ${maintenance || '(empty)'} is not a maintenance type the store applies (021, 001, 025, 030 or 024).`,
            );
          current = { memberId: '', policyNumber: null, maintenance, reason: e[3] || null };
        } else if (current && tag === 'REF' && e[0] === '0F') current.memberId = (e[1] ?? '').trim();
        else if (current && tag === 'REF' && e[0] === '1L' && !current.policyNumber) current.policyNumber = (e[1] ?? '').trim() || null;
      }
      close();
    }
  if (!out.length) throw new X12Problem('The 834 names no subscriber (INS01 Y).');
  return out;
}

/** Parses and reads an effectuation 834 (tests and the inbound folder). */
export const readEffectuation834 = (text: string) => readEffectuation(parseX12(text));
