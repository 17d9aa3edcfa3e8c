import * as c from '@store/domain/contract/commissions';
import { useAdminMutation, useAdminQuery } from './admin-query';

/** Commissions in the console (issue 39): schedules, the charge-back setting, a rep's agency, upline and override. */
export const useCommissionSetup = () => useAdminQuery(c.getCommissionSetup, {});
export const useSaveCommissionSchedule = () => useAdminMutation(c.saveCommissionSchedule);
export const useSaveCommissionSettings = () => useAdminMutation(c.saveCommissionSettings);
export const useRepHierarchy = (id: number) => useAdminQuery(c.getRepHierarchy, { params: { id } });
export const useSaveRepHierarchy = (id: number) => useAdminMutation(c.saveRepHierarchy, { id });
