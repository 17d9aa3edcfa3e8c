import type { Deps } from './deps.ts';
import { timingSafeEqualText } from './crypto.ts';

/**
 * The signed direct-continue link of a saved enrollment (docs/decisions/0401-save-and-continue.md): shared by
 * Save & Continue Later (modules/enrollment) and the reminder mails (modules/reminders), so that neither module
 * imports the other's files for it.
 * - link id: base64url of "<enrollment id>.<expiry s>.<hmac>", bound to the current code (a new save voids it) and
 *   expiring with it.
 */
export const RESUME_DAYS = 7;

/** 128 bits of the HMAC: the link id must stay under the router's 100-character parameter limit. */
const sign = (deps: Pick<Deps, 'sealer'>, enrollmentId: string, exp: number, codeHash: string) =>
  deps.sealer.digest(`direct-continue:${enrollmentId}:${exp}:${codeHash}`).slice(0, 22);
const signatures = (deps: Pick<Deps, 'sealer'>, enrollmentId: string, exp: number, codeHash: string) =>
  deps.sealer.digestAll(`direct-continue:${enrollmentId}:${exp}:${codeHash}`).map((d) => d.slice(0, 22));

/** The link expires with the code (never later than RESUME_DAYS from now). */
export function directToken(
  deps: Pick<Deps, 'sealer'>,
  enrollmentId: string,
  codeHash: string,
  codeExpiresAt?: Date | string | null,
): string {
  const max = Date.now() + RESUME_DAYS * 86400_000;
  const exp = Math.floor(Math.min(max, codeExpiresAt ? new Date(codeExpiresAt).getTime() : max) / 1000);
  return Buffer.from(`${enrollmentId}.${exp.toString(36)}.${sign(deps, enrollmentId, exp, codeHash)}`).toString('base64url');
}

/** The direct-continue page of the web app for this enrollment's current code, opening the saved tab. */
export function directContinueLink(
  deps: Pick<Deps, 'sealer'>,
  origin: string,
  enrollmentId: string,
  codeHash: string,
  tab: string,
  codeExpiresAt?: Date | string | null,
): string {
  return `${origin}/direct-continue/${directToken(deps, enrollmentId, codeHash, codeExpiresAt)}/${Buffer.from(tab).toString('base64url')}`;
}

/** The enrollment id the link was made for when it has not expired, and a check of its signature against the current code hash. */
export function verifyDirectToken(
  deps: Pick<Deps, 'sealer'>,
  token: string,
): { enrollmentId: string; check(codeHash: string | null): boolean } | null {
  const text = Buffer.from(token.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url').toString('utf8');
  const [enrollmentId, expText, mac] = text.split('.');
  if (!enrollmentId || !expText || !mac || !/^[0-9a-z]{1,10}$/.test(expText)) return null;
  const exp = parseInt(expText, 36);
  if (exp * 1000 < Date.now()) return null;
  return {
    enrollmentId,
    check: (codeHash) => !!codeHash && signatures(deps, enrollmentId, exp, codeHash).some((s) => timingSafeEqualText(s, mac)),
  };
}
