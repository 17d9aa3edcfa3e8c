/** The carriers' front door (decision 2360): the 834 files queued by the completion and by the member home's changes. */
export { queueCarrierFiles } from './service.ts';
export { queueChangeFiles } from './change-834.ts';
export { isoDate, MEMBER_CANCEL_REASON, NONPAYMENT_REASON } from './enrollment-834.ts';
export { remitPremiums, type RemittanceFigures } from './remittance.ts';
