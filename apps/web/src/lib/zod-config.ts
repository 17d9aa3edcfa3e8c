import { z } from 'zod';

/**
 * The store's Content-Security-Policy forbids eval: zod must not probe for it (its JIT check calls Function(''),
 * which the browser reports as a violation). Imported first by main.tsx.
 */
z.config({ jitless: true });
