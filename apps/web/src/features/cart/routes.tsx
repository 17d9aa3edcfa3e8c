import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy';

const CartPage = lazyPage(() => import('./components/cart-page'), 'CartPage');

export const routes: FeatureRoute[] = [{ path: '/cart', element: <CartPage /> }];
