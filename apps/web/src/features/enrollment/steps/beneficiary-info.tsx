import { lazy } from 'react';
import type { EnrollmentStep } from '../wizard/contract';
import { primeFieldDefs } from '../api/field-defs';

/**
 * Beneficiary information (enrollment.md): its form, with the unsaved beneficiaries kept through a reload (decision
 * 2890), loads when the step is reached, not with the wizard's first files (the enrollment page's 80 kB budget).
 */
export const step: EnrollmentStep = {
  tab: 'beneficiary_info',
  Component: lazy(() => import('./beneficiary-info/step-form')),
  prefetch: (enrollmentId) => primeFieldDefs('beneficiary', enrollmentId),
};
