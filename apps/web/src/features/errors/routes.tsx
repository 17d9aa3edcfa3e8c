import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy';
import { NotFoundPage } from './not-found-page';

const LandingConfigErrorPage = lazyPage(() => import('./landing-config-error-page'), 'LandingConfigErrorPage');

export const routes: FeatureRoute[] = [
  { path: '/landing-config-error/:type', element: <LandingConfigErrorPage />, layout: 'bare' },
  { path: '/404', element: <NotFoundPage />, layout: 'bare' },
];
