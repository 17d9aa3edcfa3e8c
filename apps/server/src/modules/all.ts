import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../lib/deps.ts';

/**
 * The feature modules' route plugins: the default export of every modules/<feature>/routes.ts, in folder
 * name order, read from disk. The built server (apps/server/build.ts) replaces this module with static
 * imports of the same files.
 */
export async function loadFeatureRoutes(): Promise<FastifyPluginAsync<FeatureOptions>[]> {
  const dir = import.meta.dirname;
  const out: FastifyPluginAsync<FeatureOptions>[] = [];
  for (const feature of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, feature, 'routes.ts');
    if (fs.existsSync(file)) out.push((await import(pathToFileURL(file).href)).default);
  }
  return out;
}
