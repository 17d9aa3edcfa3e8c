import { z } from 'zod';
import { page } from '../admin.ts';
import { CARRIER_FILE_STATUSES } from '../codes.ts';
import { endpoint } from './endpoint.ts';

/** Issue 23: the carriers and the X12 834 files sent to them (operator console, operators only). */
export const ZCarrierFileStatus = z.enum(CARRIER_FILE_STATUSES);

/** A carrier's error, in words, with its code and the transaction set (ST02) and segment it names. */
export const ZCarrierError = z.object({
  code: z.string(),
  text: z.string(),
  transaction: z.string().optional(),
  segment: z.string().optional(),
});

export const ZCarrier = z.object({
  id: z.number(),
  name: z.string(),
  isa_sender_qualifier: z.string(),
  isa_sender_id: z.string(),
  isa_receiver_qualifier: z.string(),
  isa_receiver_id: z.string(),
  group_number: z.string(),
  usage_indicator: z.enum(['T', 'P']),
  delivery_method: z.enum(['folder']),
  batch_mode: z.enum(['per_enrollment', 'daily']),
  ack_window_hours: z.number(),
  plan_count: z.number(),
});
export type TCarrier = z.infer<typeof ZCarrier>;

export const ZCarrierFileRow = z.object({
  id: z.number(),
  carrier: z.string(),
  kind: z.enum(['enrollment', 'daily']),
  status: ZCarrierFileStatus,
  file_name: z.string(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  /** Delivered and not acknowledged within the carrier's window. */
  overdue: z.boolean(),
  confirmation_numbers: z.array(z.string()),
  errors: z.array(ZCarrierError),
});
export type TCarrierFileRow = z.infer<typeof ZCarrierFileRow>;

export const ZCarrierFileSearch = z.object({
  status: ZCarrierFileStatus.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const ACK_LIMIT = 1_000_000;
export const ZAcknowledgmentUpload = z.object({
  content: z
    .string({ error: 'Paste the 999 or TA1 text' })
    .trim()
    .min(1, 'Paste the 999 or TA1 text')
    .max(ACK_LIMIT, 'The acknowledgment is too long'),
});

export const listCarriers = endpoint({
  method: 'GET',
  path: '/api/admin/carriers',
  tags: ['admin'],
  response: z.object({ items: z.array(ZCarrier) }),
});

export const listCarrierFiles = endpoint({
  method: 'GET',
  path: '/api/admin/carrier-files',
  tags: ['admin'],
  query: ZCarrierFileSearch,
  response: page(ZCarrierFileRow),
});

/** The X12 text itself (text/plain); viewing writes an audit row. */
export const getCarrierFile = endpoint({
  method: 'GET',
  path: '/api/admin/carrier-files/:id',
  tags: ['admin'],
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
});

export const uploadAcknowledgment = endpoint({
  method: 'POST',
  path: '/api/admin/carrier-files/acknowledgments',
  tags: ['admin'],
  body: ZAcknowledgmentUpload,
  response: z.object({ files: z.array(z.object({ id: z.number(), status: ZCarrierFileStatus, errors: z.array(ZCarrierError) })) }),
});

/** Operator's "Cancel enrollment": a reason and the last day of coverage (YYYY-MM-DD); the carriers get an 834 with INS03 024. */
export const CANCEL_REASON_REQUIRED = 'Give the reason for the cancellation';
export const CANCEL_DATE_INVALID = 'Give the last day of coverage as YYYY-MM-DD';
export const ZCancelEnrollmentRequest = z.object({
  reason: z.string({ error: CANCEL_REASON_REQUIRED }).trim().min(1, CANCEL_REASON_REQUIRED).max(200, CANCEL_REASON_REQUIRED),
  date: z
    .string({ error: CANCEL_DATE_INVALID })
    .regex(/^\d{4}-\d{2}-\d{2}$/, CANCEL_DATE_INVALID)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      CANCEL_DATE_INVALID,
    ),
});

export const cancelEnrollment = endpoint({
  method: 'POST',
  path: '/api/admin/enrollments/:id/cancel',
  tags: ['admin'],
  params: z.object({
    id: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9-]+$/),
  }),
  body: ZCancelEnrollmentRequest,
  response: z.object({ enrollment_id: z.string(), carrier_files: z.number() }),
});
