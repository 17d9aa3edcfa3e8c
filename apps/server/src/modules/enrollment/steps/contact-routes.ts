import type { FastifyInstance, FastifyRequest } from 'fastify';
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
const limitMemberLookups = (app: FastifyInstance, enrollmentId: string) =>
  app.rateLimiter.enforce(`member-lookup:enr:${enrollmentId}`, app.config.MEMBER_LOOKUPS_PER_ENROLLMENT_HOUR, 3600_000);

/**
 * Whether an address belongs to a member is told only to the owner of the enrollment being filled in (the
 * specification's 'Email Already Exists.' and 'Phone already exists' of the contact step), at most
 * MEMBER_LOOKUPS_PER_HOUR times per enrollment; anyone else learns only whether the format is right.
 */
async function lookupEnrollment(app: FastifyInstance, request: FastifyRequest, enrollmentId: string | undefined) {
  const e = enrollmentId ? await loadOwnedEnrollment(request, enrollmentId).catch(() => null) : null;
  if (e) await limitMemberLookups(app, e.id);
  return e;
}

async function emailCheck(app: FastifyInstance, request: FastifyRequest, email: string, enrollmentId: string | undefined) {
  if (!PATTERNS.email.test(email)) return { is_valid: false, message: TEXT.EMAIL_NOT_CORRECT_FORMAT };
  const e = await lookupEnrollment(app, request, enrollmentId);
  const dups = e ? await contactDuplicates(app.db, e, email, null) : [];
  return dups.length ? { is_valid: false, message: TEXT.EMAIL_ALREADY_EXISTS } : { is_valid: true, message: 'Valid email' };
}

async function phoneCheck(app: FastifyInstance, request: FastifyRequest, phoneText: string, enrollmentId: string | undefined) {
  const phone = phoneText.replace(/\D/g, '');
  if (!PATTERNS.phone10.test(phone)) return { is_valid: false, message: TEXT.INVALID_PHONE };
  const e = await lookupEnrollment(app, request, enrollmentId);
  const dups = e ? await contactDuplicates(app.db, e, null, phone) : [];
  return dups.length ? { is_valid: false, message: TEXT.PHONE_ALREADY_EXISTS } : { is_valid: true, message: 'Valid phone number' };
}

/**
 * Contact information; e-mail and phone checks in place of outside verifiers (format rules and our own
 * members' records, see docs/decisions/0402-contact-checks.md).
 */
const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = (request: { ip: string }) =>
    app.rateLimiter.enforce(`contact-check:${clientAddress(request)}`, app.config.CONTACT_CHECKS_PER_ADDRESS_15_MIN, 15 * 60_000);

  route(app, getFormFieldsContactInfo, async (request) =>
    ok({ result: contactFieldDefs(app, await loadOwnedEnrollment(request, request.query.enrollment_id)) }),
  );
  for (const e of [validateMemberEmail, validateEmailNeverbounce]) {
    route(app, e, async (request) => {
      await limit(request);
      return ok(await emailCheck(app, request, request.body.email, request.body.enrollment_id));
    });
  }
  route(app, validatePhoneNumverify, async (request) => {
    await limit(request);
    return ok(await phoneCheck(app, request, request.query.phone, request.query.enrollment_id));
  });
  route(app, saveContactInfo, async (request) => {
    const { enrollment_id, ...input } = request.body;
    await limitMemberLookups(app, (await loadOwnedEnrollment(request, enrollment_id)).id);
    return ok({ result: await saveContactStep(app, request, enrollment_id, input) }, 'Contact information saved');
  });
};
export default contactRoutes;
