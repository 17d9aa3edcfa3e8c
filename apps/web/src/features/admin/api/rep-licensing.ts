import * as c from '@store/domain/contract/rep-licensing';
import { useAdminMutation, useAdminQuery } from './admin-query';

/** A rep's NPN, licenses and carrier appointments, and the license CSV (issue 39). */
export const useRepLicensing = (id: number) => useAdminQuery(c.getRepLicensing, { params: { id } });
export const useSaveRepLicensing = (id: number) => useAdminMutation(c.saveRepLicensing, { id });
export const useImportRepLicenses = () => useAdminMutation(c.importRepLicenses);
