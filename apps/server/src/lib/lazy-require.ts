import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use rather than at start-up (the store answers /healthz sooner):
 * `const zipcodes = lazyRequire<typeof import('zipcodes')>('zipcodes'); zipcodes().lookup(…)`.
 * `warm()` loads it ahead of need, e.g. once the server listens.
 */
export function lazyRequire<T>(id: string): (() => T) & { warm(): void } {
  let mod: T | undefined;
  const get = () => (mod ??= require(id) as T);
  return Object.assign(get, { warm: () => void get() });
}
