import { ZLicenseCsv, ZLicenseImport, ZRepLicensing, ZRepLicensingForm } from '../rep-licensing.ts';
import { endpoint } from './endpoint.ts';
import { ZIdParams } from './params.ts';

/** Issue 39: a rep's licenses and appointments in the console, and the license CSV (schemas in ../rep-licensing.ts). */
export * from '../rep-licensing.ts';

export const getRepLicensing = endpoint({
  method: 'GET',
  path: '/api/admin/agents/:id/licensing',
  summary: "Get a rep's licenses and carrier appointments",
  tags: ['admin'],
  params: ZIdParams,
  response: ZRepLicensing,
});
export const saveRepLicensing = endpoint({
  method: 'PUT',
  path: '/api/admin/agents/:id/licensing',
  summary: "Replace a rep's NPN, licenses and carrier appointments",
  tags: ['admin'],
  params: ZIdParams,
  body: ZRepLicensingForm,
  response: ZRepLicensing,
});
export const importRepLicenses = endpoint({
  method: 'POST',
  path: '/api/admin/rep-licenses/import',
  summary: 'Load rep licenses from a CSV (agent_id, state, expires_on)',
  tags: ['admin'],
  body: ZLicenseCsv,
  response: ZLicenseImport,
});
