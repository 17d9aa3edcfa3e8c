import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import wizardRoutes from './wizard-routes.ts';
import saveLaterRoutes from './save-later-routes.ts';
import personalRoutes from './personal-routes.ts';
import contactRoutes from './contact-routes.ts';
import employerRoutes from './employer-routes.ts';
import beneficiaryRoutes from './beneficiary-routes.ts';

/** The enrollment wizard, part one (enrollment.md sections 2 to 5). */
const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(wizardRoutes);
  await app.register(saveLaterRoutes);
  await app.register(personalRoutes);
  await app.register(contactRoutes);
  await app.register(employerRoutes);
  await app.register(beneficiaryRoutes);
};
export default enrollmentRoutes;
