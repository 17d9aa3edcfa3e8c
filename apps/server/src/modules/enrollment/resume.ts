import crypto from 'node:crypto';
import type { Enrollment } from '../../db/schema.ts';
import { RESUME_DAYS } from '../../lib/resume-link.ts';
import type { TContinueResult } from '@store/domain/enrollment';
import { setResumeCode, type Db } from './repository.ts';
import type { Deps } from '../../lib/deps.ts';

/**
 * Enrollment codes (docs/decisions/0401-save-and-continue.md): 10 characters of an unambiguous alphabet, kept only
 * as an HMAC (app.sealer.digest), 7 days. The signed direct-continue link is lib/resume-link.ts (the reminders
 * mail it too); it opens the enrollment in the first browser that uses it (enrollments.direct_link_session), any
 * other browser is told it is not valid and continues with the code and the e-mail.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;
export { RESUME_DAYS };

export function newResumeCode(): string {
  const bytes = crypto.randomBytes(CODE_LENGTH);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

export const normalizeCode = (code: string) => code.trim().toUpperCase().replace(/[\s-]/g, '');
export const resumeCodeHash = (app: Pick<Deps, 'sealer'>, code: string) => app.sealer.digest(`resume-code:${normalizeCode(code)}`);
/** The hash under every key of the ring: codes issued before a key rotation keep working while the old key is listed. */
export const resumeCodeHashes = (app: Pick<Deps, 'sealer'>, code: string) => app.sealer.digestAll(`resume-code:${normalizeCode(code)}`);

export async function issueResumeCode(app: Pick<Deps, 'sealer'>, trx: Db, enrollmentId: string, email: string, savedTab: string) {
  const code = newResumeCode();
  await setResumeCode(trx, enrollmentId, {
    codeHash: resumeCodeHash(app, code),
    email: email.trim().toLowerCase(),
    expiresAt: new Date(Date.now() + RESUME_DAYS * 86400_000),
    savedTab,
  });
  return code;
}

export function continueResult(e: Enrollment): TContinueResult {
  const f = (typeof e.filter_info === 'string' ? JSON.parse(e.filter_info) : (e.filter_info ?? {})) as Record<string, unknown>;
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
