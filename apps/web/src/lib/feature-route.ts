import type { ReactNode } from 'react';

/**
 * A feature's route: features export `routes: FeatureRoute[]` from features/<feature>/routes.tsx and the
 * app router collects them. 'main' routes get the header and footer; 'bare' routes have neither (404,
 * landing-config-error). Routes also answer under the optional landing-name prefix (/{landing}/plans …, router.tsx).
 */
export interface FeatureRoute {
  path: string;
  element: ReactNode;
  layout?: 'main' | 'bare';
  /** Also served under a landing-name prefix, /{landing}/<path> (default true). */
  prefixable?: boolean;
}
