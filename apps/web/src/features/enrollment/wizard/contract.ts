import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { TabName } from '@store/domain/codes';

/**
 * The contract between the enrollment wizard (orchestrator, navigation bar, shared buttons and the
 * Save & Continue Later modal, in features/enrollment/wizard/) and its steps.
 *
 * A step is a file features/enrollment/steps/<route-path>.tsx exporting
 *   export const step: EnrollmentStep = { tab: 'primary_health_info', Component: HealthQuestionsStep };
 * The wizard collects the steps with import.meta.glob, shows those the server's dynamic tabs mark
 * required, in their order, at /enrollment/<STEP_ROUTES[tab].path>.
 */
export interface StepNav {
  enrollmentId: string;
  /** The required tabs in order (from /get-dynamic-tabs). */
  tabs: TabName[];
  /** After a successful save: the next step, or review-confirm when a navto marker is stored (then cleared). */
  goNext(): void;
  /** The previous step (the first step goes back to /cart). */
  goBack(): void;
  /** Go to another step's route (review's Edit Details stores navto first). */
  goTo(tab: TabName | 'receipt'): void;
  /** Opens the shared 'code-send' modal; call after the step's data is saved (or re-validated). */
  openSaveForLater(): void;
  /** Uploads the PNG of the given element as this step's record; failures are ignored. */
  captureScreenshot(element: HTMLElement | null): Promise<void>;
}

export interface StepProps {
  nav: StepNav;
}

export interface EnrollmentStep {
  tab: TabName;
  Component: ComponentType<StepProps>;
  /**
   * Starts the step's first requests before it renders (wizard/api.ts primeFieldDefs, prefetchOptions): on the
   * wizard's first load the step is known from the address while the tabs are still on their way.
   */
  prefetch?(enrollmentId: string, queryClient: QueryClient): void;
}

/**
 * Shared buttons of every step, rendered by the step at the bottom of its form:
 *   <StepActions onBack={nav.goBack} onSaveLater={…} onNext={…} nextDisabled nextHidden nextTooltip busy />
 * exported from features/enrollment/wizard/step-actions.tsx.
 */
export interface StepActionsProps {
  onBack(): void;
  onSaveLater(): void;
  onNext?(): void;
  /** Next submits the step's form when it is a submit button (default). */
  nextType?: 'submit' | 'button';
  nextDisabled?: boolean;
  nextHidden?: boolean;
  nextTooltip?: string;
  busy?: boolean;
  /** Next's words when they are not 'Next' (already translated): the billing step's enroll-and-pay button. */
  nextLabel?: string;
  /** Hide Save & Continue Later (not used by the documents' steps, which all show it). */
  saveLaterHidden?: boolean;
}
