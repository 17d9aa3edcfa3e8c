import { saveScreenshot } from '@store/domain/contract/quote';
import { call } from './api-client';

/**
 * Each step (and the cart at checkout) uploads a PNG of what was shown, as a record. A failure is ignored
 * (only logged), as the documents say.
 */
export async function uploadScreenshot(enrollmentId: string | null | undefined, name: string, element: HTMLElement | null): Promise<void> {
  if (!enrollmentId || !element) return;
  try {
    const { toPng } = await import('html-to-image');
    const image = await toPng(element, {
      cacheBust: false,
      pixelRatio: 1,
      backgroundColor: '#ffffff',
      skipFonts: true,
      filter: keepInScreenshot,
    });
    await call(saveScreenshot, { body: { enrollment_id: enrollmentId, name, image } });
  } catch (err) {
    console.warn('screenshot not saved', err);
  }
}

/** Field names whose values never go into a screenshot: SSNs, card and bank numbers, security codes. */
export const SENSITIVE_NAME = /(^|[._\-[])(ssn|card_number|security_code|account_number|routing_number|bank_routing|cvv|cvc)(]|$)/i;

/**
 * html-to-image filter: the fields above (and passwords, card autocomplete fields, anything marked
 * data-sensitive) are left out of the image, so a step's screenshot never holds what is sealed on the server.
 */
export function keepInScreenshot(node: Node): boolean {
  if (!(node instanceof HTMLElement)) return true;
  if (node.dataset.sensitive !== undefined) return false;
  if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) {
    if (node instanceof HTMLInputElement && node.type === 'password') return false;
    if (SENSITIVE_NAME.test(node.name) || SENSITIVE_NAME.test(node.id)) return false;
    if (/^cc-(number|csc)$/.test(node.autocomplete)) return false;
  }
  return true;
}
