import type { TSiteInfo } from '@store/domain/site';
import type { TPlanDescription, TPricingAnswer } from '@store/domain/catalog';

/**
 * The start-up data the server puts into index.html (a JSON data block, apps/server/src/plugins/web.ts), so the
 * first render does not wait for API round trips: the site of the host, the header's menu and, on a plan's page, that plan's public
 * answers (its description and its price without a quote). Read once, at start; the block then leaves the page.
 * Without it (the Vite dev server) the app asks the API as usual.
 */
export interface StartupData {
  site?: TSiteInfo;
  plan?: { id: number; detail: TPlanDescription; pricing: TPricingAnswer };
  /** The header's common category menu (get-common-menu), the same for every visitor. */
  menu?: string[];
}

export const startupData: StartupData = (() => {
  if (typeof document === 'undefined') return {};
  const block = document.getElementById('startup-data');
  if (!block) return {};
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '') as StartupData;
  } catch {
    return {};
  }
})();

/** When the start-up data was read: answers taken from it are as old as the page. */
export const startupDataAt = Date.now();
