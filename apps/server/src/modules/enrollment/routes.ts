import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

/**
 * The enrollment wizard, one aggregate (enrollment.md sections 2 to 5, decision 2360): the wizard's order and Save &
 * Continue Later, every step from personal information to billing with
 * its payment authorization, the receipt and the signed application.
 */
const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(wizardRoutes);
  await app.register(saveLaterRoutes);
  await app.register(personalRoutes);
  await app.register(contactRoutes);
  await app.register(employerRoutes);
  await app.register(beneficiaryRoutes);
  await app.register(healthRoutes);
  await app.register(dependentsRoutes);
  await app.register(reviewRoutes);
  await app.register(agreementRoutes);
  await app.register(billingRoutes);
  await app.register(authorizationRoutes);
  await app.register(receiptRoutes);
  await app.register(documentsRoutes);
};
export default enrollmentRoutes;
