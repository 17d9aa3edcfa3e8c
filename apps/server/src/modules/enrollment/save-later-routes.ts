import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { continueEnrollment, directContinue, saveEnrollment } from '@store/domain/contract/enrollment';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { sendQuote } from '../cart/index.ts';
import { continueWithCode, continueWithLink, saveForLater } from './save-later-service.ts';

/** Save & Continue Later (the enrollment code by e-mail), continue with code and e-mail, and the signed direct link. */
const saveLaterRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, saveEnrollment, async (request) => {
    // The cart's "e-mail this quote" shares the call (tab cart_info).
    if (request.body.tab === 'cart_info') return ok(await sendQuote(app, request, request.body));
    await saveForLater(app, request, request.body);
    return ok({ message: 'Information Saved!!! Check your email to continue' });
  });
  route(app, continueEnrollment, async (request) => ok(await continueWithCode(app, request, request.body.code, request.body.email)));
  route(app, directContinue, async (request) => ok(await continueWithLink(app, request, request.params.id)));
};
export default saveLaterRoutes;
