import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { preloadPage } from '../lib/lazy';
import type { FeatureRoute } from '../lib/feature-route';
import { MainLayout, BareLayout, RootLayout } from './layout';
import { NotFoundPage } from '../features/errors/not-found-page';

const modules = import.meta.glob<{ routes: FeatureRoute[] }>('../features/*/routes.tsx', { eager: true });
const all = Object.values(modules).flatMap((m) => m.routes ?? []);

/** The first segments of the store's own paths: an address starting with anything else is a landing name. */
const ownSegments = new Set(['404', ...all.map((r) => r.path.split('/')[1]?.toLowerCase() ?? '')].filter((s) => s && !s.startsWith(':')));

/**
 * The landing-name prefix of this page load as the address spells it (storefront.md section 2: every route sits
 * under an optional landing-name prefix): 'jordan-avery' for /jordan-avery and /jordan-avery/plan/101/…, null for
 * the store's own paths.
 */
function landingSegment(pathname: string): string | null {
  const first = pathname.split('/')[1] ?? '';
  return first && !ownSegments.has(first.toLowerCase()) ? first : null;
}
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape (the server answers 400 to those first): the landing check answers /404
  }
};

const segment = landingSegment(window.location.pathname);
const landing = segment ? decoded(segment) : null;
/**
 * Under a landing the whole app runs below the prefix (the router's basename): every link and navigation keeps
 * it, and the landing gate (layout.tsx) checks the landing before any page shows.
 */
const basename = segment ? `/${segment}` : undefined;

const strip = (p: string) => p.replace(/^\//, '');
const main: RouteObject[] = [];
const bare: RouteObject[] = [];
for (const r of all) {
  if (landing && r.prefixable === false) continue;
  const target = r.layout === 'bare' ? bare : main;
  if (r.path === '/') target.push({ index: true, element: r.element });
  else target.push({ path: strip(r.path), element: r.element });
}

const routes: RouteObject[] = [
  {
    element: <RootLayout landing={landing} />,
    children: [
      { element: <MainLayout />, children: main },
      {
        element: <BareLayout />,
        children: [...bare, { path: '404', element: <NotFoundPage /> }, { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

/**
 * Loads the lazy page that the address will show. main.tsx waits for it before the first render when index.html
 * already fetches that page's code (its <link rel="modulepreload">, src/app/route-preloads.ts): the layout and
 * the page then paint together, with no spinner in between.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  await Promise.all((matchRoutes(routes, pathname, basename) ?? []).map((m) => preloadPage(m.route.element)));
}

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The declarative router: the store uses no loaders, actions or fetchers, and the data router
 * (createBrowserRouter) would add 18 kB gzip to the first page (docs/decisions/0800-web-bundle.md).
 */
export function AppRouter() {
  return (
    <BrowserRouter basename={basename}>
      <AppRoutes />
    </BrowserRouter>
  );
}
