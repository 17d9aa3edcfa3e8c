import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Enrollment } from '../../db/schema.ts';
import { timingSafeEqualText } from '../../lib/crypto.ts';
import type { TContinueResult } from '@store/domain/enrollment';

/**
 * Enrollment codes and direct-continue links (docs/decisions/0401-save-and-continue.md).
 * - code: 10 characters of an unambiguous alphabet, kept only as an HMAC (app.sealer.digest), 7 days.
 * - link id: base64url of "<enrollment id>.<expiry s>.<hmac>", bound to the current code (a new save voids it) and
 *   expiring with it; it opens the enrollment in the first browser that uses it (enrollments.direct_link_session),
 *   any other browser is told it is not valid and continues with the code and the e-mail.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;
export const RESUME_DAYS = 7;

export function newResumeCode(): string {
  const bytes = crypto.randomBytes(CODE_LENGTH);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

export const normalizeCode = (code: string) => code.trim().toUpperCase().replace(/[\s-]/g, '');
export const resumeCodeHash = (app: FastifyInstance, code: string) => app.sealer.digest(`resume-code:${normalizeCode(code)}`);
/** The hash under every key of the ring: codes issued before a key rotation keep working while the old key is listed. */
export const resumeCodeHashes = (app: FastifyInstance, code: string) => app.sealer.digestAll(`resume-code:${normalizeCode(code)}`);

export async function issueResumeCode(app: FastifyInstance, trx: Kysely<Database> | Transaction<Database>, enrollmentId: string, email: string, savedTab: string) {
  const code = newResumeCode();
  await trx
    .updateTable('enrollments')
    .set({
      resume_code_hash: resumeCodeHash(app, code),
      resume_email: email.trim().toLowerCase(),
      resume_expires_at: new Date(Date.now() + RESUME_DAYS * 86400_000),
      // A new code: its links have not been used yet.
      direct_link_session: null,
      saved_tab: savedTab,
      updated_at: new Date(),
    })
    .where('id', '=', enrollmentId)
    .execute();
  return code;
}

/** 128 bits of the HMAC: the link id must stay under the router's 100-character parameter limit. */
const sign = (app: FastifyInstance, enrollmentId: string, exp: number, codeHash: string) => app.sealer.digest(`direct-continue:${enrollmentId}:${exp}:${codeHash}`).slice(0, 22);
const signatures = (app: FastifyInstance, enrollmentId: string, exp: number, codeHash: string) =>
  app.sealer.digestAll(`direct-continue:${enrollmentId}:${exp}:${codeHash}`).map((d) => d.slice(0, 22));

/** The link expires with the code (never later than RESUME_DAYS from now). */
export function directToken(app: FastifyInstance, enrollmentId: string, codeHash: string, codeExpiresAt?: Date | string | null): string {
  const max = Date.now() + RESUME_DAYS * 86400_000;
  const exp = Math.floor(Math.min(max, codeExpiresAt ? new Date(codeExpiresAt).getTime() : max) / 1000);
  return Buffer.from(`${enrollmentId}.${exp.toString(36)}.${sign(app, enrollmentId, exp, codeHash)}`).toString('base64url');
}

/** The direct-continue page of the web app for this enrollment's current code, opening the saved tab. */
export function directContinueLink(app: FastifyInstance, origin: string, enrollmentId: string, codeHash: string, tab: string, codeExpiresAt?: Date | string | null): string {
  return `${origin}/direct-continue/${directToken(app, enrollmentId, codeHash, codeExpiresAt)}/${Buffer.from(tab).toString('base64url')}`;
}

/** The enrollment id the link was made for when it has not expired, and a check of its signature against the current code hash. */
export function verifyDirectToken(app: FastifyInstance, token: string): { enrollmentId: string; check(codeHash: string | null): boolean } | null {
  const text = Buffer.from(token.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url').toString('utf8');
  const [enrollmentId, expText, mac] = text.split('.');
  if (!enrollmentId || !expText || !mac || !/^[0-9a-z]{1,10}$/.test(expText)) return null;
  const exp = parseInt(expText, 36);
  if (exp * 1000 < Date.now()) return null;
  return { enrollmentId, check: (codeHash) => !!codeHash && signatures(app, enrollmentId, exp, codeHash).some((s) => timingSafeEqualText(s, mac)) };
}

export function continueResult(e: Enrollment): TContinueResult {
  const f = (typeof e.filter_info === 'string' ? JSON.parse(e.filter_info) : e.filter_info ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => (v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v));
  return {
    enrollment_id: e.id,
    saved_tab: e.saved_tab,
    others: {
      group_id: e.group_id ?? num(f.group_id),
      platform_group_id: e.portal_id ?? num(f.platform_group_id),
      agent_id: e.agent_id ?? num(f.agent_id),
      open_type: e.open_type ?? ((f.open_type as string) || null),
      type: e.type,
      eprocess: e.eprocess,
    },
  };
}
