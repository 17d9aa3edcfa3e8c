import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy';

const PlansPage = lazyPage(() => import('./plans-page'), 'PlansPage');
const PlanDetailPage = lazyPage(() => import('./plan-detail-page'), 'PlanDetailPage');
const MemberSelectPage = lazyPage(() => import('./member-select-page'), 'MemberSelectPage');
/** /compare loads as its own chunk: it adds nothing to the first page's JavaScript. */
const ComparePage = lazyPage(() => import('./compare/compare-page'), 'ComparePage');

export const routes: FeatureRoute[] = [
  { path: '/plans', element: <PlansPage /> },
  { path: '/plan/:id/:planName', element: <PlanDetailPage /> },
  { path: '/plan/:id', element: <PlanDetailPage /> },
  { path: '/compare', element: <ComparePage /> },
  { path: '/agent-select-member', element: <MemberSelectPage kind="agent" /> },
  { path: '/group-select-member', element: <MemberSelectPage kind="group" /> },
];
