import type { TCarrierFileStatus } from '@store/domain/codes';

/** The words of a carrier file's status (the files page and each enrollment's carrier files). */
export const FILE_STATUS_LABELS: Record<TCarrierFileStatus, string> = {
  generated: 'Generated',
  delivered: 'Delivered',
  accepted: 'Accepted',
  accepted_with_errors: 'Accepted with errors',
  rejected: 'Rejected',
  errored: 'Not sent: could not be built',
};

/** The maintenance of an enrollment's entry (INS03). */
export const MAINTENANCE_LABELS: Record<string, string> = { '021': 'Addition', '024': 'Cancellation', '001': 'Change' };
