import { z } from 'zod';
import { ZAcceptAuthorizationRequest, ZAuthorization, ZEnrollmentRef, ZEsignConsentRequest, ZVerifyResult } from '../consent.ts';
import { endpoint } from './endpoint.ts';

/** Proof of consent (issue 22): ESIGN consent, payment authorization, the signed application and its verification. */
export const giveEsignConsent = endpoint({
  method: 'POST',
  path: '/api/v1/give-esign-consent',
  tags: ['consent'],
  body: ZEsignConsentRequest,
  response: z.object({ result: z.boolean() }),
});

export const getEsignConsent = endpoint({
  method: 'GET',
  path: '/api/v1/get-esign-consent',
  tags: ['consent'],
  query: ZEnrollmentRef,
  response: z.object({ agreed: z.boolean(), version: z.string() }),
});

export const getPaymentAuthorization = endpoint({
  method: 'GET',
  path: '/api/v1/get-payment-authorization',
  tags: ['consent'],
  query: ZEnrollmentRef,
  response: ZAuthorization,
});

export const acceptPaymentAuthorization = endpoint({
  method: 'POST',
  path: '/api/v1/accept-payment-authorization',
  tags: ['consent'],
  body: ZAcceptAuthorizationRequest,
  response: z.object({ result: z.boolean() }),
});

/** The signed application PDF of a completed enrollment (its owner: the browser, the rep or group that enrolled). */
export const getSignedApplication = endpoint({
  method: 'GET',
  path: '/api/v1/get-signed-application',
  tags: ['consent'],
  query: ZEnrollmentRef,
});

/** The console's copy of the signed application (operator). */
export const adminSignedApplication = endpoint({
  method: 'GET',
  path: '/api/admin/enrollments/:id/signed-application',
  tags: ['admin'],
  params: z.object({ id: z.string().min(1).max(64) }),
});

/** Anyone: the PDF's bytes as the body (Content-Type: application/pdf). */
export const verifyDocument = endpoint({
  method: 'POST',
  path: '/api/v1/verify-document',
  tags: ['consent'],
  crossSite: true,
  summary: 'Whether a PDF is a signed application the store issued, unchanged',
  response: ZVerifyResult,
});
