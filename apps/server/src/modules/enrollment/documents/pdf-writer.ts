import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { createPdfWithFonts } from '../../../lib/pdf-fonts.ts';

/**
 * A small flowing-text writer over pdf-lib with DejaVu Sans embedded (lib/pdf-fonts.ts): every character of English and
 * Spanish prints as itself, none as "?". Lines wrap at the page's width and pages are added as needed.
 */
const MARGIN = 56;
const WIDTH = 612;
const HEIGHT = 792;

export class PdfWriter {
  page!: PDFPage;
  y = 0;
  /** Advance widths per font and character at size 1: measuring through fontkit's layout for every word takes seconds. */
  private readonly advances = new Map<PDFFont, Map<string, number>>();
  private constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {}

  static async create(): Promise<PdfWriter> {
    const { doc, font, bold } = await createPdfWithFonts();
    const w = new PdfWriter(doc, font, bold);
    w.newPage();
    return w;
  }

  newPage() {
    this.page = this.doc.addPage([WIDTH, HEIGHT]);
    this.y = HEIGHT - MARGIN;
  }

  private room(h: number) {
    if (this.y - h < MARGIN) this.newPage();
  }

  private width(font: PDFFont, s: string, size: number): number {
    let m = this.advances.get(font);
    if (!m) this.advances.set(font, (m = new Map()));
    let w = 0;
    for (const ch of s) {
      let a = m.get(ch);
      if (a === undefined) m.set(ch, (a = font.widthOfTextAtSize(ch, 1)));
      w += a;
    }
    return w * size;
  }

  /** Text wrapped to the page's width; \n starts a new line. */
  text(s: string, opts: { size?: number; b?: boolean; indent?: number; gap?: number } = {}) {
    const size = opts.size ?? 10;
    const font = opts.b ? this.bold : this.font;
    const x = MARGIN + (opts.indent ?? 0);
    const max = WIDTH - MARGIN - x;
    for (const para of s.split('\n')) {
      let line = '';
      const flush = () => {
        this.room(size + 4);
        this.page.drawText(line, { x, y: this.y - size, size, font });
        this.y -= size + 4;
        line = '';
      };
      for (const word of para.split(/\s+/)) {
        const next = line ? `${line} ${word}` : word;
        if (line && this.width(font, next, size) > max) {
          flush();
          line = word;
        } else line = next;
        // A single word longer than the line (a hash) is cut.
        while (this.width(font, line, size) > max && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && this.width(font, line.slice(0, cut), size) > max) cut--;
          const rest = line.slice(cut);
          line = line.slice(0, cut);
          flush();
          line = rest;
        }
      }
      flush();
    }
    this.y -= opts.gap ?? 2;
  }

  heading(s: string) {
    this.y -= 6;
    this.room(40);
    this.text(s, { size: 13, b: true, gap: 4 });
  }

  async png(bytes: Uint8Array, maxWidth = 220, maxHeight = 80) {
    const img = await this.doc.embedPng(bytes);
    const scale = Math.min(maxWidth / img.width, maxHeight / img.height, 1);
    const w = img.width * scale;
    const h = img.height * scale;
    this.room(h + 8);
    this.page.drawImage(img, { x: MARGIN, y: this.y - h, width: w, height: h });
    this.y -= h + 8;
  }
}
