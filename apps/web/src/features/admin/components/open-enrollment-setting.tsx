import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useGroupOpenEnrollment, useSetGroupOpenEnrollment } from '../api';

const MODES = [
  { value: 'passive', label: 'Passive: coverage rolls over unless the employee changes it' },
  { value: 'active', label: 'Active: employees must choose again' },
] as const;

/** A group's open enrollment (issue 38, decision 2560): active or passive. */
export function OpenEnrollmentSetting({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const current = useGroupOpenEnrollment(groupId);
  const save = useSetGroupOpenEnrollment(groupId);
  const [choice, setChoice] = useState<'active' | 'passive' | null>(null);
  const [done, setDone] = useState(false);
  const value = choice ?? current.data?.open_enrollment ?? 'passive';
  return (
    <form
      className="admin-card"
      onSubmit={async (e) => {
        e.preventDefault();
        setDone(false);
        await save.mutateAsync({ open_enrollment: value });
        setDone(true);
      }}
    >
      <fieldset>
        <legend>{t('Open enrollment')}</legend>
        <div className="radio-options">
          {MODES.map((m) => (
            <label key={m.value} className="radio-option">
              <input type="radio" name="open_enrollment" value={m.value} checked={value === m.value} onChange={() => setChoice(m.value)} />
              {t(m.label)}
            </label>
          ))}
        </div>
      </fieldset>
      {done && <Alert kind="success">{t('Open enrollment saved.')}</Alert>}
      {save.error && <Alert>{t(save.error.message)}</Alert>}
      <div className="admin-actions">
        <Button type="submit" busy={save.isPending}>
          {t('Save open enrollment')}
        </Button>
      </div>
    </form>
  );
}
