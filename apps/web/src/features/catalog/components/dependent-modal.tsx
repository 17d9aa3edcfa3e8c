import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@store/domain/texts';
import { childrenOptions, dependentFieldsFor } from '@store/domain/pricing';
import { dependentPopupProblems } from '@store/domain/catalog-rules';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { DateField, SelectField } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api-client';
import { catalogKeys, storeTempDependentInfo, useTempDependentInfo } from '../api/catalog';

/** 'Please provide the following information': spouse date of birth (IS, IF) and number of children (IC 1-9, IF 1-8). */
export function DependentModal({
  open,
  tempId,
  tier,
  planId,
  onClose,
  onSaved,
}: {
  open: boolean;
  tempId: string;
  tier: string;
  planId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useTempDependentInfo(open ? tempId : null);
  const [dob, setDob] = useState<string | null>(null);
  const [children, setChildren] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = dependentFieldsFor(tier);
  const depDob = dob ?? data?.spouse_dob ?? '';
  const kids = children ?? (data?.no_of_children ? String(data.no_of_children) : '');
  const save = async () => {
    const problems = dependentPopupProblems(tier, { dep_dob: depDob, no_of_children: kids });
    setErrors(Object.fromEntries(problems.map((p) => [p.target_element, p.error_message])));
    if (problems.length) return;
    setBusy(true);
    try {
      await storeTempDependentInfo({
        enrollment_id: tempId,
        plan_id: planId,
        dep_dob: fields.spouseDob ? depDob : undefined,
        no_of_children: fields.children ? kids : undefined,
      });
      await qc.invalidateQueries({ queryKey: catalogKeys.tempDeps(tempId) });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) setFormError(err.fieldErrors[0].error_message);
      else setFormError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t(TEXT.PROVIDE_FOLLOWING_INFO)}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={save} busy={busy}>
            {t('Save')}
          </Button>
        </>
      }
    >
      <Alert>{formError ? t(formError) : null}</Alert>
      {fields.spouseDob && (
        <DateField
          label={t('Spouse Date of Birth')}
          name="dep_dob"
          value={depDob}
          onChange={(e) => setDob(e.target.value)}
          error={errors.dep_dob}
          required
        />
      )}
      {fields.children && (
        <SelectField
          label={t('Number of Children')}
          name="no_of_children"
          value={kids}
          onChange={(e) => setChildren(e.target.value)}
          placeholder="Select"
          options={childrenOptions(tier).map((n) => ({ value: String(n), label: String(n) }))}
          error={errors.no_of_children}
          required
        />
      )}
    </Modal>
  );
}
