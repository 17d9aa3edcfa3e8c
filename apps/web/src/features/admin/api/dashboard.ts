import { getAdminDashboard } from '@store/domain/contract/admin-dashboard';
import { useAdminQuery } from './admin-query';

/** The console's dashboard (issue 37). */
export const useDashboard = () => useAdminQuery(getAdminDashboard, {});
