import { lazy, Suspense } from 'react';
import type { FeatureRoute } from '../../app/types';
import { Spinner } from '../../components/ui/alert';
import { ContinueEnrollmentPage } from './continue/continue-enrollment-page';
import { DirectContinuePage } from './continue/direct-continue-page';

/** The wizard and its steps (signature pad included) load as their own chunk when enrollment begins. */
const WizardPage = lazy(async () => ({ default: (await import('./wizard/wizard-page')).WizardPage }));

/** The enrollment wizard (/enrollment/<step>) and the entry points that resume a saved enrollment. */
export const routes: FeatureRoute[] = [
  {
    path: '/enrollment/*',
    element: (
      <Suspense fallback={<Spinner />}>
        <WizardPage />
      </Suspense>
    ),
  },
  { path: '/continue-enrollment', element: <ContinueEnrollmentPage /> },
  { path: '/direct-continue/:id/:tab', element: <DirectContinuePage /> },
];
