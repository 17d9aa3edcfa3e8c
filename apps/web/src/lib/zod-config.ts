/**
 * The store's Content-Security-Policy forbids eval: zod must not probe for it (its JIT check calls Function(''),
 * which the browser reports as a violation). Imported first by main.tsx, before any zod module loads.
 *
 * zod keeps its settings in globalThis.__zod_globalConfig (zod/v4/core/core.js: `config()` merges into it), so
 * the setting is made there rather than through z.config(): importing zod here would put zod's core into the
 * first page's JavaScript (docs/decisions/0800-web-bundle.md). test/zod-config.test.ts checks that zod reads it.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };

export {};
