import { lazy, Suspense } from 'react';
import type { FeatureRoute } from '../../app/types';
import { Spinner } from '../../components/ui/alert';
import { PlansPage } from './plans-page';
import { PlanDetailPage } from './plan-detail-page';
import { MemberSelectPage } from './member-select-page';

/** /compare loads as its own chunk: it adds nothing to the first page's JavaScript. */
const ComparePage = lazy(async () => ({ default: (await import('./compare/compare-page')).ComparePage }));

export const routes: FeatureRoute[] = [
  { path: '/plans', element: <PlansPage /> },
  { path: '/plan/:id/:planName', element: <PlanDetailPage /> },
  { path: '/plan/:id', element: <PlanDetailPage /> },
  {
    path: '/compare',
    element: (
      <Suspense fallback={<Spinner />}>
        <ComparePage />
      </Suspense>
    ),
  },
  { path: '/agent-select-member', element: <MemberSelectPage kind="agent" /> },
  { path: '/group-select-member', element: <MemberSelectPage kind="group" /> },
];
