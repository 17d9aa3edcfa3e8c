import x12 from 'node-x12';
import { x12Text } from './text.ts';

const { JSEDINotation, X12Generator } = x12;

/** Delimiters of every file the store writes (ISA11 repetition ^, ISA16 component :). */
export const X12_OPTIONS = {
  elementDelimiter: '*',
  segmentTerminator: '~',
  subElementDelimiter: ':',
  repetitionDelimiter: '^',
  endOfLine: '\n',
  format: true,
};

/** What the interchange (ISA/IEA) and its one functional group (GS/GE) of a file the store writes say. */
export interface Interchange {
  sender: { qualifier: string; id: string };
  receiver: { qualifier: string; id: string };
  usage: 'T' | 'P';
  controlNumber: number;
  at: Date;
}

const pad = (v: string, n: number) => x12Text(v).slice(0, n).padEnd(n, ' ');
export const yymmdd = (at: Date) => at.toISOString().slice(2, 10).replaceAll('-', '');
export const ccyymmdd = (at: Date) => at.toISOString().slice(0, 10).replaceAll('-', '');
export const hhmm = (at: Date) => at.toISOString().slice(11, 16).replace(':', '');

/**
 * Opens a file's envelope, the same for the 834 and the 820: ISA (no authorization or security information, the
 * sender's and receiver's ids padded to 15, version 00501, no acknowledgment asked, ^ and :), and one GS of the given
 * functional id (BE for the 834, RA for the 820) and implementation guide. Answers the group to add transactions to,
 * and `render`, which writes the file: the envelope counts (SE01, GE01, IEA01) and trailers are the library's.
 */
export function openInterchange(file: Interchange, functionalId: 'BE' | 'RA', guide: string) {
  const isa = [
    '00',
    pad('', 10),
    '00',
    pad('', 10),
    pad(file.sender.qualifier, 2),
    pad(file.sender.id, 15),
    pad(file.receiver.qualifier, 2),
    pad(file.receiver.id, 15),
    yymmdd(file.at),
    hhmm(file.at),
    '^',
    '00501',
    String(file.controlNumber).padStart(9, '0'),
    '1',
    file.usage,
    ':',
  ];
  const notation = new JSEDINotation(isa, X12_OPTIONS);
  const group = notation.addFunctionalGroup([
    functionalId,
    x12Text(file.sender.id),
    x12Text(file.receiver.id),
    ccyymmdd(file.at),
    hhmm(file.at),
    String(file.controlNumber),
    'X',
    guide,
  ]);
  return { group, render: () => new X12Generator(notation, X12_OPTIONS).toString() };
}
