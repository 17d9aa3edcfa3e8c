import {
  ZGroupOpenEnrollment,
  ZMemberRenewal,
  ZPlanRenewalSetting,
  ZRatePeriod,
  ZRatePeriodCsv,
  ZRatePeriods,
  ZRatePeriodTable,
  ZRepRenewals,
} from '../renewals.ts';
import { ZIdParams } from './params.ts';
import { endpoint } from './endpoint.ts';

/** Renewals and open enrollment (issue 38, decision 2560). */

export const listRatePeriods = endpoint({
  method: 'GET',
  path: '/api/admin/plans/:id/rate-periods',
  summary: "A plan's later rate periods and its renewal setting",
  tags: ['admin'],
  params: ZIdParams,
  response: ZRatePeriods,
});
export const saveRatePeriod = endpoint({
  method: 'PUT',
  path: '/api/admin/plans/:id/rate-periods',
  summary: "Load a plan's rate grid for a later period (its start date)",
  tags: ['admin'],
  params: ZIdParams,
  body: ZRatePeriodTable,
  response: ZRatePeriod,
});
export const importRatePeriodCsv = endpoint({
  method: 'POST',
  path: '/api/admin/plans/:id/rate-periods/csv',
  summary: "Load a plan's rate grid for a later period from CSV",
  tags: ['admin'],
  params: ZIdParams,
  body: ZRatePeriodCsv,
  response: ZRatePeriod,
});
export const setPlanRenewal = endpoint({
  method: 'PUT',
  path: '/api/admin/plans/:id/renewal',
  summary: 'Mark a plan discontinued from a renewal date, with its replacement',
  tags: ['admin'],
  params: ZIdParams,
  body: ZPlanRenewalSetting,
  response: ZRatePeriods,
});
export const getGroupOpenEnrollment = endpoint({
  method: 'GET',
  path: '/api/admin/groups/:id/open-enrollment',
  summary: "A group's open enrollment: active or passive",
  tags: ['admin'],
  params: ZIdParams,
  response: ZGroupOpenEnrollment,
});
export const setGroupOpenEnrollment = endpoint({
  method: 'PUT',
  path: '/api/admin/groups/:id/open-enrollment',
  summary: "Set a group's open enrollment: active or passive",
  tags: ['admin'],
  params: ZIdParams,
  body: ZGroupOpenEnrollment,
  response: ZGroupOpenEnrollment,
});
export const getMemberRenewal = endpoint({
  method: 'GET',
  path: '/api/v1/member-home/renewal',
  summary: "The member's next renewal: the date and the monthly amount from it",
  tags: ['member-home'],
  response: ZMemberRenewal,
});
export const getRepRenewals = endpoint({
  method: 'GET',
  path: '/api/v1/rep-home/renewals',
  summary: "The rep's renewal list: price rises, discontinued plans, failing payments",
  tags: ['rep-home'],
  response: ZRepRenewals,
});
