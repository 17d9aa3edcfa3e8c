import type { ReactNode } from 'react';

/**
 * A feature's route: features export `routes: FeatureRoute[]` from features/<feature>/routes.tsx and the
 * app router collects them. 'main' routes get the header and footer and also answer under the optional
 * landing-name prefix (/{landing}/plans …); 'bare' routes have neither (404, landing-config-error).
 */
export interface FeatureRoute {
  path: string;
  element: ReactNode;
  layout?: 'main' | 'bare';
  /** Also served as /:landing/<path> (default true for main routes). */
  prefixable?: boolean;
}
