/** Everything of the operator console, loaded as its own chunk the first time an /admin page opens. */
export { AdminShell, AdminNotFound } from './admin-app';
export { DashboardPage } from './pages/dashboard-page';
export { SitesPage, SitePage } from './pages/sites-page';
export { AgentsPage, AgentPage } from './pages/agents-page';
export { GroupsPage, GroupPage } from './pages/groups-page';
export { PortalsPage, AccountsPage } from './pages/portals-accounts-page';
export { PlansPage, PlanPage } from './pages/plans-page';
export { EnrollmentsPage, EnrollmentPage } from './pages/enrollments-page';
export { OutboxPage, MailPage } from './pages/outbox-page';
export { LeadsPage } from './pages/leads-page';
export { CarriersPage } from './pages/carriers-page';
export { CarrierPage, NewCarrierPage } from './pages/carrier-page';
export { CarrierFilesPage, CarrierFilePage } from './pages/carrier-files-page';
export { LedgerPage } from './pages/ledger-page';
export { InvoicesPage } from './pages/invoices-page';
export { CommissionsPage } from './pages/commissions-page';
export { AchFilesPage } from './pages/ach-files-page';
export { LifeEventSettingsPage } from './pages/life-event-settings-page';
