import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as contract from '@store/domain/contract/ledger';
import { ACH_SETTINGS_TEXT } from '@store/domain/ach-settings';
import { requireAccount, requireFreshSecondFactor } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { route } from '../../lib/route.ts';
import type { FeatureOptions } from '../../lib/deps.ts';
import { ACH_PURGE_KIND, achFiles, achFileText, achPurgeJob, ensureAchPurgeJob, saveAchRetention } from './ledger-ach.ts';
import { verifyLedgerChain } from './ledger-chain.ts';
import { confirmPaymentAuthentication, paymentAuthentication } from './authentication-service.ts';
import { readAchSettings, saveAchSettings } from './ach-settings-service.ts';
import { ledgerAnswer, ledgerCsv, memberPayments, repPaymentStanding } from './ledger-service.ts';
import { refundPayment } from './refund-service.ts';

/** Signed in with one of these roles: anonymous 401, any other role 403. */
function requireRole(request: FastifyRequest, role: 'member' | 'rep' | 'operator') {
  const a = requireAccount(request);
  if (a.role !== role) throw forbidden();
  return a;
}

/**
 * The ledger's readers (issue 36): the member's Payments, the rep's payment standing, and the console's ledger (rows,
 * day totals, CSV, refunds) and NACHA files (list, text, retention, the daily purge of files past their retention).
 */
const ledgerRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  deps.jobs.handle(ACH_PURGE_KIND, (trx, job) => achPurgeJob(deps, trx, job));
  app.addHook('onReady', () => ensureAchPurgeJob(deps));

  route(app, contract.getMemberPayments, async (request) => {
    const a = requireRole(request, 'member');
    if (a.user_id === null) throw forbidden();
    return ok(await memberPayments(deps.db, a.user_id, deps.jobs.now()));
  });

  // 3-D Secure (decision 2670): the member confirms a payment their bank asked them to.
  route(app, contract.getPaymentAuthentication, async (request) => {
    const a = requireRole(request, 'member');
    if (a.user_id === null) throw forbidden();
    return ok(await paymentAuthentication(deps, a.user_id, request.params.payment_id, deps.jobs.now()));
  });
  route(app, contract.confirmPaymentAuthentication, async (request) => {
    const a = requireRole(request, 'member');
    if (a.user_id === null) throw forbidden();
    return ok(
      await confirmPaymentAuthentication(deps, a.user_id, request.params.payment_id, deps.jobs.now()),
      contract.AUTHENTICATION_TEXT.PAID,
    );
  });

  route(app, contract.getRepPaymentStanding, async (request) => {
    const a = requireRole(request, 'rep');
    if (!a.agent_id) throw forbidden();
    return ok(await repPaymentStanding(deps.db, a.agent_id, request.query, deps.jobs.now()));
  });

  route(app, contract.getLedger, async (request) => {
    requireRole(request, 'operator');
    return ok(await ledgerAnswer(deps.db, request.query));
  });

  route(app, contract.exportLedger, async (request, reply) => {
    requireRole(request, 'operator');
    const name = request.query.date ?? request.query.confirmation ?? 'member';
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="ledger-${name.replace(/[^A-Za-z0-9-]/g, '')}.csv"`)
      .send(Readable.from(ledgerCsv(deps.db, request.query)));
  });

  route(app, contract.refundPayment, async (request) => {
    const a = requireRole(request, 'operator');
    // Money leaves the store: the operator's second factor within 5 minutes (decision 2340).
    requireFreshSecondFactor(request);
    const r = await refundPayment({ db: deps.db, provider: deps.payments }, a.id, request.body);
    return ok(r, contract.LEDGER_TEXT.REFUND_MADE);
  });

  route(app, contract.verifyLedger, async (request) => {
    requireRole(request, 'operator');
    return ok(await verifyLedgerChain(deps.db));
  });

  route(app, contract.listAchFiles, async (request) => {
    requireRole(request, 'operator');
    return ok(await achFiles(deps.db, deps.config.CARRIER_DELIVERY_FLAG_AFTER));
  });

  route(app, contract.getAchFile, async (request, reply) => {
    const a = requireRole(request, 'operator');
    // Account numbers are in clear in the file: a fresh second factor, and who took it is in the audit log.
    requireFreshSecondFactor(request);
    const file = await achFileText({ db: deps.db, sealer: deps.sealer }, a.id, request.params.id);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .send(file.text);
  });

  route(app, contract.getAchSettings, async (request) => {
    requireRole(request, 'operator');
    return ok(await readAchSettings(deps));
  });

  route(app, contract.saveAchSettings, async (request) => {
    const a = requireRole(request, 'operator');
    // Where the bank debits go and who originates them: the operator's second factor within 5 minutes.
    requireFreshSecondFactor(request);
    return ok(await saveAchSettings(deps, a.id, request.body), ACH_SETTINGS_TEXT.SAVED);
  });

  route(app, contract.saveAchRetention, async (request) => {
    const a = requireRole(request, 'operator');
    return ok(await saveAchRetention(deps.db, a.id, request.body.retention_days));
  });
};
export default ledgerRoutes;
