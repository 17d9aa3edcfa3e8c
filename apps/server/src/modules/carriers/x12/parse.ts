import x12 from 'node-x12';

const { X12Parser } = x12;

/** What is wrong with an X12 text, in words (the 422 of an acknowledgment upload). */
export class X12Problem extends Error {}

export interface Segment {
  tag: string;
  elements: string[];
}
export interface ParsedTransaction {
  st: string[];
  segments: Segment[];
}
export interface ParsedGroup {
  gs: string[];
  transactions: ParsedTransaction[];
}
export interface ParsedInterchange {
  isa: string[];
  /** ISA13 as a number. */
  controlNumber: number;
  groups: ParsedGroup[];
  /** TA1 segments (interchange acknowledgments), which sit outside any group. */
  ta1: string[][];
}

const values = (seg: { elements: { value: string }[] }) => seg.elements.map((e) => e.value);

/**
 * Parses one interchange with node-x12 in strict mode: it checks the envelope (SE01, GE01 and IEA01 counts, control
 * numbers of header and trailer). TA1 segments, which the library does not place, are taken out first.
 */
export function parseX12(text: string): ParsedInterchange {
  const edi = text.replace(/^\uFEFF/, '').trim();
  if (!edi.startsWith('ISA')) throw new X12Problem('The content is not X12: it must begin with an ISA segment.');
  if (edi.length < 106) throw new X12Problem('The content is not X12: the ISA segment is shorter than 106 characters.');
  const elementDelimiter = edi[3];
  const terminator = edi[105];
  const segments = edi.split(terminator).map((s) => s.replace(/^[\r\n]+/, ''));
  const ta1 = segments.filter((s) => s.startsWith(`TA1${elementDelimiter}`)).map((s) => s.split(elementDelimiter).slice(1));
  const kept = segments.filter((s) => s.trim() && !s.startsWith(`TA1${elementDelimiter}`));
  // An interchange that holds only TA1s has no group, which the library refuses: check its ISA and IEA here.
  if (!kept.some((s) => s.startsWith(`GS${elementDelimiter}`))) return envelopeOnly(kept, elementDelimiter, ta1);
  let parsed: unknown;
  try {
    parsed = new X12Parser(true).parse(kept.join(terminator) + terminator);
  } catch (err) {
    throw new X12Problem(`The X12 is not well formed: ${(err as Error).message.replace(/^X12 Standard: /, '')}`);
  }
  if (Array.isArray(parsed)) throw new X12Problem('Send one interchange (one ISA … IEA) at a time.');
  const interchange = parsed as import('node-x12').X12Interchange;
  const isa = values(interchange.header as never);
  return {
    isa,
    controlNumber: Number(isa[12]),
    ta1,
    groups: interchange.functionalGroups.map((g) => ({
      gs: values(g.header as never),
      transactions: g.transactions.map((t) => ({
        st: values(t.header as never),
        segments: t.segments.map((s) => ({ tag: s.tag, elements: values(s as never) })),
      })),
    })),
  };
}

function envelopeOnly(segments: string[], delimiter: string, ta1: string[][]): ParsedInterchange {
  const isa = segments[0].split(delimiter).slice(1);
  const iea = segments.at(-1)?.split(delimiter) ?? [];
  if (segments.length !== 2 || iea[0] !== 'IEA')
    throw new X12Problem('The X12 is not well formed: an interchange without groups holds only TA1 segments between ISA and IEA.');
  if (Number(iea[1]) !== 0)
    throw new X12Problem(`The X12 is not well formed: IEA01 (${iea[1]}) says ${iea[1]} groups, the interchange holds none.`);
  if (Number(iea[2]) !== Number(isa[12]))
    throw new X12Problem(`The X12 is not well formed: The value in IEA02 (${iea[2]}) does not match the value in ISA13 (${isa[12]}).`);
  if (!ta1.length) throw new X12Problem('The interchange holds no 999 and no TA1.');
  return { isa, controlNumber: Number(isa[12]), groups: [], ta1 };
}
