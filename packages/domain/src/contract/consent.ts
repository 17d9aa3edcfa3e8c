import { z } from 'zod';
import { ZAcceptAuthorizationRequest, ZAuthorization, ZEnrollmentRef, ZEsignConsentRequest, ZVerifyResult } from '../consent.ts';
import { endpoint } from './endpoint.ts';

/** Proof of consent (issue 22): ESIGN consent, payment authorization, the signed application and its verification. */
export const giveEsignConsent = endpoint({
  method: 'POST',
  path: '/api/v1/give-esign-consent',
  summary: 'Give ESIGN consent',
  tags: ['consent'],
  body: ZEsignConsentRequest,
  response: z.object({ result: z.boolean() }),
});

export const getEsignConsent = endpoint({
  method: 'GET',
  path: '/api/v1/get-esign-consent',
  summary: 'Get the ESIGN consent text and whether it was given',
  tags: ['consent'],
  query: ZEnrollmentRef,
  response: z.object({ agreed: z.boolean(), version: z.string() }),
});

export const getPaymentAuthorization = endpoint({
  method: 'GET',
  path: '/api/v1/get-payment-authorization',
  summary: 'Get the payment authorization text and whether it was accepted',
  tags: ['consent'],
  query: ZEnrollmentRef,
  response: ZAuthorization,
});

export const acceptPaymentAuthorization = endpoint({
  method: 'POST',
  path: '/api/v1/accept-payment-authorization',
  summary: 'Accept the payment authorization',
  tags: ['consent'],
  body: ZAcceptAuthorizationRequest,
  response: z.object({ result: z.boolean() }),
});

/** The signed application PDF of a completed enrollment (its owner: the browser, the rep or group that enrolled). */
export const getSignedApplication = endpoint({
  method: 'GET',
  path: '/api/v1/get-signed-application',
  summary: 'Download the signed application (PDF)',
  tags: ['consent'],
  query: ZEnrollmentRef,
});

/** The console's copy of the signed application (operator). */
export const adminSignedApplication = endpoint({
  method: 'GET',
  path: '/api/admin/enrollments/:id/signed-application',
  summary: 'Download the signed application of an enrollment (PDF)',
  tags: ['admin'],
  params: z.object({ id: z.string().min(1).max(64) }),
});

/** Anyone: the PDF's bytes as the body (Content-Type: application/pdf). */
export const verifyDocument = endpoint({
  method: 'POST',
  path: '/api/v1/verify-document',
  summary: 'Verify that a PDF is a signed application the store issued',
  tags: ['consent'],
  crossSite: true,
  response: ZVerifyResult,
});
