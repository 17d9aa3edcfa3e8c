import { z } from 'zod';
import { page } from '../admin.ts';
import {
  ZAcknowledgmentUpload,
  ZCancelEnrollmentRequest,
  ZCarrier,
  ZCarrierError,
  ZCarrierFileRow,
  ZCarrierFileSearch,
  ZCarrierFileStatus,
  ZCarrierForm,
  ZEnrollmentCarrierFile,
  ZNewCarrierForm,
} from '../carriers.ts';
import { endpoint } from './endpoint.ts';

/**
 * Issue 23: the carriers and the X12 834 files sent to them (operator console, operators only). The schemas live in
 * ../carriers.ts (the web imports them from there); they are re-exported here for the server.
 */
export * from '../carriers.ts';

const ZCarrierParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const ZEnrollmentParams = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
});

export const listCarriers = endpoint({
  method: 'GET',
  path: '/api/admin/carriers',
  summary: 'List carriers and their delivery settings',
  tags: ['admin'],
  response: z.object({ items: z.array(ZCarrier) }),
});

/** A carrier's settings (422 with field errors; the SFTP secret is sealed at rest and never answered). */
export const saveCarrier = endpoint({
  method: 'PUT',
  path: '/api/admin/carriers/:id',
  summary: "Save a carrier's delivery settings",
  tags: ['admin'],
  params: ZCarrierParams,
  body: ZCarrierForm,
  response: ZCarrier,
});

/** A new carrier (422 with field errors); it appoints every current rep unless `appoint_all_reps` is false (decision 2640). */
export const createCarrier = endpoint({
  method: 'POST',
  path: '/api/admin/carriers',
  summary: 'Create a carrier',
  tags: ['admin'],
  body: ZNewCarrierForm,
  response: ZCarrier,
});

export const listCarrierFiles = endpoint({
  method: 'GET',
  path: '/api/admin/carrier-files',
  summary: 'List carrier files',
  tags: ['admin'],
  query: ZCarrierFileSearch,
  response: page(ZCarrierFileRow),
});

/** The X12 text itself (text/plain); viewing writes an audit row. */
export const getCarrierFile = endpoint({
  method: 'GET',
  path: '/api/admin/carrier-files/:id',
  summary: "View a carrier file's X12 text",
  tags: ['admin'],
  params: ZCarrierParams,
});

/** The 834 as a file to save (application/edi-x12): a fresh second factor; downloading writes an audit row (issue 34). */
export const downloadCarrierFile = endpoint({
  method: 'GET',
  path: '/api/admin/carrier-files/:id/download',
  summary: 'Download a carrier file (X12 834)',
  tags: ['admin'],
  params: ZCarrierParams,
});

/** An operator resolves a file no 999 accepted (rejected, never acknowledged, not sent): audited; its retention starts. */
export const resolveCarrierFile = endpoint({
  method: 'POST',
  path: '/api/admin/carrier-files/:id/resolve',
  summary: 'Resolve a carrier file no acknowledgment accepted',
  tags: ['admin'],
  params: ZCarrierParams,
  response: z.object({ id: z.number(), resolved_at: z.string() }),
});

export const uploadAcknowledgment = endpoint({
  method: 'POST',
  path: '/api/admin/carrier-files/acknowledgments',
  summary: 'Upload a carrier acknowledgment (X12 999)',
  tags: ['admin'],
  body: ZAcknowledgmentUpload,
  response: z.object({ files: z.array(z.object({ id: z.number(), status: ZCarrierFileStatus, errors: z.array(ZCarrierError) })) }),
});

/** One enrollment's entries in the carriers' files, with each file's status and the carrier's errors in words. */
export const listEnrollmentCarrierFiles = endpoint({
  method: 'GET',
  path: '/api/admin/enrollments/:id/carrier-files',
  summary: "List an enrollment's entries in carrier files",
  tags: ['admin'],
  params: ZEnrollmentParams,
  response: z.object({ items: z.array(ZEnrollmentCarrierFile) }),
});

/** Operator's "Cancel enrollment": a reason and the last day of coverage; the carriers get an 834 with INS03 024. */
export const cancelEnrollment = endpoint({
  method: 'POST',
  path: '/api/admin/enrollments/:id/cancel',
  summary: 'Cancel an enrollment and tell its carriers',
  tags: ['admin'],
  params: ZEnrollmentParams,
  body: ZCancelEnrollmentRequest,
  response: z.object({ enrollment_id: z.string(), carrier_files: z.number() }),
});
