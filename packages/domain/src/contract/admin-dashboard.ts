import { ZDashboard } from '../admin-dashboard.ts';
import { ZRefundDueSettled, ZRefundDueSettleIn } from '../refunds-due.ts';
import { endpoint } from './endpoint.ts';
import { ZIdParams } from './params.ts';

/** The console's dashboard (issue 37): today's enrollments and what needs the operator. */
export const getAdminDashboard = endpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  summary: "The console's dashboard: today's enrollments and what needs the operator",
  tags: ['admin'],
  response: ZDashboard,
});

/** Decision 2871: a refund left to the operator, refunded by hand, marked settled (once) with a note. */
export const settleRefundDue = endpoint({
  method: 'POST',
  path: '/api/admin/refunds-due/:id/settle',
  summary: 'Mark a refund left to the operator settled',
  tags: ['admin'],
  params: ZIdParams,
  body: ZRefundDueSettleIn,
  response: ZRefundDueSettled,
});
