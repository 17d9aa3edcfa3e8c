import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import type { FeatureRoute } from '../../lib/feature-route';
import { Spinner } from '../../components/ui/alert';

type Pages = typeof import('./pages-index');
type PageName = Exclude<keyof Pages, 'AdminShell'>;

/** The console's code is not part of the store's bundle: shoppers never download it. */
const AdminPage = lazy(async () => {
  const m = await import('./pages-index');
  return {
    default: function AdminPage({ name }: { name: PageName }) {
      const Page = m[name];
      return (
        <m.AdminShell>
          <Page />
        </m.AdminShell>
      );
    },
  };
});

/**
 * The operator console: its own layout (no store header or footer). Each page is its own route; the console
 * is not served under a landing-name prefix (app/router.tsx).
 */
const page = (path: string, name: PageName): FeatureRoute => ({
  path,
  element: (
    <Suspense fallback={<Spinner />}>
      <AdminPage name={name} />
    </Suspense>
  ),
  layout: 'bare',
  prefixable: false,
});

export const routes: FeatureRoute[] = [
  { path: '/admin', element: <Navigate to="/admin/enrollments" replace />, layout: 'bare', prefixable: false },
  page('/admin/sites', 'SitesPage'),
  page('/admin/sites/:id', 'SitePage'),
  page('/admin/agents', 'AgentsPage'),
  page('/admin/agents/:id', 'AgentPage'),
  page('/admin/groups', 'GroupsPage'),
  page('/admin/groups/:id', 'GroupPage'),
  page('/admin/portals', 'PortalsPage'),
  page('/admin/accounts', 'AccountsPage'),
  page('/admin/plans', 'PlansPage'),
  page('/admin/plans/:id', 'PlanPage'),
  page('/admin/enrollments', 'EnrollmentsPage'),
  page('/admin/enrollments/:id', 'EnrollmentPage'),
  page('/admin/outbox', 'OutboxPage'),
  page('/admin/outbox/:id', 'MailPage'),
  page('/admin/leads', 'LeadsPage'),
  page('/admin/carriers', 'CarriersPage'),
  page('/admin/carriers/:id', 'CarrierPage'),
  page('/admin/carrier-files', 'CarrierFilesPage'),
  page('/admin/carrier-files/:id', 'CarrierFilePage'),
  page('/admin/*', 'AdminNotFound'),
];
