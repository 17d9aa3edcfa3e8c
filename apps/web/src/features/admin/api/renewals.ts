import * as c from '@store/domain/contract/renewals';
import { useAdminMutation, useAdminQuery } from './admin-query';

/** Renewals (issue 38): a plan's later rate periods, its discontinuation, and a group's open enrollment. */
export const useRatePeriods = (planId: number) => useAdminQuery(c.listRatePeriods, { params: { id: planId } });
export const useImportRatePeriodCsv = (planId: number) => useAdminMutation(c.importRatePeriodCsv, { id: planId });
export const useSetPlanRenewal = (planId: number) => useAdminMutation(c.setPlanRenewal, { id: planId });
export const useGroupOpenEnrollment = (groupId: number) => useAdminQuery(c.getGroupOpenEnrollment, { params: { id: groupId } });
export const useSetGroupOpenEnrollment = (groupId: number) => useAdminMutation(c.setGroupOpenEnrollment, { id: groupId });
