import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FeatureOptions } from '../../lib/deps.ts';
import {
  changeMemberAddress,
  changeMemberBeneficiaries,
  changeMemberPayment,
  getMemberDocument,
  getMemberHome,
  getMemberIdCard,
} from '@store/domain/contract/member-home';
import { route } from '../../lib/route.ts';
import { ok } from '../../lib/http.ts';
import { requireAccount } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';
import { documentOf, idCardOf, memberHome, type MemberTrail } from './service.ts';
import { recordEvent } from '../trail/index.ts';
import { actorOf } from '../../lib/actor.ts';
import { changeBeneficiaries, changePayment } from './change-service.ts';
import { changeAddress } from './address-service.ts';
import { cancelMemberPlan } from '@store/domain/contract/coverage-changes';
import { cancelPlan } from './cancel-service.ts';

/** The signed-in member only: anonymous 401, any other role 403; another member's rows answer 404 (never found). */
function requireMember(request: FastifyRequest) {
  const a = requireAccount(request);
  if (a.role !== 'member' || a.user_id === null) throw forbidden();
  return { account: a, userId: a.user_id };
}

/** The trail's events of this request, written as its person (address, browser, how they were identified). */
const trailOf =
  (request: FastifyRequest): MemberTrail =>
  (trx, enrollmentId, event, detail) =>
    recordEvent(trx, enrollmentId, event, detail, actorOf(request));

const pdfHeaders = { 'cache-control': 'private, no-store' };

/** The member's home (issue 24): coverage, ID cards, documents, payment method and beneficiaries. */
const memberHomeRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => {
  route(app, getMemberHome, async (request) => ok(await memberHome(deps.db, requireMember(request).userId, deps.jobs.now())));

  route(app, getMemberIdCard, async (request, reply) => {
    const { pdf, filename } = await idCardOf(deps.db, requireMember(request).userId, request.params.policy_id, request.query.lang);
    reply.headers({ ...pdfHeaders, 'content-disposition': `attachment; filename="${filename}"` });
    return reply.type('application/pdf').send(pdf);
  });

  route(app, getMemberDocument, async (request, reply) => {
    const { userId } = requireMember(request);
    const { pdf, filename } = await documentOf(deps, trailOf(request), userId, request.params.enrollment_id, request.params.kind);
    reply.headers({ ...pdfHeaders, 'content-disposition': `attachment; filename="${filename}"` });
    return reply.type('application/pdf').send(pdf);
  });

  route(app, changeMemberPayment, async (request) => {
    const { account, userId } = requireMember(request);
    return ok(await changePayment(deps, trailOf(request), account, userId, request.body), 'Your payment method was saved.');
  });

  route(app, changeMemberBeneficiaries, async (request) => {
    const { account, userId } = requireMember(request);
    return ok(await changeBeneficiaries(deps, trailOf(request), account, userId, request.body.enrollment_id, request.body.beneficiaries));
  });

  route(app, changeMemberAddress, async (request) => {
    const { account, userId } = requireMember(request);
    return ok(await changeAddress(deps, trailOf(request), account, userId, request.body), 'Your address was saved.');
  });

  // Issue 38: the member cancels a plan (the page's confirmation says when it ends, that billing stops, the carrier told).
  route(app, cancelMemberPlan, async (request) => {
    const { account, userId } = requireMember(request);
    const trail = (trx: Parameters<MemberTrail>[0], id: string, event: 'coverage_changed', detail: Record<string, unknown>) =>
      recordEvent(trx, id, event, detail, actorOf(request));
    return ok(await cancelPlan(deps, trail, account, userId, request.params.policy_id));
  });
};

export default memberHomeRoutes;
