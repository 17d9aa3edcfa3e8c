import { useTranslation } from 'react-i18next';
import type { StepActionsProps } from './contract';
import { Button } from '../../../components/ui/button';

/** Back, Save & Continue Later and Next: the shared buttons of every step. */
export function StepActions({
  onBack,
  onSaveLater,
  onNext,
  nextType = 'submit',
  nextDisabled,
  nextHidden,
  nextTooltip,
  busy,
  nextLabel,
  saveLaterHidden,
}: StepActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="step-actions">
      <Button variant="secondary" onClick={onBack} disabled={busy}>
        {t('Back')}
      </Button>
      {!saveLaterHidden && (
        <Button variant="secondary" onClick={onSaveLater} disabled={busy}>
          {t('Save & Continue Later')}
        </Button>
      )}
      {!nextHidden && (
        <span className="step-next" title={nextTooltip ? t(nextTooltip) : undefined}>
          <Button
            type={nextType}
            onClick={nextType === 'button' ? onNext : undefined}
            disabled={nextDisabled}
            busy={busy}
            aria-describedby={nextTooltip && nextDisabled ? 'step-next-hint' : undefined}
          >
            {nextLabel ?? t('Next')}
          </Button>
          {nextTooltip && nextDisabled && (
            <span id="step-next-hint" className="field-hint">
              {t(nextTooltip)}
            </span>
          )}
        </span>
      )}
    </div>
  );
}
