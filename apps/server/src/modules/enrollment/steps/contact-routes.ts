import { actorOf, type Actor } from '../../../lib/actor.ts';
import type { Deps, FeatureOptions } from '../../../lib/deps.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEXT } from '@store/domain/texts';
import { PATTERNS } from '@store/domain/validation';
import {
  getFormFieldsContactInfo,
  saveContactInfo,
  validateEmailNeverbounce,
  validateMemberEmail,
  validatePhoneNumverify,
} from '@store/domain/contract/enrollment';
import { ok } from '../../../lib/http.ts';
import { route } from '../../../lib/route.ts';
import { loadOwnedEnrollment } from '../../../lib/access.ts';
import { contactDuplicates } from './step-savers.ts';
import { contactFieldDefs, saveContactStep } from './steps-service.ts';
import { clientAddress } from '../../../lib/client-address.ts';
import { OTHER_LIMITS } from '@store/domain/abuse-limits';

/** Member look-ups (checks and saves of the contact step) per enrollment and hour: MEMBER_LOOKUPS_PER_ENROLLMENT_HOUR's default. */
export const MEMBER_LOOKUPS_PER_HOUR = OTHER_LIMITS.memberLookupsPerEnrollmentHour;
const limitMemberLookups = (deps: Deps, enrollmentId: string) =>
  deps.rateLimiter.enforce(`member-lookup:enr:${enrollmentId}`, deps.config.MEMBER_LOOKUPS_PER_ENROLLMENT_HOUR, 3600_000);

/**
 * Whether an address belongs to a member is told only to the owner of the enrollment being filled in (the
 * specification's 'Email Already Exists.' and 'Phone already exists' of the contact step), at most
 * MEMBER_LOOKUPS_PER_HOUR times per enrollment; anyone else learns only whether the format is right.
 */
async function lookupEnrollment(deps: Deps, actor: Actor, enrollmentId: string | undefined) {
  const e = enrollmentId ? await loadOwnedEnrollment(actor, enrollmentId, deps.db).catch(() => null) : null;
  if (e) await limitMemberLookups(deps, e.id);
  return e;
}

async function emailCheck(deps: Deps, actor: Actor, email: string, enrollmentId: string | undefined) {
  if (!PATTERNS.email.test(email)) return { is_valid: false, message: TEXT.EMAIL_NOT_CORRECT_FORMAT };
  const e = await lookupEnrollment(deps, actor, enrollmentId);
  const dups = e ? await contactDuplicates(deps.db, e, email, null) : [];
  return dups.length ? { is_valid: false, message: TEXT.EMAIL_ALREADY_EXISTS } : { is_valid: true, message: 'Valid email' };
}

async function phoneCheck(deps: Deps, actor: Actor, phoneText: string, enrollmentId: string | undefined) {
  const phone = phoneText.replace(/\D/g, '');
  if (!PATTERNS.phone10.test(phone)) return { is_valid: false, message: TEXT.INVALID_PHONE };
  const e = await lookupEnrollment(deps, actor, enrollmentId);
  const dups = e ? await contactDuplicates(deps.db, e, null, phone) : [];
  return dups.length ? { is_valid: false, message: TEXT.PHONE_ALREADY_EXISTS } : { is_valid: true, message: 'Valid phone number' };
}

/**
 * Contact information; e-mail and phone checks in place of outside verifiers (format rules and our own
 * members' records, see docs/decisions/0402-contact-checks.md).
 */
const contactRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  const limit = (request: { ip: string }) =>
    deps.rateLimiter.enforce(`contact-check:${clientAddress(request)}`, deps.config.CONTACT_CHECKS_PER_ADDRESS_15_MIN, 15 * 60_000);

  route(app, getFormFieldsContactInfo, async (request) =>
    ok({ result: contactFieldDefs(deps, await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db)) }),
  );
  for (const e of [validateMemberEmail, validateEmailNeverbounce]) {
    route(app, e, async (request) => {
      await limit(request);
      return ok(await emailCheck(deps, actorOf(request), request.body.email, request.body.enrollment_id));
    });
  }
  route(app, validatePhoneNumverify, async (request) => {
    await limit(request);
    return ok(await phoneCheck(deps, actorOf(request), request.query.phone, request.query.enrollment_id));
  });
  route(app, saveContactInfo, async (request) => {
    const { enrollment_id, ...input } = request.body;
    await limitMemberLookups(deps, (await loadOwnedEnrollment(actorOf(request), enrollment_id, deps.db)).id);
    return ok({ result: await saveContactStep(deps, actorOf(request), enrollment_id, input) }, 'Contact information saved');
  });
};
export default contactRoutes;
