import { getAdminDashboard, settleRefundDue } from '@store/domain/contract/admin-dashboard';
import { useAdminMutation, useAdminQuery } from './admin-query';

/** The console's dashboard (issue 37). */
export const useDashboard = () => useAdminQuery(getAdminDashboard, {});
/** Decision 2871: a refund left to the operator marked settled. */
export const useSettleRefundDue = (id: number) => useAdminMutation(settleRefundDue, { id });
