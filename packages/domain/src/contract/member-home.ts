import { z } from 'zod';
import {
  ZChangeAddressRequest,
  ZChangeBeneficiariesRequest,
  ZIdCardQuery,
  ZChangePaymentRequest,
  ZChangePaymentMethodRequest,
  ZDocumentRef,
  ZMemberHome,
  ZMemberAddress,
  ZPaymentOnFile,
  ZPolicyRef,
} from '../member-home.ts';
import { endpoint } from './endpoint.ts';

/** The signed-in member's home (issue 24): only the member's own data; anyone else is refused. */
export const getMemberHome = endpoint({
  method: 'GET',
  path: '/api/v1/member-home',
  summary: "Get the signed-in member's home",
  tags: ['member-home'],
  response: ZMemberHome,
});

/** The wallet ID card of one of the member's plans, as a PDF. */
export const getMemberIdCard = endpoint({
  method: 'GET',
  path: '/api/v1/member-home/id-card/:policy_id',
  summary: "Download a plan's ID card (PDF)",
  tags: ['member-home'],
  params: ZPolicyRef,
  query: ZIdCardQuery,
});

/** The receipt or the signed application of one of the member's enrollments, as a PDF. */
export const getMemberDocument = endpoint({
  method: 'GET',
  path: '/api/v1/member-home/documents/:enrollment_id/:kind',
  summary: "Download a member's receipt or signed application (PDF)",
  tags: ['member-home'],
  params: ZDocumentRef,
});

export const changeMemberPayment = endpoint({
  method: 'PUT',
  path: '/api/v1/member-home/payment-method',
  summary: "Change the member's payment method",
  tags: ['member-home'],
  body: ZChangePaymentRequest,
  response: ZPaymentOnFile,
});

/** A card from Stripe's Payment Element (its PaymentMethod id; PAYMENT_PROVIDER=stripe, decision 2670). */
export const changeMemberPaymentMethod = endpoint({
  method: 'PUT',
  path: '/api/v1/member-home/payment-method/payment-element',
  summary: "Change the member's card to one from Stripe's Payment Element",
  tags: ['member-home'],
  body: ZChangePaymentMethodRequest,
  response: ZPaymentOnFile,
});

export const changeMemberBeneficiaries = endpoint({
  method: 'PUT',
  path: '/api/v1/member-home/beneficiaries',
  summary: "Change the member's beneficiaries",
  tags: ['member-home'],
  body: ZChangeBeneficiariesRequest,
  response: z.object({ carrier_files: z.number().int() }),
});

/** A new address for the member (the 834 subscriber's N3/N4): every completed enrollment, told to its carriers by an 834 change. */
export const changeMemberAddress = endpoint({
  method: 'PUT',
  path: '/api/v1/member-home/address',
  summary: "Change the member's address",
  tags: ['member-home'],
  body: ZChangeAddressRequest,
  response: z.object({ address: ZMemberAddress, carrier_files: z.number().int() }),
});
