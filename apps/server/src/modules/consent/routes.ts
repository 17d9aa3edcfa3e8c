import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ESIGN_VERSION, consentLang } from '@store/domain/consent';
import {
  acceptPaymentAuthorization,
  adminSignedApplication,
  getEsignConsent,
  getPaymentAuthorization,
  getSignedApplication,
  giveEsignConsent,
  verifyDocument,
} from '@store/domain/contract/consent';
import { route } from '../../lib/route.ts';
import { ok } from '../../lib/http.ts';
import {
  actsForOthers,
  canAccessEnrollment,
  isMembersOwnSession,
  loadOwnedEnrollment,
  requireAccount,
  requireFreshSecondFactor,
} from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { openPrivateMedia } from '../../lib/private-media.ts';
import { requestLanguage } from '../../lib/mail-i18n.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { OTHER_LIMITS } from '@store/domain/abuse-limits';
import type { Enrollment } from '../../db/schema.ts';
import { loadOpenEnrollment } from '../enrollment/context.ts';
import { acceptAuthorization, currentAuthorization, isAuthorized } from '../enrollment/payment/authorization.ts';
import { esignConsentOf, giveEsignConsent as give } from './esign.ts';
import { findEnrollment, findIssuedDocument, latestIssuedDocument, mediaData } from './repository.ts';
import { PURGE_KIND, purgeJob } from './retention.ts';
import { recordEvent, sha256 } from '../trail/service.ts';

/** Verifications per client address and quarter hour: VERIFY_DOCUMENTS_PER_ADDRESS_15_MIN's default. */
export const VERIFY_PER_15_MIN = OTHER_LIMITS.verifyDocumentsPerAddress15Min;
/**
 * The largest PDF verify-document reads: a signed application is a few hundred kB, its signature image at most about
 * 1 MB (ZSignature); anything larger is not one the store made (issue 34: 10 MB bodies were accepted).
 */
export const MAX_PDF_BYTES = 4 * 1024 * 1024;

/** Proof of consent (issue 22): ESIGN consent, payment authorization, the signed application and anyone's check of a copy. */
const consentRoutes: FastifyPluginAsync = async (app) => {
  // Payment authorizations past their keeping time (two years after the last debit): a job scheduled when it is set.
  app.jobs.handle(PURGE_KIND, (trx, job) => purgeJob(app, trx, job));
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: MAX_PDF_BYTES }, (_req, body, done) => done(null, body));

  route(app, giveEsignConsent, async (request) => {
    const { enrollment_id, version, language } = request.body;
    await app.db.transaction().execute(async (trx) => {
      const e = await loadOpenEnrollment(request, enrollment_id, trx, { forUpdate: true });
      await give(trx, e.id, version, language, request);
    });
    return ok({ result: true });
  });

  route(app, getEsignConsent, async (request) => {
    const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
    const ev = await esignConsentOf(app.db, e.id);
    return ok({ agreed: ev?.detail.version === ESIGN_VERSION, version: ESIGN_VERSION });
  });

  route(app, getPaymentAuthorization, async (request) => {
    const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
    const a = await currentAuthorization(app.db, e, consentLang(requestLanguage(request)));
    return ok({
      required: a.required,
      method: a.method,
      text: a.text,
      text_sha256: a.text_sha256,
      accepted: a.required && (await isAuthorized(app.db, e)),
    });
  });

  route(app, acceptPaymentAuthorization, async (request) => {
    await app.db.transaction().execute(async (trx) => {
      const e = await loadOpenEnrollment(request, request.body.enrollment_id, trx, { forUpdate: true });
      await acceptAuthorization(app, trx, e, { text_sha256: request.body.text_sha256 }, consentLang(requestLanguage(request)), request);
    });
    app.mailer.flushSoon();
    return ok({ result: true });
  });

  const sendPdf = async (reply: FastifyReply, e: Enrollment) => {
    const doc = await latestIssuedDocument(app.db, e.id, 'signed-application');
    const media = doc?.media_id ? await mediaData(app.db, doc.media_id) : undefined;
    if (!doc || !media) throw notFound('Signed application not found');
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', `attachment; filename="signed-application-${doc.confirmation_number}.pdf"`);
    return reply.type('application/pdf').send(openPrivateMedia(app.sealer, doc.media_id!, media.data));
  };

  // The person it belongs to: the browser or member account that enrolled, or the member signed in. Never a rep or a
  // group administrator, not even the one who made it (decision 2320); the operator reads it in the console.
  route(app, getSignedApplication, async (request, reply) => {
    const id = request.query.enrollment_id;
    const e = await findEnrollment(app.db, id);
    const mine = e && !actsForOthers(request) && (canAccessEnrollment(request, e) || isMembersOwnSession(request, e.user_id));
    if (!e || !mine || e.status !== 'completed') throw notFound('Signed application not found');
    await app.db.transaction().execute((trx) => recordEvent(trx, e.id, 'document_downloaded', { document: 'signed-application' }, request));
    return sendPdf(reply, e);
  });

  route(app, adminSignedApplication, async (request, reply) => {
    requireAccount(request, ['operator']);
    requireFreshSecondFactor(request);
    const e = await findEnrollment(app.db, request.params.id);
    if (!e) throw notFound('Signed application not found');
    await app.db.transaction().execute((trx) => recordEvent(trx, e.id, 'operator_viewed', { document: 'signed-application' }, request));
    return sendPdf(reply, e);
  });

  // Anyone: the PDF's bytes. Only the confirmation number and the signing time are told, and only for an unchanged copy.
  route(
    app,
    verifyDocument,
    async (request) => {
      await app.rateLimiter.enforce(
        `verify-document:ip:${clientAddress(request)}`,
        app.config.VERIFY_DOCUMENTS_PER_ADDRESS_15_MIN,
        15 * 60_000,
      );
      const body = request.body as unknown;
      if (!Buffer.isBuffer(body) || body.length === 0) return ok({ valid: false });
      const doc = await findIssuedDocument(app.db, sha256(body));
      if (!doc) return ok({ valid: false });
      return ok({ valid: true, confirmation_number: doc.confirmation_number, signed_at: new Date(doc.signed_at).toISOString() });
    },
    { bodyLimit: MAX_PDF_BYTES },
  );
};

export default consentRoutes;
