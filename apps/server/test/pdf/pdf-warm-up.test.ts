import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PDF_THREADS, renderPdf, warmPdfThreads } from '../../src/pdf/pool.ts';
import { pdfUnicodeText } from '../helpers/pdf-unicode-text.ts';

/**
 * Issue 40: a fresh store process's first completions waited on its PDF thread's start and its first font parsing
 * (4.6 to 7.3 s under load in the chaos harness, against about 0.6 s after). The store warms every PDF thread once it
 * answers (server.ts): each thread starts and lays out a small PDF in DejaVu Sans, English and Spanish.
 */
describe('PDF threads warmed when the store starts (issue 40)', () => {
  it('starts every PDF thread, each rendering the warm-up PDF', async () => {
    expect(await warmPdfThreads()).toBe(PDF_THREADS);
    const text = await pdfUnicodeText(await renderPdf('warm-up'));
    expect(text).toContain('Año, solicitud, información: $0.00');
  }, 60_000);

  it('is called by the store once it answers', () => {
    const server = fs.readFileSync(new URL('../../src/server.ts', import.meta.url), 'utf8');
    expect(server).toMatch(/app\.listen[\s\S]*warmPdfThreads\(\)/);
  });
});
