import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy';

const StyleGuidePage = lazyPage(() => import('./style-guide-page'), 'StyleGuidePage');

/** The design system's page for developers: not linked from the store, not indexed, its code loaded only here. */
export const routes: FeatureRoute[] = [{ path: '/style-guide', element: <StyleGuidePage />, prefixable: false }];
