import { escapeHtml } from '../../lib/escape-html.ts';

/** The demo plans' texts as the plan page shows them (English and Spanish seeds alike): lists, paragraphs, FAQs. */
export const ul = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
export const ps = (paras: string[]) => paras.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
/** Question and answer pairs, each led by the language's letters (Q/A, P/R). */
export const faqHtml = (pairs: [string, string][], [q, a]: [string, string] = ['Q', 'A']) =>
  pairs.map(([question, answer]) => `<p><strong>${q}: ${escapeHtml(question)}</strong></p><p>${a}: ${escapeHtml(answer)}</p>`).join('');
