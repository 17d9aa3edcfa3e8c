/** The carriers' front door (decision 2360): the 834 files queued by the completion and by the member home's changes. */
export { queueCarrierFiles } from './service.ts';
export { queueChangeFiles, queueFamilyChangeFiles, queuePlanMoveFiles } from './change-834.ts';
export {
  isoDate,
  lifeEventReason,
  MEMBER_CANCEL_REASON,
  NONPAYMENT_REASON,
  RENEWAL_END_REASON,
  type StoredDependent,
} from './enrollment-834.ts';
export { remitPremiums, type RemittanceFigures } from './remittance.ts';
// The SFTP adapter, also the bank's delivery of NACHA files (modules/billing ach-delivery.ts).
export { sftpDelivery, type SftpSettings } from './sftp-delivery.ts';
export { deliveryRetryMs } from './service.ts';
