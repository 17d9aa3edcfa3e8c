import type { ComponentType } from 'react';
import type { TabName } from '@store/domain/codes';
import type { EnrollmentStep } from './contract';

/**
 * The steps, collected from features/enrollment/steps/*.tsx: each exports `step: EnrollmentStep`.
 * A module may instead export `receipt` (the thank-you page at /enrollment/receipt).
 */
const modules = import.meta.glob<{ step?: EnrollmentStep; receipt?: ComponentType }>('../steps/*.tsx', { eager: true });

export const STEPS: Partial<Record<TabName, EnrollmentStep>> = {};
export let ReceiptComponent: ComponentType | null = null;
for (const m of Object.values(modules)) {
  if (m.step) STEPS[m.step.tab] = m.step;
  if (m.receipt) ReceiptComponent = m.receipt;
}
