import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health-routes.ts';
import dependentsRoutes from './dependents-routes.ts';
import reviewRoutes from './review-routes.ts';
import agreementRoutes from './agreement-routes.ts';
import billingRoutes from './billing-routes.ts';
import receiptRoutes from './receipt-routes.ts';

/** The second half of the enrollment wizard: health, dependents, review, agreement, billing and the receipt. */
const enrollmentFinishRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(dependentsRoutes);
  await app.register(reviewRoutes);
  await app.register(agreementRoutes);
  await app.register(billingRoutes);
  await app.register(receiptRoutes);
};

export default enrollmentFinishRoutes;
