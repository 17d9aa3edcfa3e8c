import { useTranslation } from 'react-i18next';

/**
 * Where a person is in a flow of steps: done steps ticked, the current one marked (aria-current="step"), the
 * rest waiting. The list is named by `label`; 'Steps: n of N' is said first, as the get-started wizard says it.
 */
export function Stepper({ steps, current, label }: { steps: string[]; current: number; label: string }) {
  const { t } = useTranslation();
  return (
    <nav className="stepper" aria-label={label}>
      <p className="stepper-count">{t('Steps: {{n}} of {{total}}', { n: current + 1, total: steps.length })}</p>
      <ol className="stepper-list">
        {steps.map((step, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'todo';
          return (
            <li key={step} className={`stepper-step stepper-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="stepper-dot" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              <span className="stepper-label">
                {step}
                {state === 'done' && <span className="sr-only"> ({t('done')})</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
