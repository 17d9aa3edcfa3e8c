import { lazy, Suspense } from 'react';
import type { FeatureRoute } from '../../app/types';
import { Spinner } from '../../components/ui/alert';
import { ContinueEnrollmentPage } from './continue/continue-enrollment-page';
import { DirectContinuePage } from './continue/direct-continue-page';

/** The wizard and its steps (signature pad included) load as their own chunk when enrollment begins. */
const WizardPage = lazy(async () => ({ default: (await import('./wizard/wizard-page')).WizardPage }));
/** The unsubscribe page of the reminder e-mails: its own small chunk. */
const UnsubscribePage = lazy(async () => ({ default: (await import('./reminders/unsubscribe-page')).UnsubscribePage }));

/** The enrollment wizard (/enrollment/<step>), the entry points that resume a saved enrollment, and the reminders' unsubscribe page. */
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
  {
    path: '/reminders/unsubscribe/:token',
    element: (
      <Suspense fallback={<Spinner />}>
        <UnsubscribePage />
      </Suspense>
    ),
  },
];
