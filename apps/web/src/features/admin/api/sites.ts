import type { TPageQuery } from '@store/domain/admin';
import {
  createSite,
  getAdminMedia,
  getSite,
  listSites,
  updateSite,
  updateSiteSettings,
  uploadImage as uploadImageEndpoint,
} from '@store/domain/contract/admin';
import { fillPath } from '@store/domain/contract/endpoint';
import { call } from '../../../lib/api-client';
import { useAdminMutation, useAdminQuery } from './admin-query';

/** Sites, their branding settings and image uploads. */
export const useSites = (query: Partial<TPageQuery>) => useAdminQuery(listSites, { query }, { list: true });
export const useSite = (id: string | number) => useAdminQuery(getSite, { params: { id } });
export const useCreateSite = () => useAdminMutation(createSite);
export const useUpdateSite = (id: number) => useAdminMutation(updateSite, { id });
export const useUpdateSiteSettings = (id: number) => useAdminMutation(updateSiteSettings, { id });

/** Reads a chosen file as a data URL and uploads it; the server decides the type from the bytes. */
export async function uploadImage(file: File) {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
  return (await call(uploadImageEndpoint, { body: { data_url: dataUrl } })).data;
}

/** The address of a stored file for operators (a link opens it with the session cookie). */
export const adminMediaUrl = (id: string) => fillPath(getAdminMedia.path, { id });
