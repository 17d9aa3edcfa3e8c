import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingTotpContext } from '../../db/sealed-columns.ts';
import { SECOND_FACTOR_EXPIRED, SECOND_FACTOR_WRONG, SIGN_IN_FAILED } from '@store/domain/auth';
import { checkSecondFactor, me, secondFactor, signIn, signOut } from '@store/domain/contract/auth';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import { endSession, startSignedInSession } from '../../plugins/session.ts';
import { verifyPassword, hashPassword } from '../../lib/passwords.ts';
import { fieldError } from '../../lib/errors.ts';
import { requireAccount } from '../../lib/access.ts';
import { findActiveAccount, findActiveAccountByEmail, insertAudit } from './repository.ts';
import { ANONYMOUS, describeAccount } from './service.ts';
import {
  assertNotThrottled,
  assertSecondFactorAllowed,
  clearFailures,
  clearSecondFactorFailures,
  purgeSignInFailures,
  recordFailure,
  recordSecondFactorFailure,
  signInLimits,
} from './sign-in-throttle.ts';
import { enrollSecondFactor, newTotpSecret, otpauthUri, totpStep, useSecondFactor } from './second-factor.ts';
import { clientAddress } from '../../lib/client-address.ts';
import type { FeatureOptions } from '../../lib/deps.ts';

/** How long the code step may follow the password. */
const PENDING_MS = 5 * 60_000;

interface PendingSecondFactor {
  account_id: number;
  email: string;
  at: number;
  /** Enrolment: the new secret, sealed, until its first code confirms it. */
  secret_enc?: string;
}

/**
 * Sign-in for reps, group administrators, members and operators; sign-out; who am I. Operators give a second
 * factor after the password (a TOTP code or a recovery code; at their first sign-in without one, they enrol it),
 * and give one again to open personal data in the console (lib/access.ts requireFreshSecondFactor).
 */
const authRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  // A fixed hash to compare against when the account does not exist (same time either way).
  const dummyHash = await hashPassword('not-a-real-password');
  const limits = signInLimits(deps.config);
  const timer = setInterval(
    () => void purgeSignInFailures(deps.db).catch((err) => deps.log.warn({ err }, 'sign-in failure purge failed')),
    3600_000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  route(app, signIn, async (request, reply) => {
    const email = request.body.email.toLowerCase();
    await deps.rateLimiter.enforce(`signin:ip:${clientAddress(request)}`, deps.config.SIGN_IN_PER_ADDRESS_15_MIN, 15 * 60_000);
    await assertNotThrottled(deps.db, email, request.ip);
    const account = await findActiveAccountByEmail(deps.db, email);
    const valid = await verifyPassword(account?.password_hash ?? dummyHash, request.body.password);
    if (!account || !valid) {
      await recordFailure(deps.db, email, request.ip, limits);
      throw fieldError('password', SIGN_IN_FAILED);
    }
    if (account.role === 'operator') {
      // Not signed in yet: the session remembers whose password was right, for the code step.
      const pending: PendingSecondFactor = { account_id: account.id, email, at: Date.now() };
      const secret = account.totp_secret_enc ? null : newTotpSecret();
      if (secret) pending.secret_enc = deps.sealer.seal(secret, pendingTotpContext(account.id));
      await request.updateSession({ second_factor: pending });
      return ok(
        secret
          ? { ...ANONYMOUS, second_factor: 'enroll' as const, otpauth_uri: otpauthUri(email, secret), totp_secret: secret }
          : { ...ANONYMOUS, second_factor: 'code' as const },
      );
    }
    await clearFailures(deps.db, email, request.ip);
    await startSignedInSession(request, reply, account.id);
    await insertAudit(deps.db, account.id, 'sign-in');
    return ok(await describeAccount(deps.db, account));
  });

  route(app, secondFactor, async (request, reply) => {
    const pending = request.session.data.second_factor as PendingSecondFactor | undefined;
    if (!pending || Date.now() - pending.at > PENDING_MS) throw fieldError('code', SECOND_FACTOR_EXPIRED);
    await assertSecondFactorAllowed(deps.db, pending.account_id, pending.email, request.ip);
    const code = request.body.code.replace(/\s/g, '');
    let recoveryCodes: string[] | undefined;
    if (pending.secret_enc) {
      const step = await totpStep(deps.sealer.open(pending.secret_enc, pendingTotpContext(pending.account_id)), code, null);
      if (step !== null)
        recoveryCodes = await deps.db
          .transaction()
          .execute((trx) =>
            enrollSecondFactor(
              trx,
              deps.sealer,
              pending.account_id,
              deps.sealer.open(pending.secret_enc!, pendingTotpContext(pending.account_id)),
              step,
            ),
          );
      if (!recoveryCodes) return wrongCode(pending, request.ip);
    } else if (!(await useSecondFactor(deps.db, deps.sealer, pending.account_id, code))) {
      return wrongCode(pending, request.ip);
    }
    const account = await findActiveAccount(deps.db, pending.account_id);
    if (!account) throw fieldError('code', SECOND_FACTOR_EXPIRED);
    await clearSecondFactorFailures(deps.db, pending.account_id, pending.email, request.ip);
    await startSignedInSession(request, reply, account.id, { second_factor: undefined, second_factor_at: Date.now() });
    await insertAudit(deps.db, account.id, recoveryCodes ? 'second-factor-enrolled' : 'sign-in');
    return ok({ ...(await describeAccount(deps.db, account)), ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}) });
  });

  async function wrongCode(pending: PendingSecondFactor, ip: string): Promise<never> {
    await recordSecondFactorFailure(deps.db, pending.account_id, pending.email, ip, limits);
    throw fieldError('code', SECOND_FACTOR_WRONG);
  }

  // The console asks for a code again before it shows personal data (a check within SECOND_FACTOR_FRESH_MS).
  route(app, checkSecondFactor, async (request) => {
    const a = requireAccount(request, ['operator']);
    await assertSecondFactorAllowed(deps.db, a.id, a.email, request.ip);
    if (!(await useSecondFactor(deps.db, deps.sealer, a.id, request.body.code))) {
      await recordSecondFactorFailure(deps.db, a.id, a.email, request.ip, limits);
      throw fieldError('code', SECOND_FACTOR_WRONG);
    }
    await clearSecondFactorFailures(deps.db, a.id, a.email, request.ip);
    await request.updateSession({ second_factor_at: Date.now() });
    await insertAudit(deps.db, a.id, 'second-factor-check');
    return ok(await describeAccount(deps.db, a));
  });

  route(app, signOut, async (request, reply) => {
    await endSession(request, reply);
    return ok(null);
  });

  route(app, me, async (request) => {
    const a = request.session.account;
    if (!a) return ok(ANONYMOUS);
    return ok(await describeAccount(deps.db, a));
  });
};
export default authRoutes;
