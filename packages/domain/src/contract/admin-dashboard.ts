import { ZDashboard } from '../admin-dashboard.ts';
import { endpoint } from './endpoint.ts';

/** The console's dashboard (issue 37): today's enrollments and what needs the operator. */
export const getAdminDashboard = endpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  summary: "The console's dashboard: today's enrollments and what needs the operator",
  tags: ['admin'],
  response: ZDashboard,
});
