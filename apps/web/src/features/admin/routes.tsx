import { lazy, Suspense } from 'react';
import type { FeatureRoute } from '../../lib/feature-route';
import { Spinner } from '../../components/ui/alert';

/**
 * The console's code, its page table included (admin-routes.tsx), is not part of the store's bundle: shoppers
 * never download it.
 */
const AdminRoutes = lazy(async () => ({ default: (await import('./admin-routes')).AdminRoutes }));

/**
 * The operator console: its own layout (no store header or footer), every page under /admin; the console is
 * not served under a landing-name prefix (app/router.tsx).
 */
export const routes: FeatureRoute[] = [
  {
    path: '/admin/*',
    element: (
      <Suspense fallback={<Spinner />}>
        <AdminRoutes />
      </Suspense>
    ),
    layout: 'bare',
    prefixable: false,
  },
];
