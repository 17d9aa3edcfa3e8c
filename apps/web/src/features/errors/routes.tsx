import type { FeatureRoute } from '../../app/types';
import { LandingConfigErrorPage } from './landing-config-error-page';
import { NotFoundPage } from './not-found-page';

export const routes: FeatureRoute[] = [
  { path: '/landing-config-error/:type', element: <LandingConfigErrorPage />, layout: 'bare' },
  { path: '/404', element: <NotFoundPage />, layout: 'bare' },
];
