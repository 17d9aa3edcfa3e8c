import type { QueryClient } from '@tanstack/react-query';
import type { TSiteInfo } from '@store/domain/site';
import type { TPlanDescription, TPricingAnswer } from '@store/domain/catalog';
import { catalogKeys } from '../features/catalog/api/keys';
import { siteQueryKey } from '../lib/site/site-context';
import { visitorQueryNow } from '../features/storefront/api/visitor-query';
import { commonMenuKey } from '../features/storefront/api/get-menu';
import { ticketLinkKey } from '../features/storefront/api/get-site-lists';
import { storage } from '../lib/storage';

/**
 * The answers the server puts into index.html (a JSON data block, apps/server/src/plugins/web.ts), so the first
 * render does not wait for API round trips: the site of the host, the header's common menu, the footer's support ticket
 * link and, on a plan's page, that plan's public answers (its description and its price without a quote). They go straight into TanStack
 * Query's cache, under the keys of the queries that ask for them (the way TanStack Query hydrates a page), stamped
 * with the time the page was loaded; the queries' own staleTime decides when they are asked again. There is no
 * other cache beside the query client. Without the block (the Vite dev server) the queries ask the API as usual.
 */
interface PageData {
  site?: TSiteInfo;
  plan?: { id: number; detail: TPlanDescription; pricing: TPricingAnswer };
  menu?: string[];
  ticket?: string;
}

function readPageData(): PageData {
  if (typeof document === 'undefined') return {};
  const block = document.getElementById('startup-data');
  if (!block) return {};
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '') as PageData;
  } catch {
    return {};
  }
}

export function seedQueryCache(queryClient: QueryClient): void {
  const data = readPageData();
  const updatedAt = Date.now();
  if (data.site) queryClient.setQueryData(siteQueryKey, data.site, { updatedAt });
  if (data.ticket) queryClient.setQueryData(ticketLinkKey, data.ticket, { updatedAt });
  if (data.plan) {
    // the server writes the plan's answers into index.html in English (a Spanish page asks for its own)
    queryClient.setQueryData(catalogKeys.detail(data.plan.id, 'en'), data.plan.detail, { updatedAt });
    queryClient.setQueryData(catalogKeys.pricing(data.plan.id, null), data.plan.pricing, { updatedAt });
  }
  // The common menu is everyone's: a group visitor's menu is the group's and is always asked.
  const q = visitorQueryNow();
  if (data.menu && !(q.open_type === 'group' && q.group_id))
    queryClient.setQueryData(commonMenuKey(q, storage.get('fromSite')), data.menu, { updatedAt });
}
