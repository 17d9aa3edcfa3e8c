import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

/** A font's ToUnicode CMap: glyph id (hex) → text. */
function parseCmap(text: string): Map<string, string> {
  const map = new Map<string, string>();
  const u16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(m[1].toUpperCase(), u16(m[2]));
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g)) {
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      const width = m[1].length;
      const list = m[3].startsWith('[') ? [...m[3].matchAll(/<([0-9A-Fa-f]+)>/g)].map((x) => x[1]) : null;
      for (let g = lo; g <= hi; g++) {
        const key = g.toString(16).toUpperCase().padStart(width, '0');
        if (list) map.set(key, u16(list[g - lo] ?? ''));
        else {
          const start = m[3].slice(1, -1);
          const last = parseInt(start.slice(-4), 16) + (g - lo);
          map.set(key, u16(start.slice(0, -4) + last.toString(16).padStart(4, '0')));
        }
      }
    }
  }
  return map;
}

const streamText = (s: PDFObject | undefined) =>
  s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : '';

/**
 * The text of a PDF written with an embedded (Identity-H) font, one line per `Tj`: glyph ids mapped back through each
 * font's ToUnicode CMap (helpers/pdf-text.ts reads the standard fonts' WinAnsi text).
 */
export async function pdfUnicodeText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  const look = <T extends PDFObject>(o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o) as T | undefined;
  for (const page of doc.getPages()) {
    const fontsDict = look<PDFDict>(look<PDFDict>(page.node.Resources())?.get(PDFName.of('Font')));
    const cmaps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fontsDict?.entries() ?? []) {
      const font = look<PDFDict>(ref);
      cmaps.set(name.asString().slice(1), parseCmap(streamText(look(font?.get(PDFName.of('ToUnicode'))))));
    }
    const contents = page.node.Contents();
    const streams: PDFObject[] =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)!) : contents ? [contents] : [];
    for (const s of streams) {
      let cmap = new Map<string, string>();
      for (const m of streamText(s).matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (m[1]) cmap = cmaps.get(m[1]) ?? new Map();
        else lines.push((m[2].toUpperCase().match(/.{4}/g) ?? []).map((g) => cmap.get(g) ?? '?').join(''));
      }
    }
  }
  return lines.join('\n');
}
