import type { FeatureRoute } from '../../app/types';
import { LandingPage } from './landing-page';

export const routes: FeatureRoute[] = [{ path: '/:landing', element: <LandingPage />, prefixable: false }];
