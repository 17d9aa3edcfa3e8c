import { useRoutes } from 'react-router';
import * as pages from './pages-index';

type PageName = Exclude<keyof typeof pages, 'AdminShell'>;

/** The console's pages under /admin (relative paths), each in the console's shell. */
const PAGES: [path: string, name: PageName][] = [
  ['', 'DashboardPage'],
  ['sites', 'SitesPage'],
  ['sites/:id', 'SitePage'],
  ['agents', 'AgentsPage'],
  ['agents/:id', 'AgentPage'],
  ['groups', 'GroupsPage'],
  ['groups/:id', 'GroupPage'],
  ['portals', 'PortalsPage'],
  ['accounts', 'AccountsPage'],
  ['plans', 'PlansPage'],
  ['plans/:id', 'PlanPage'],
  ['enrollments', 'EnrollmentsPage'],
  ['enrollments/:id', 'EnrollmentPage'],
  ['outbox', 'OutboxPage'],
  ['outbox/:id', 'MailPage'],
  ['leads', 'LeadsPage'],
  ['carriers', 'CarriersPage'],
  ['carriers/new', 'NewCarrierPage'],
  ['carriers/:id', 'CarrierPage'],
  ['carrier-files', 'CarrierFilesPage'],
  ['carrier-files/:id', 'CarrierFilePage'],
  ['ledger', 'LedgerPage'],
  ['ach-files', 'AchFilesPage'],
  ['invoices', 'InvoicesPage'],
  ['commissions', 'CommissionsPage'],
  ['life-events', 'LifeEventSettingsPage'],
  ['*', 'AdminNotFound'],
];

const routes = PAGES.map(([path, name]) => {
  const Page = pages[name];
  return {
    path,
    element: (
      <pages.AdminShell>
        <Page />
      </pages.AdminShell>
    ),
  };
});

/**
 * The console's own route table: it comes with the console's chunk, so the first page's script names only
 * /admin/* (routes.tsx; docs/decisions/0800-web-bundle.md).
 */
export function AdminRoutes() {
  return useRoutes(routes);
}
