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
  const rest = segments.filter((s) => !s.startsWith(`TA1${elementDelimiter}`)).join(terminator);
  let parsed: unknown;
  try {
    parsed = new X12Parser(true).parse(rest);
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
      transactions: g.transactions.map((t) => ({ st: values(t.header as never), segments: t.segments.map((s) => ({ tag: s.tag, elements: values(s as never) })) })),
    })),
  };
}
