import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';

/**
 * The API's documentation for people: Swagger UI at /api/docs, over the OpenAPI document that @fastify/swagger
 * builds from the routes' zod schemas (also at /api/docs/json and /api/openapi.json).
 *
 * Its page runs under the store's own Content-Security-Policy: Swagger UI's scripts and style sheets are files of
 * this origin (no inline script), its inline styles and data: images are what the policy already allows, and it
 * fetches the document from this origin. Nothing is relaxed for it; the validator badge (an image from
 * validator.swagger.io) is turned off rather than allowed.
 */
export default async function apiDocs(app: FastifyInstance) {
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null, deepLinking: false },
    staticCSP: false,
  });
}
