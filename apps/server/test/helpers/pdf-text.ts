import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';

/**
 * The text a PDF made by pdf-lib shows, one line per text-showing operator: its content streams inflated and
 * the hex strings of `Tj` decoded from WinAnsi (Latin-1 for the letters Spanish needs).
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams: PDFObject[] =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)!) : contents ? [contents] : [];
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(Buffer.from(m[1], 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
