import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';

const CONTRACT_DIR = path.resolve(import.meta.dirname, '../../../packages/domain/src/contract');

interface RouteOnly {
  method: string;
  path: string;
  changing?: boolean;
}
const isEndpoint = (v: unknown): v is RouteOnly =>
  !!v && typeof v === 'object' && typeof (v as RouteOnly).method === 'string' && typeof (v as RouteOnly).path === 'string';

/**
 * The web app calls the contract's endpoints (packages/domain/src/contract) for their method and path only; their
 * zod schemas type the calls at compile time and validate on the server. So that a page's script does not carry zod
 * and every schema of the calls it makes (the catalog pages hold no zod: docs/decisions/0910), the browser's copy of
 * each contract file keeps each endpoint's method, path and `changing` flag, read from the real module at build time.
 * The types still come from the real file; a web import of anything but an endpoint from a contract file fails the build.
 */
export function contractRoutes(): Plugin {
  return {
    name: 'store-contract-routes',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0];
      if (path.dirname(file) !== CONTRACT_DIR || path.basename(file) === 'endpoint.ts') return null;
      const { module } = await runnerImport<Record<string, unknown>>(file, { configFile: false, logLevel: 'silent' });
      this.addWatchFile(file);
      return Object.entries(module)
        .filter((entry): entry is [string, RouteOnly] => isEndpoint(entry[1]))
        .map(
          ([name, e]) =>
            `export const ${name} = ${JSON.stringify({ method: e.method, path: e.path, ...(e.changing ? { changing: true } : {}) })};`,
        )
        .join('\n');
    },
  };
}
