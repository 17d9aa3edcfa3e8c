import fs from 'node:fs';
import path from 'node:path';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { SERVER_ROOT } from '../paths.ts';

/**
 * DejaVu Sans for pdf-lib (apps/server/assets/fonts, Bitstream Vera license): every character of English and Spanish
 * prints as itself. Shared by the signed application (modules/consent) and the member's ID card (modules/member-home).
 */
const FONT_DIR = path.join(SERVER_ROOT, 'assets', 'fonts');
let fontBytes: { regular: Buffer; bold: Buffer } | null = null;
const parsed = new Map<Uint8Array, unknown>();
const fonts = () =>
  (fontBytes ??= {
    regular: fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf')),
    bold: fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
  });

/** A new PDF document with DejaVu Sans regular and bold embedded (subset: only the glyphs used). */
export async function createPdfWithFonts(): Promise<{ doc: PDFDocument; font: PDFFont; bold: PDFFont }> {
  const { PDFDocument } = await import('pdf-lib');
  const fontkit = (await import('@pdf-lib/fontkit')).default;
  const doc = await PDFDocument.create();
  // One parsed font per file for the process: fontkit decodes its tables lazily and keeps them, so a document after
  // the first lays its text out in a fraction of the time.
  doc.registerFontkit({
    create: (data: Uint8Array, name?: string) => parsed.get(data) ?? parsed.set(data, fontkit.create(data, name)).get(data),
  } as typeof fontkit);
  const font = await doc.embedFont(fonts().regular, { subset: true });
  const bold = await doc.embedFont(fonts().bold, { subset: true });
  return { doc, font, bold };
}
