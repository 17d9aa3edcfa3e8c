import { z } from 'zod';
import { CARRIER_FILE_STATUSES } from './codes.ts';

/**
 * Issue 23: the carriers and their X12 834 files, the schemas shared by the console's forms and the server's routes
 * (contract/carriers.ts re-exports them; the web imports them from here).
 */
export const ZCarrierFileStatus = z.enum(CARRIER_FILE_STATUSES);

/** A carrier's error, in words, with its code and the transaction set (ST02) and segment it names. */
export const ZCarrierError = z.object({
  code: z.string(),
  text: z.string(),
  transaction: z.string().optional(),
  segment: z.string().optional(),
});
export type TCarrierError = z.infer<typeof ZCarrierError>;

export const DELIVERY_METHODS = ['folder', 'sftp'] as const;
export const BATCH_MODES = ['per_enrollment', 'daily'] as const;
export const USAGE_INDICATORS = ['T', 'P'] as const;
/** When a carrier gets its 820 of premium: each billing day, or on each month's first day. */
export const REMITTANCE_SCHEDULES = ['daily', 'monthly'] as const;
/** ISA05/ISA07 interchange id qualifiers of 005010. */
export const ISA_QUALIFIERS = ['01', '14', '20', '27', '28', '29', '30', '33', 'ZZ'] as const;

export const CARRIER_TEXTS = {
  NAME: 'Give the carrier a name (up to 80 characters)',
  QUALIFIER: 'Choose an interchange id qualifier',
  ISA_ID: 'Give an interchange id of 1 to 15 letters, digits, spaces, dots or dashes',
  GROUP_NUMBER: 'Give the group or policy number (letters, digits, spaces, dots or dashes, up to 50)',
  ACK_WINDOW: 'Give the acknowledgment window in whole hours, from 1 to 720',
  CONFIRMATION_WINDOW: 'Give the confirmation window in whole days, from 1 to 120',
  SFTP_HOST: 'Give the SFTP host name',
  SFTP_PORT: 'Give the SFTP port (1 to 65535)',
  SFTP_USERNAME: 'Give the SFTP user name',
  SFTP_REMOTE_DIR: 'Give the remote folder as an absolute path, such as /inbound/834',
  SFTP_SECRET: 'Give the SFTP password or private key',
  SFTP_SECRET_AGAIN: 'The host or port changed: give the SFTP password or private key again',
  SFTP_HOST_KEY: "Give the server's host key fingerprint as SHA256:…",
  SFTP_HOST_PRIVATE: 'This host is a private, loopback or link-local address; give the carrier’s public SFTP host',
  NAME_TAKEN: 'Another carrier has this name',
  FILE_RETENTION: 'Give the days a file is kept after its acknowledgment, from 1 to 3650',
  FILE_PURGED: 'This file was deleted after its retention; its status and acknowledgment stay',
  FEDERAL_TAX_ID: 'Give the carrier’s federal tax id: nine digits (12-3456789)',
  FILE_NOT_RESOLVABLE: 'Only a file that was rejected, never acknowledged or not sent can be resolved, once',
  MEMBER_PHONE: 'Give a 10-digit phone number, or leave it empty',
  PAYER_ID: 'Give the payer id in letters, digits and hyphens (at most 20), or leave it empty',
  CLAIMS_ADDRESS: 'Give the claims address in at most 300 characters, or leave it empty',
  LOGO: 'Give an image address starting with /media/ or https://, or leave it empty',
  NOT_DELIVERED: "The carrier's SFTP server has not taken this file after several tries; the store keeps trying",
} as const;

/** Days a carrier's file is kept after a 999 accepted it or an operator resolved it, unless the operator sets another. */
export const DEFAULT_FILE_RETENTION_DAYS = 30;
/** Issue 39: days a carrier has to confirm a plan after its first premium was collected (decision 2630). */
export const DEFAULT_CONFIRMATION_WINDOW_DAYS = 10;

const x12Text = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, message)
    .regex(/^[A-Za-z0-9 .-]+$/, message);
const optionalText = (max: number, message: string) => z.string({ error: message }).trim().max(max, message).default('');

/**
 * A carrier's settings as the console saves them. The SFTP password and private key are write-only: empty keeps the
 * one stored (they are sealed at rest), and SFTP needs host, user, folder and a secret.
 */
export const ZCarrierForm = z
  .object({
    name: z.string({ error: CARRIER_TEXTS.NAME }).trim().min(1, CARRIER_TEXTS.NAME).max(80, CARRIER_TEXTS.NAME),
    isa_sender_qualifier: z.enum(ISA_QUALIFIERS, { error: CARRIER_TEXTS.QUALIFIER }),
    isa_sender_id: x12Text(15, CARRIER_TEXTS.ISA_ID),
    isa_receiver_qualifier: z.enum(ISA_QUALIFIERS, { error: CARRIER_TEXTS.QUALIFIER }),
    isa_receiver_id: x12Text(15, CARRIER_TEXTS.ISA_ID),
    group_number: x12Text(50, CARRIER_TEXTS.GROUP_NUMBER),
    /** The 834's N1*IN*…*FI: nine digits, typed with or without its dash; empty until the carrier gives it. */
    federal_tax_id: z
      .string({ error: CARRIER_TEXTS.FEDERAL_TAX_ID })
      .trim()
      .transform((v) => v.replace(/[-\s]/g, ''))
      .refine((v) => v === '' || /^\d{9}$/.test(v), CARRIER_TEXTS.FEDERAL_TAX_ID)
      .default(''),
    usage_indicator: z.enum(USAGE_INDICATORS),
    delivery_method: z.enum(DELIVERY_METHODS),
    batch_mode: z.enum(BATCH_MODES),
    remittance_schedule: z.enum(REMITTANCE_SCHEDULES).default('daily'),
    ack_window_hours: z.coerce
      .number({ error: CARRIER_TEXTS.ACK_WINDOW })
      .int(CARRIER_TEXTS.ACK_WINDOW)
      .min(1, CARRIER_TEXTS.ACK_WINDOW)
      .max(720, CARRIER_TEXTS.ACK_WINDOW),
    /** Issue 39: days after the first premium collected within which the carrier confirms a plan (decision 2630). */
    confirmation_window_days: z.coerce
      .number({ error: CARRIER_TEXTS.CONFIRMATION_WINDOW })
      .int(CARRIER_TEXTS.CONFIRMATION_WINDOW)
      .min(1, CARRIER_TEXTS.CONFIRMATION_WINDOW)
      .max(120, CARRIER_TEXTS.CONFIRMATION_WINDOW)
      .default(DEFAULT_CONFIRMATION_WINDOW_DAYS),
    file_retention_days: z.coerce
      .number({ error: CARRIER_TEXTS.FILE_RETENTION })
      .int(CARRIER_TEXTS.FILE_RETENTION)
      .min(1, CARRIER_TEXTS.FILE_RETENTION)
      .max(3650, CARRIER_TEXTS.FILE_RETENTION)
      .default(DEFAULT_FILE_RETENTION_DAYS),
    sftp_host: optionalText(253, CARRIER_TEXTS.SFTP_HOST).refine((v) => v === '' || /^[A-Za-z0-9.-]+$/.test(v), CARRIER_TEXTS.SFTP_HOST),
    sftp_port: z.coerce
      .number({ error: CARRIER_TEXTS.SFTP_PORT })
      .int(CARRIER_TEXTS.SFTP_PORT)
      .min(1, CARRIER_TEXTS.SFTP_PORT)
      .max(65535, CARRIER_TEXTS.SFTP_PORT)
      .default(22),
    sftp_username: optionalText(100, CARRIER_TEXTS.SFTP_USERNAME),
    sftp_remote_dir: optionalText(300, CARRIER_TEXTS.SFTP_REMOTE_DIR).refine(
      (v) => v === '' || (/^\/[^\0]*$/.test(v) && !v.split('/').includes('..')),
      CARRIER_TEXTS.SFTP_REMOTE_DIR,
    ),
    sftp_host_key: optionalText(100, CARRIER_TEXTS.SFTP_HOST_KEY).refine(
      (v) => v === '' || /^SHA256:[A-Za-z0-9+/=]{43,44}$/.test(v),
      CARRIER_TEXTS.SFTP_HOST_KEY,
    ),
    // What the member's ID card shows of the carrier (issue 37); empty leaves the line out.
    member_phone: optionalText(14, CARRIER_TEXTS.MEMBER_PHONE)
      .transform((v) => v.replace(/\D/g, ''))
      .refine((v) => v === '' || v.length === 10, CARRIER_TEXTS.MEMBER_PHONE),
    payer_id: optionalText(20, CARRIER_TEXTS.PAYER_ID).refine((v) => v === '' || /^[A-Za-z0-9-]+$/.test(v), CARRIER_TEXTS.PAYER_ID),
    claims_address: optionalText(300, CARRIER_TEXTS.CLAIMS_ADDRESS),
    logo: optionalText(500, CARRIER_TEXTS.LOGO).refine((v) => v === '' || /^(\/media\/|https:\/\/)\S+$/.test(v), CARRIER_TEXTS.LOGO),
    sftp_password: z.string().max(200, CARRIER_TEXTS.SFTP_SECRET).default(''),
    sftp_private_key: z.string().max(20_000, CARRIER_TEXTS.SFTP_SECRET).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.delivery_method !== 'sftp') return;
    if (!v.sftp_host) ctx.addIssue({ code: 'custom', path: ['sftp_host'], message: CARRIER_TEXTS.SFTP_HOST });
    if (!v.sftp_username) ctx.addIssue({ code: 'custom', path: ['sftp_username'], message: CARRIER_TEXTS.SFTP_USERNAME });
    if (!v.sftp_remote_dir) ctx.addIssue({ code: 'custom', path: ['sftp_remote_dir'], message: CARRIER_TEXTS.SFTP_REMOTE_DIR });
    // Without the fingerprint any server answering at the host would get the secret and the files (issue 34).
    if (!v.sftp_host_key) ctx.addIssue({ code: 'custom', path: ['sftp_host_key'], message: CARRIER_TEXTS.SFTP_HOST_KEY });
  });
export type TCarrierFormIn = z.input<typeof ZCarrierForm>;
export type TCarrierFormOut = z.output<typeof ZCarrierForm>;

/**
 * A new carrier (decision 2640, amended): its settings and whether it appoints every current rep (every active rep or
 * agency, the house agency included) as it is created, so its plans are offered at once. On by default.
 */
export const ZNewCarrierForm = ZCarrierForm.safeExtend({ appoint_all_reps: z.boolean().default(true) });
export type TNewCarrierFormIn = z.input<typeof ZNewCarrierForm>;
export type TNewCarrierFormOut = z.output<typeof ZNewCarrierForm>;

export const ZCarrier = z.object({
  id: z.number(),
  name: z.string(),
  isa_sender_qualifier: z.string(),
  isa_sender_id: z.string(),
  isa_receiver_qualifier: z.string(),
  isa_receiver_id: z.string(),
  group_number: z.string(),
  federal_tax_id: z.string(),
  usage_indicator: z.enum(USAGE_INDICATORS),
  delivery_method: z.enum(DELIVERY_METHODS),
  batch_mode: z.enum(BATCH_MODES),
  remittance_schedule: z.enum(REMITTANCE_SCHEDULES),
  ack_window_hours: z.number(),
  confirmation_window_days: z.number().default(10),
  file_retention_days: z.number(),
  sftp_host: z.string(),
  sftp_port: z.number(),
  sftp_username: z.string(),
  sftp_remote_dir: z.string(),
  sftp_host_key: z.string(),
  /** Whether an SFTP password or key is stored (never the secret itself). */
  sftp_secret_set: z.boolean(),
  member_phone: z.string(),
  payer_id: z.string(),
  claims_address: z.string(),
  logo: z.string(),
  plan_count: z.number(),
});
export type TCarrier = z.infer<typeof ZCarrier>;

export const ZCarrierFileRow = z.object({
  id: z.number(),
  carrier: z.string(),
  kind: z.enum(['enrollment', 'daily', 'remittance']),
  status: ZCarrierFileStatus,
  file_name: z.string(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  /** When an operator resolved a file no 999 accepted (its retention then starts). */
  resolved_at: z.string().nullable(),
  /** When the retention deleted the file (its text is gone). */
  purged_at: z.string().nullable(),
  /** Delivered and not acknowledged within the carrier's window. */
  overdue: z.boolean(),
  confirmation_numbers: z.array(z.string()),
  errors: z.array(ZCarrierError),
});
export type TCarrierFileRow = z.infer<typeof ZCarrierFileRow>;

/** One enrollment's entries in the carriers' files: the maintenance (021 add, 024 cancel, 001 change) and the file's state. */
export const ZEnrollmentCarrierFile = z.object({
  file_id: z.number().nullable(),
  file_name: z.string().nullable(),
  carrier: z.string(),
  maintenance: z.enum(['021', '024', '001']),
  transaction: z.string().nullable(),
  /** null while a daily carrier's batch is still to come. */
  status: ZCarrierFileStatus.nullable(),
  overdue: z.boolean(),
  created_at: z.string(),
  /** The carrier's errors on this enrollment's transaction set (and those on the whole file). */
  errors: z.array(ZCarrierError),
});
export type TEnrollmentCarrierFile = z.infer<typeof ZEnrollmentCarrierFile>;

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

/** Operator's "Cancel enrollment": a reason and the last day of coverage (YYYY-MM-DD); the carriers get an 834 with INS03 024. */
export const CANCEL_REASON_REQUIRED = 'Give the reason for the cancellation';
export const CANCEL_DATE_INVALID = 'Give the last day of coverage as YYYY-MM-DD';
export const CANCEL_BEFORE_COVERAGE = 'The last day of coverage cannot be before the coverage began';
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
export type TCancelEnrollmentRequest = z.infer<typeof ZCancelEnrollmentRequest>;
