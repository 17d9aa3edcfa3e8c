import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { preloadPage } from './lazy';
import type { FeatureRoute } from './types';
import { MainLayout, BareLayout, RootLayout } from './layout';
import { NotFoundPage } from '../features/errors/not-found-page';

const modules = import.meta.glob<{ routes: FeatureRoute[] }>('../features/*/routes.tsx', { eager: true });
const all = Object.values(modules).flatMap((m) => m.routes ?? []);

const strip = (p: string) => p.replace(/^\//, '');
const main: RouteObject[] = [];
const bare: RouteObject[] = [];
for (const r of all) {
  const target = r.layout === 'bare' ? bare : main;
  if (r.path === '/') target.push({ index: true, element: r.element });
  else target.push({ path: strip(r.path), element: r.element });
  if ((r.layout ?? 'main') === 'main' && r.prefixable !== false && r.path !== '/' && !r.path.startsWith('/:')) {
    target.push({ path: `:landing/${strip(r.path)}`, element: r.element });
  }
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <MainLayout />, children: main },
      { element: <BareLayout />, children: [...bare, { path: '404', element: <NotFoundPage /> }, { path: '*', element: <NotFoundPage /> }] },
    ],
  },
];

/**
 * Loads the lazy page that the address will show. main.tsx waits for it before the first render when index.html
 * already fetches that page's code (its <link rel="modulepreload">, src/app/route-preloads.ts): the layout and
 * the page then paint together, with no spinner in between.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  await Promise.all((matchRoutes(routes, pathname) ?? []).map((m) => preloadPage(m.route.element)));
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
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
