import { Navigate } from 'react-router';
import type { ReactNode } from 'react';
import type { FeatureRoute } from '../../app/types';
import { AdminNotFound, AdminShell } from './admin-app';
import { SitesPage, SitePage } from './pages/sites-page';
import { AgentsPage, AgentPage } from './pages/agents-page';
import { GroupsPage, GroupPage } from './pages/groups-page';
import { PortalsPage, AccountsPage } from './pages/portals-accounts-page';
import { PlansPage, PlanPage } from './pages/plans-page';
import { EnrollmentsPage, EnrollmentPage } from './pages/enrollments-page';
import { OutboxPage, MailPage } from './pages/outbox-page';

/**
 * The operator console: its own layout (no store header or footer). Each page is its own route so that
 * the static '/admin/…' paths outrank the store's landing-prefixed routes (/:landing/plans …).
 */
const page = (path: string, element: ReactNode): FeatureRoute => ({ path, element: <AdminShell>{element}</AdminShell>, layout: 'bare', prefixable: false });

export const routes: FeatureRoute[] = [
  page('/admin', <Navigate to="/admin/enrollments" replace />),
  page('/admin/sites', <SitesPage />),
  page('/admin/sites/:id', <SitePage />),
  page('/admin/agents', <AgentsPage />),
  page('/admin/agents/:id', <AgentPage />),
  page('/admin/groups', <GroupsPage />),
  page('/admin/groups/:id', <GroupPage />),
  page('/admin/portals', <PortalsPage />),
  page('/admin/accounts', <AccountsPage />),
  page('/admin/plans', <PlansPage />),
  page('/admin/plans/:id', <PlanPage />),
  page('/admin/enrollments', <EnrollmentsPage />),
  page('/admin/enrollments/:id', <EnrollmentPage />),
  page('/admin/outbox', <OutboxPage />),
  page('/admin/outbox/:id', <MailPage />),
  page('/admin/*', <AdminNotFound />),
];
