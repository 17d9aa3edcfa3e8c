import { Navigate } from 'react-router';
import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy';

const MemberTierLinkPage = lazyPage(() => import('./member-tier-link-page'), 'MemberTierLinkPage');
const PlanQuestionViewPage = lazyPage(() => import('./plan-question-view-page'), 'PlanQuestionViewPage');
const ConfirmationPage = lazyPage(() => import('./confirmation-page'), 'ConfirmationPage');

/**
 * Entry points of storefront.md's route table whose content the documents do not show: /external,
 * /website and /BenAdvanceHome (start-up stores what their query says, then the home page), the member
 * tier link, the static question mock-up and the confirmation page.
 */
export const routes: FeatureRoute[] = [
  { path: '/external', element: <Navigate to="/" replace /> },
  { path: '/website', element: <Navigate to="/" replace /> },
  { path: '/BenAdvanceHome', element: <Navigate to="/" replace /> },
  { path: '/member-benefit-store/:id/:tier', element: <MemberTierLinkPage /> },
  { path: '/PlanQuestionView', element: <PlanQuestionViewPage /> },
  { path: '/confirmation', element: <ConfirmationPage /> },
];
