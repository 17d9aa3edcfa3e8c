import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 1400 (issue 23). */
export interface CarriersTable {
  id: Generated<number>;
  name: string;
  isa_sender_qualifier: Generated<string>;
  isa_sender_id: string;
  isa_receiver_qualifier: Generated<string>;
  isa_receiver_id: string;
  group_number: string;
  usage_indicator: Generated<'T' | 'P'>;
  delivery_method: Generated<'folder' | 'sftp'>;
  batch_mode: Generated<'per_enrollment' | 'daily'>;
  ack_window_hours: Generated<number>;
  sftp_host: Generated<string>;
  sftp_port: Generated<number>;
  sftp_username: Generated<string>;
  sftp_remote_dir: Generated<string>;
  sftp_host_key: Generated<string>;
  /** The SFTP password or private key, sealed (db/sealed-columns.ts carrierSftpSecretContext). */
  sftp_secret_enc: ColumnType<string | null, string | null | undefined, string | null>;
  /** Days a file is kept after a 999 accepted it or the operator resolved it (migration 2310). */
  file_retention_days: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
export type CarrierFileStatus = 'generated' | 'delivered' | 'accepted' | 'accepted_with_errors' | 'rejected' | 'errored';
export interface CarrierFilesTable {
  id: number;
  carrier_id: number;
  kind: 'enrollment' | 'daily';
  status: Generated<CarrierFileStatus>;
  file_name: string;
  /** The X12 text, sealed (db/sealed-columns.ts carrierFileContext): it carries SSNs. */
  content_enc: string;
  interchange_control_number: number;
  group_control_number: number;
  transaction_count: number;
  ack_errors: ColumnType<unknown, string | undefined, string>;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  acknowledged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When an operator resolved a file no 999 accepted (rejected, never acknowledged, errored), and who (migration 2310). */
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  resolved_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the retention deleted it: text blanked, archive copy removed. */
  purged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
export interface CarrierFileItemsTable {
  id: Generated<number>;
  carrier_id: number;
  enrollment_id: string;
  maintenance: Generated<'021' | '024' | '001'>;
  reason: string | null;
  effective_date: string | null;
  file_id: number | null;
  transaction_control_number: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** An acknowledgment picked up from a carrier's inbound folder (migration 1980): the claim of its content. */
export interface CarrierInboundFilesTable {
  id: Generated<number>;
  carrier_id: number;
  file_name: string;
  sha256: string;
  outcome: 'applied' | 'refused';
  message: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

declare module '../../db/schema.ts' {
  interface Database {
    carrier_inbound_files: CarrierInboundFilesTable;
    carriers: CarriersTable;
    carrier_files: CarrierFilesTable;
    carrier_file_items: CarrierFileItemsTable;
  }
  interface PlansTable {
    carrier_id: ColumnType<number | null, number | null | undefined, number | null>;
  }
}
