import { actorOf } from '../../../lib/actor.ts';
import type { FeatureOptions } from '../../../lib/deps.ts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { adminSignedApplication, getSignedApplication, verifyDocument } from '@store/domain/contract/consent';
import { route } from '../../../lib/route.ts';
import { ok } from '../../../lib/http.ts';
import { actsForOthers, canAccessEnrollment, isMembersOwnSession, requireAccount, requireFreshSecondFactor } from '../../../lib/access.ts';
import { notFound } from '../../../lib/errors.ts';
import { openPrivateMedia } from '../../../lib/private-media.ts';
import { clientAddress } from '../../../lib/client-address.ts';
import { OTHER_LIMITS } from '@store/domain/abuse-limits';
import type { Enrollment } from '../../../db/schema.ts';
import { recordEvent, sha256 } from '../../trail/index.ts';
import { findEnrollment } from '../repository.ts';
import { findIssuedDocument, latestIssuedDocument, mediaData } from './documents-repository.ts';

/** Verifications per client address and quarter hour: VERIFY_DOCUMENTS_PER_ADDRESS_15_MIN's default. */
export const VERIFY_PER_15_MIN = OTHER_LIMITS.verifyDocumentsPerAddress15Min;
/**
 * The largest PDF verify-document reads: a signed application is a few hundred kB, its signature image at most about
 * 1 MB (ZSignature); anything larger is not one the store made (issue 34: 10 MB bodies were accepted).
 */
export const MAX_PDF_BYTES = 4 * 1024 * 1024;

/** The signed application (issue 22): its owner's and the operator's download, and anyone's check of a copy. */
const documentsRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: MAX_PDF_BYTES }, (_req, body, done) => done(null, body));

  const sendPdf = async (reply: FastifyReply, e: Enrollment) => {
    const doc = await latestIssuedDocument(deps.db, e.id, 'signed-application');
    const media = doc?.media_id ? await mediaData(deps.db, doc.media_id) : undefined;
    if (!doc || !media) throw notFound('Signed application not found');
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', `attachment; filename="signed-application-${doc.confirmation_number}.pdf"`);
    return reply.type('application/pdf').send(openPrivateMedia(deps.sealer, doc.media_id!, media.data));
  };

  // The person it belongs to: the browser or member account that enrolled, or the member signed in. Never a rep or a
  // group administrator, not even the one who made it (decision 2320); the operator reads it in the console.
  route(app, getSignedApplication, async (request, reply) => {
    const id = request.query.enrollment_id;
    const e = await findEnrollment(deps.db, id);
    const actor = actorOf(request);
    const mine = e && !actsForOthers(actor) && (canAccessEnrollment(actor, e) || isMembersOwnSession(actor, e.user_id));
    if (!e || !mine || e.status !== 'completed') throw notFound('Signed application not found');
    await deps.db.transaction().execute((trx) => recordEvent(trx, e.id, 'document_downloaded', { document: 'signed-application' }, actor));
    return sendPdf(reply, e);
  });

  route(app, adminSignedApplication, async (request, reply) => {
    requireAccount(request, ['operator']);
    requireFreshSecondFactor(request);
    const e = await findEnrollment(deps.db, request.params.id);
    if (!e) throw notFound('Signed application not found');
    await deps.db
      .transaction()
      .execute((trx) => recordEvent(trx, e.id, 'operator_viewed', { document: 'signed-application' }, actorOf(request)));
    return sendPdf(reply, e);
  });

  // Anyone: the PDF's bytes. Only the confirmation number and the signing time are told, and only for an unchanged copy.
  route(
    app,
    verifyDocument,
    async (request) => {
      await deps.rateLimiter.enforce(
        `verify-document:ip:${clientAddress(request)}`,
        deps.config.VERIFY_DOCUMENTS_PER_ADDRESS_15_MIN,
        15 * 60_000,
      );
      const body = request.body as unknown;
      if (!Buffer.isBuffer(body) || body.length === 0) return ok({ valid: false });
      const doc = await findIssuedDocument(deps.db, sha256(body));
      if (!doc) return ok({ valid: false });
      return ok({ valid: true, confirmation_number: doc.confirmation_number, signed_at: new Date(doc.signed_at).toISOString() });
    },
    { bodyLimit: MAX_PDF_BYTES },
  );
};

export default documentsRoutes;
