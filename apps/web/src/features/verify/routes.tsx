import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy';

const VerifyPage = lazyPage(() => import('./verify-page'), 'VerifyPage');

/** /verify: anyone checks a signed application PDF (issue 22). */
export const routes: FeatureRoute[] = [{ path: '/verify', element: <VerifyPage /> }];
