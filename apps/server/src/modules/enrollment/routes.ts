import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureOptions } from '../../lib/deps.ts';
import wizardRoutes from './wizard-routes.ts';
import saveLaterRoutes from './save-later-routes.ts';
import personalRoutes from './steps/personal-routes.ts';
import contactRoutes from './steps/contact-routes.ts';
import employerRoutes from './steps/employer-routes.ts';
import beneficiaryRoutes from './steps/beneficiary-routes.ts';
import healthRoutes from './steps/health-routes.ts';
import dependentsRoutes from './steps/dependents-routes.ts';
import reviewRoutes from './steps/review-routes.ts';
import agreementRoutes from './steps/agreement-routes.ts';
import billingRoutes from './steps/billing-routes.ts';
import receiptRoutes from './receipt/receipt-routes.ts';
import authorizationRoutes from './payment/authorization-routes.ts';
import documentsRoutes from './documents/documents-routes.ts';
import { purgeUnfinishedEnrollments } from './unfinished.ts';

/**
 * The enrollment wizard, one aggregate (enrollment.md sections 2 to 5, decision 2360): the wizard's order and Save &
 * Continue Later, every step from personal information to billing with
 * its payment authorization, the receipt and the signed application.
 */
const enrollmentRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  await app.register(wizardRoutes, { deps });
  await app.register(saveLaterRoutes, { deps });
  await app.register(personalRoutes, { deps });
  await app.register(contactRoutes, { deps });
  await app.register(employerRoutes, { deps });
  await app.register(beneficiaryRoutes, { deps });
  await app.register(healthRoutes, { deps });
  await app.register(dependentsRoutes, { deps });
  await app.register(reviewRoutes, { deps });
  await app.register(agreementRoutes, { deps });
  await app.register(billingRoutes, { deps });
  await app.register(authorizationRoutes, { deps });
  await app.register(receiptRoutes, { deps });
  await app.register(documentsRoutes, { deps });
  // Hourly in every process (a delete is safe to race): unfinished enrollments past their keep (decision 2580).
  const purge = setInterval(
    () => void purgeUnfinishedEnrollments(deps).catch((err) => deps.log.warn({ err }, 'unfinished enrollment purge failed')),
    3600_000,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
};
export default enrollmentRoutes;
