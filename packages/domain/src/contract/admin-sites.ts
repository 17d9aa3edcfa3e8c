import { z } from 'zod';
import { ZPageQuery, page } from '../admin.ts';
import { ZSiteDetail, ZSiteForm, ZSiteSettingsUpdate, ZSiteSummary, ZUploadRequest, ZUploadResponse } from '../admin-sites.ts';
import { endpoint } from './endpoint.ts';
import { ZIdParams } from './params.ts';

/** The console's sites (white-label hosts), their branding settings, image uploads and stored files. */
export const listSites = endpoint({
  method: 'GET',
  path: '/api/admin/sites',
  summary: 'List sites',
  tags: ['admin'],
  query: ZPageQuery,
  response: page(ZSiteSummary),
});
export const createSite = endpoint({
  method: 'POST',
  path: '/api/admin/sites',
  summary: 'Create a site',
  tags: ['admin'],
  body: ZSiteForm,
  response: ZSiteSummary,
});
export const getSite = endpoint({
  method: 'GET',
  path: '/api/admin/sites/:id',
  summary: 'Get a site with its settings',
  tags: ['admin'],
  params: ZIdParams,
  response: ZSiteDetail,
});
export const updateSite = endpoint({
  method: 'PUT',
  path: '/api/admin/sites/:id',
  summary: 'Update a site',
  tags: ['admin'],
  params: ZIdParams,
  body: ZSiteForm,
  response: ZSiteSummary,
});
export const updateSiteSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/sites/:id/settings',
  summary: "Update a site's branding settings",
  tags: ['admin'],
  params: ZIdParams,
  body: ZSiteSettingsUpdate,
  response: ZSiteDetail,
});
export const uploadImage = endpoint({
  method: 'POST',
  path: '/api/admin/uploads',
  summary: 'Upload an image',
  tags: ['admin'],
  body: ZUploadRequest,
  response: ZUploadResponse,
});
/** Any stored file (receipts, signatures, screenshots) for operators: bytes, not the envelope. */
export const getAdminMedia = endpoint({
  method: 'GET',
  path: '/api/admin/media/:id',
  summary: 'Download a stored file',
  tags: ['admin'],
  params: z.object({
    id: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9._:-]+$/),
  }),
});
