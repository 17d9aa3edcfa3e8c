import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEXT } from '@store/domain/texts';
import { PATTERNS } from '@store/domain/validation';
import { ZSaveContactInfoRequest, ZValidityResult } from '@store/domain/enrollment';
import { ok, responses, zEnrollmentId } from '../../lib/http.ts';
import { loadOwnedEnrollment } from '../../lib/access.ts';
import { filterOf, readTab } from './service.ts';
import { fieldDefs, fieldDefsResponse } from './field-defs.ts';
import { contactDuplicates, saveContactInfo } from './step-savers.ts';
import { recordEvent } from '../consent/service.ts';

const CONTACT_FIELDS: [string, boolean, boolean?][] = [
  ['email_address', true],
  ['phone_number', true],
  ['address1', true],
  ['address2', false],
  ['city', true],
  ['zip', true],
  ['state', true],
  ['birth_state', true],
  ['birth_city', true],
  ['with_validation', true],
];

/**
 * Contact information; e-mail and phone checks in place of outside verifiers (format rules and our own
 * members' records, see docs/decisions/0402-contact-checks.md).
 */
const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/get-form-fields-contact-info',
    { schema: { tags: ['enrollment'], querystring: z.object({ enrollment_id: zEnrollmentId }), response: fieldDefsResponse } },
    async (request) => {
      const e = await loadOwnedEnrollment(request, request.query.enrollment_id);
      return ok({ result: fieldDefs(CONTACT_FIELDS, readTab(e, 'contact_info') ?? fromQuote(e)) });
    },
  );

  /** Nothing saved yet: the address starts from the quote (its zip, the zip's city, the quote's state). */
  const fromQuote = (e: Parameters<typeof filterOf>[0]) => {
    const zip = String(filterOf(e).zip ?? '');
    const hit = app.zips.lookup(zip);
    return hit ? { zip, city: hit.city, state: String(filterOf(e).state || hit.state) } : null;
  };

  const limit = (request: { ip: string }) => app.rateLimiter.enforce(`contact-check:${request.ip}`, 60, 15 * 60_000);
  /**
   * Whether an address belongs to a member is told only to the owner of the enrollment being filled in (the
   * specification's 'Email Already Exists.' and 'Phone already exists' of the contact step), at most
   * MEMBER_LOOKUPS_PER_HOUR times per enrollment; anyone else learns only whether the format is right.
   */
  const lookupEnrollment = async (request: FastifyRequest, enrollmentId: string | undefined) => {
    const e = enrollmentId ? await loadOwnedEnrollment(request, enrollmentId).catch(() => null) : null;
    if (e) await limitMemberLookups(app, e.id);
    return e;
  };
  const ZEmailBody = z.object({ email: z.string().trim().max(254), enrollment_id: z.string().max(64).optional() });
  const emailCheck = async (email: string, enrollmentId: string | undefined, request: FastifyRequest) => {
    if (!PATTERNS.email.test(email)) return { is_valid: false, message: TEXT.EMAIL_NOT_CORRECT_FORMAT };
    const e = await lookupEnrollment(request, enrollmentId);
    const dups = e ? await contactDuplicates(app.db, e, email, null) : [];
    return dups.length ? { is_valid: false, message: TEXT.EMAIL_ALREADY_EXISTS } : { is_valid: true, message: 'Valid email' };
  };
  app.post(
    '/api/v1/validate-member-email',
    { schema: { tags: ['enrollment'], body: ZEmailBody, response: responses(ZValidityResult) } },
    async (request) => {
      await limit(request);
      return ok(await emailCheck(request.body.email, request.body.enrollment_id, request));
    },
  );
  app.post(
    '/api/v1/validate-email-neverbounce',
    { schema: { tags: ['enrollment'], body: ZEmailBody, response: responses(ZValidityResult) } },
    async (request) => {
      await limit(request);
      return ok(await emailCheck(request.body.email, request.body.enrollment_id, request));
    },
  );
  app.get(
    '/api/v1/validate-phone-numverify',
    { schema: { tags: ['enrollment'], querystring: z.object({ phone: z.string().trim().max(20), enrollment_id: z.string().max(64).optional() }), response: responses(ZValidityResult) } },
    async (request) => {
      await limit(request);
      const phone = request.query.phone.replace(/\D/g, '');
      if (!PATTERNS.phone10.test(phone)) return ok({ is_valid: false, message: TEXT.INVALID_PHONE });
      const e = await lookupEnrollment(request, request.query.enrollment_id);
      const dups = e ? await contactDuplicates(app.db, e, null, phone) : [];
      return ok(dups.length ? { is_valid: false, message: TEXT.PHONE_ALREADY_EXISTS } : { is_valid: true, message: 'Valid phone number' });
    },
  );

  app.post(
    '/api/v1/save-contact-info',
    { schema: { tags: ['enrollment'], body: ZSaveContactInfoRequest, response: responses(z.object({ result: z.record(z.string(), z.unknown()) })) } },
    async (request) => {
      const { enrollment_id, ...input } = request.body;
      await limitMemberLookups(app, (await loadOwnedEnrollment(request, enrollment_id)).id);
      const saved = await app.db.transaction().execute(async (trx) => {
        const e = await loadOwnedEnrollment(request, enrollment_id, trx, { forUpdate: true });
        await recordEvent(trx, e.id, 'step_saved', { step: 'contact_info' }, request);
        return saveContactInfo(app, trx, e, input);
      });
      return ok({ result: saved }, 'Contact information saved');
    },
  );
};
export default contactRoutes;

/** Member look-ups (checks and saves of the contact step) per enrollment and hour. */
export const MEMBER_LOOKUPS_PER_HOUR = 30;
const limitMemberLookups = (app: FastifyInstance, enrollmentId: string) => app.rateLimiter.enforce(`member-lookup:enr:${enrollmentId}`, MEMBER_LOOKUPS_PER_HOUR, 3600_000);
