import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { continueEnrollment, directContinue, saveEnrollment } from '@store/domain/contract/enrollment';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { sendQuote } from '../cart/index.ts';
import { continueWithCode, continueWithLink, saveForLater, type ResumingSession } from './save-later-service.ts';

/** The session's part of continuing: made if missing, and the enrollment added to the ones it resumed (the last 20). */
const resumingSession = (request: FastifyRequest): ResumingSession => ({
  ensure: () => request.ensureSession(),
  remember: (enrollmentId) =>
    request.updateSession({ resumed: [...new Set([...(request.session.data.resumed ?? []), enrollmentId])].slice(-20) }),
});

/** Save & Continue Later (the enrollment code by e-mail), continue with code and e-mail, and the signed direct link. */
const saveLaterRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, saveEnrollment, async (request) => {
    // The cart's "e-mail this quote" shares the call (tab cart_info).
    if (request.body.tab === 'cart_info') return ok(await sendQuote(deps, actorOf(request), request.body));
    await saveForLater(deps, actorOf(request), request.body);
    return ok({ message: 'Information Saved!!! Check your email to continue' });
  });
  route(app, continueEnrollment, async (request) =>
    ok(await continueWithCode(deps, actorOf(request), resumingSession(request), request.body.code, request.body.email)),
  );
  route(app, directContinue, async (request) =>
    ok(await continueWithLink(deps, actorOf(request), resumingSession(request), request.params.id)),
  );
};
export default saveLaterRoutes;
