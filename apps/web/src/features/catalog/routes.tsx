import type { FeatureRoute } from '../../app/types';
import { PlansPage } from './plans-page';
import { PlanDetailPage } from './plan-detail-page';
import { MemberSelectPage } from './member-select-page';

export const routes: FeatureRoute[] = [
  { path: '/plans', element: <PlansPage /> },
  { path: '/plan/:id/:planName', element: <PlanDetailPage /> },
  { path: '/plan/:id', element: <PlanDetailPage /> },
  { path: '/agent-select-member', element: <MemberSelectPage kind="agent" /> },
  { path: '/group-select-member', element: <MemberSelectPage kind="group" /> },
];
