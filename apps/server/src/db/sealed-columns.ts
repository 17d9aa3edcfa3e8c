import type { SealContext } from '../lib/crypto.ts';

/**
 * Where sealed values are kept, and the row id each is bound to (lib/crypto.ts: table, column and row id are the
 * associated data). Every seal and open passes one of these contexts; the rotation tool (cli/rotate-keys.ts) works
 * out the same ids from the rows it re-seals.
 */
export const inEnrollmentTabs = (enrollmentId: string): SealContext => ({ table: 'enrollments', column: 'tabs', id: enrollmentId });
export const memberSsnContext = (userId: number): SealContext => ({ table: 'members', column: 'ssn_enc', id: userId });
export const paymentContext = (id: number, column: 'account_number_enc' | 'routing_number_enc'): SealContext => ({
  table: 'member_payment_methods',
  column,
  id,
});
export const answersContext = (enrollmentId: string, planId: number, kind: 'questions' | 'aflac'): SealContext => ({
  table: 'plan_answers',
  column: 'answers_enc',
  id: `${enrollmentId}:${planId}:${kind}`,
});
export const screenshotContext = (id: number): SealContext => ({ table: 'screenshots', column: 'image', id });
/** A private file (signature image, signed application, receipt; issue 34), sealed as bytes and bound to its media id. */
export const privateMediaContext = (id: string): SealContext => ({ table: 'media', column: 'data', id });
/** An account's authenticator secret (operators' second factor), and one offered at enrolment, kept in the session until confirmed. */
export const totpContext = (accountId: number): SealContext => ({ table: 'accounts', column: 'totp_secret_enc', id: accountId });
export const pendingTotpContext = (accountId: number): SealContext => ({ table: 'sessions', column: 'second_factor', id: accountId });
/** An X12 834 file sent to a carrier (issue 23): it carries SSNs. */
export const carrierFileContext = (id: number): SealContext => ({ table: 'carrier_files', column: 'content_enc', id });
/**
 * The copy of an 834 in the carrier-drop folder (issue 34), sealed as bytes and bound to its file name (unique: the
 * carrier_files row id): renamed or copied over another file it does not open.
 */
export const carrierArchiveContext = (fileName: string): SealContext => ({ table: 'carrier-drop', column: 'file', id: fileName });
/** A carrier's SFTP password or private key (JSON { password?, private_key? }). */
export const carrierSftpSecretContext = (id: number): SealContext => ({ table: 'carriers', column: 'sftp_secret_enc', id });
export const outboxBodyContext = (id: number, column: 'html' | 'text'): SealContext => ({ table: 'outbox', column, id });

/** A day's NACHA file of bank debits (issue 36): account numbers are in clear only inside it. */
export const achFileContext = (id: number): SealContext => ({ table: 'ach_files', column: 'content_enc', id });

/** The bank's SFTP password or private key (JSON { password?, private_key? }), the one row of ach_settings. */
export const achSftpSecretContext = (): SealContext => ({ table: 'ach_settings', column: 'sftp_secret_enc', id: 1 });

/** The sealed copy of a NACHA file in ACH_OUT_DIR, bound to its file name. */
export const achOutContext = (fileName: string): SealContext => ({ table: 'ach-out', column: 'file', id: fileName });

/** The SQL of a row's id, per table, when it is not the `id` column (the rotation tool). */
export const SEALED_ROW_ID_SQL: Record<string, string> = {
  members: 'user_id::text',
  plan_answers: "enrollment_id || ':' || plan_id::text || ':' || kind",
};
