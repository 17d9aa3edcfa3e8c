import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@store/domain/codes';
import { TEXT, beneficiaryTotalMessage } from '@store/domain/texts';
import { ZBeneficiary, beneficiaryTotal, type TBeneficiaryForm } from '@store/domain/enrollment-beneficiaries';
import { DateField, DigitsField, SelectField, SsnField, TextField } from '../../../../components/form/fields';
import { Alert, Spinner } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ApiError } from '../../../../lib/api-client';
import { applyServerErrors } from '../../../../components/form/server-errors';
import { FormErrorSummary, ErrorSummary, summaryOfMessage } from '../../../../components/form/error-summary';
import type { StepProps } from '../../wizard/contract';
import { StepActions } from '../../wizard/step-actions';
import { useFieldDefs, type FieldDefs } from '../../api/field-defs';
import { useBeneficiaryRelationships } from '../../api/options';
import { saveBeneficiaries, useSavedBeneficiaries, validateBeneficiary } from '../../api/beneficiaries';
import { useStepRunner } from '../../wizard/step-runner';
import { TrashIcon } from '../../../../components/ui/icons';
import { useStepDraft } from '../../wizard/use-step-draft';
import { beneficiaryDraft, ssnMissing, type BeneficiaryRow as Row } from './draft';

const FIELDS = ['first_name', 'middle_name', 'last_name', 'birthdate', 'ssn', 'relationship', 'beneficiary_percentage'] as const;
const EMPTY: TBeneficiaryForm = {
  first_name: '',
  middle_name: '',
  last_name: '',
  birthdate: '',
  ssn: '',
  relationship: '' as TBeneficiaryForm['relationship'],
  beneficiary_percentage: '',
};

function BeneficiaryInfoStep({ nav }: StepProps) {
  const saved = useSavedBeneficiaries(nav.enrollmentId);
  // Which fields are required comes from the server (get-form-fields-beneficiary-info).
  const defs = useFieldDefs('beneficiary', nav.enrollmentId);
  if (saved.isError || defs.isError) return <Alert>{((saved.error ?? defs.error) as Error).message}</Alert>;
  if (!saved.data || !defs.data) return <Spinner />;
  return <BeneficiaryList nav={nav} initial={saved.data} defs={defs.data} />;
}

function BeneficiaryList({ nav, initial, defs }: StepProps & { initial: Row[]; defs: FieldDefs }) {
  const { t } = useTranslation();
  // The list as the person left it, saved with Next or not: a reload keeps it (without the SSNs, decision 2890).
  const [saved] = useState<Row[]>(() => initial.map((b) => ({ ...b, beneficiary_percentage: String(b.beneficiary_percentage) })));
  const draft = useStepDraft(nav.enrollmentId, 'beneficiary_info', saved, beneficiaryDraft(saved));
  const { value: list, set: setList } = draft;
  /** null: no panel; -1: adding; n: editing entry n. */
  const [panel, setPanel] = useState<number | null>(list.length ? null : -1);
  const [mainError, setMainError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const dummySetError = () => {};
  const { formRef, busy, run } = useStepRunner(nav, dummySetError as never, []);
  const total = beneficiaryTotal(list);
  const editing = panel !== null && panel >= 0;
  const canAdd = list.length < LIMITS.maxBeneficiaries && total < 100;
  const needsSsn = list.some(ssnMissing);
  const complete = list.length > 0 && total === 100 && !needsSsn;

  const save = async (mode: 'next' | 'later') => {
    setMainError(null);
    if (mode === 'later' && !complete) {
      nav.openSaveForLater();
      return;
    }
    let failure: unknown = null;
    const ok = await run(mode, async () => {
      try {
        await saveBeneficiaries(nav.enrollmentId, list);
        draft.clear();
      } catch (err) {
        failure = err;
        throw err;
      }
    });
    if (!ok) {
      // A single red main message: the last item wins.
      const items = failure instanceof ApiError ? failure.fieldErrors : [];
      setMainError(
        items.length
          ? items[items.length - 1].error_message
          : failure instanceof Error
            ? failure.message
            : 'Something went wrong. Please try again.',
      );
      setAttempts((n) => n + 1);
    }
  };

  return (
    <div className="step-form card" ref={formRef as unknown as React.RefObject<HTMLDivElement>}>
      <h2>{t('Beneficiary Information')}</h2>
      <ErrorSummary attempts={attempts} items={summaryOfMessage(mainError)} />
      {list.length > 0 && (
        <ul className="beneficiary-list">
          {list.map((b, i) => (
            <li key={b.beneficiary_id || i} className="beneficiary-item">
              <span>
                {t('Beneficiary #{{n}}', { n: i + 1 })}: {b.first_name} {b.last_name} ({b.beneficiary_percentage}%)
                {ssnMissing(b) && <span className="field-error"> {t(TEXT.BENEFICIARY_SSN_NEEDED)}</span>}
              </span>
              <span className="actions">
                <Button
                  variant="link"
                  aria-label={`${t('Edit')} ${t('Beneficiary #{{n}}', { n: i + 1 })}`}
                  disabled={editing}
                  onClick={() => setPanel(i)}
                >
                  ✎ {t('Edit')}
                </Button>
                <span title={editing ? t(TEXT.SUBMIT_EDITED_TO_DELETE) : t('Delete')}>
                  <Button
                    variant="link"
                    aria-label={`${t('Delete')} ${t('Beneficiary #{{n}}', { n: i + 1 })}`}
                    disabled={editing}
                    onClick={() => {
                      setList(list.filter((_, j) => j !== i));
                      setPanel(null);
                    }}
                  >
                    <TrashIcon /> {t('Delete')}
                  </Button>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {editing && <p className="field-hint">{t(TEXT.SUBMIT_EDITED_TO_DELETE)}</p>}
      {needsSsn && <Alert kind="info">{t(TEXT.BENEFICIARY_SSN_NOT_KEPT)}</Alert>}
      {list.length === 0 && panel === null && <Alert kind="info">{t(TEXT.ADD_BENEFICIARIES_FIRST)}</Alert>}
      {list.length > 0 && total !== 100 && <Alert>{t(beneficiaryTotalMessage(total))}</Alert>}
      {list.length >= LIMITS.maxBeneficiaries && <Alert kind="info">{t(TEXT.MAX_BENEFICIARIES)}</Alert>}
      {panel === null && canAdd && (
        <div>
          <Button variant="secondary" onClick={() => setPanel(-1)}>
            {t(TEXT.ADD_BENEFICIARY)}
          </Button>
        </div>
      )}
      {panel !== null && (
        <BeneficiaryForm
          key={panel}
          nav={nav}
          defs={defs}
          initial={panel >= 0 ? (list[panel] as TBeneficiaryForm) : EMPTY}
          title={panel >= 0 ? t('Edit Beneficiary #{{n}}', { n: panel + 1 }) : t('Add Beneficiary')}
          othersTotal={total - (panel >= 0 ? Number(list[panel].beneficiary_percentage) || 0 : 0)}
          count={panel >= 0 ? list.length - 1 : list.length}
          onCancel={() => setPanel(null)}
          onSubmit={(row) => {
            setList(panel >= 0 ? list.map((b, j) => (j === panel ? row : b)) : [...list, row]);
            setPanel(null);
            setMainError(null);
          }}
        />
      )}
      <StepActions
        onBack={nav.goBack}
        onSaveLater={() => void save('later')}
        onNext={() => void save('next')}
        nextType="button"
        nextHidden={!complete}
        nextDisabled={editing}
        nextTooltip={editing ? TEXT.SUBMIT_EDITED_TO_CONTINUE : undefined}
        busy={busy}
      />
    </div>
  );
}

function BeneficiaryForm({
  nav,
  defs,
  initial,
  title,
  othersTotal,
  count,
  onCancel,
  onSubmit,
}: StepProps & {
  defs: FieldDefs;
  initial: TBeneficiaryForm;
  title: string;
  othersTotal: number;
  count: number;
  onCancel(): void;
  onSubmit(row: Row): void;
}) {
  const { t } = useTranslation();
  const relationships = useBeneficiaryRelationships();
  const { register, handleSubmit, setError, formState } = useForm<TBeneficiaryForm>({
    resolver: zodResolver(ZBeneficiary),
    defaultValues: initial,
    shouldFocusError: false,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const err = (name: keyof TBeneficiaryForm) => formState.errors[name]?.message as string | undefined;
  const req = (name: keyof TBeneficiaryForm) => !!defs[name]?.required;
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    if (count >= LIMITS.maxBeneficiaries) {
      setFormError(TEXT.MAX_BENEFICIARIES);
      return;
    }
    const newTotal = othersTotal + Number(values.beneficiary_percentage);
    if (newTotal > 100) {
      setError('beneficiary_percentage', { type: 'manual', message: beneficiaryTotalMessage(newTotal) });
      return;
    }
    try {
      await validateBeneficiary(nav.enrollmentId, values);
    } catch (e) {
      setFormError(applyServerErrors(e, setError, FIELDS));
      return;
    }
    onSubmit({ ...values, beneficiary_percentage: String(values.beneficiary_percentage) });
  });
  return (
    <form className="card form-stack" noValidate onSubmit={submit} aria-label={title}>
      <h3>{title}</h3>
      <FormErrorSummary form={formState} formError={formError} />
      <div className="form-grid">
        <TextField
          label={t('First Name')}
          required={req('first_name')}
          maxLength={50}
          error={err('first_name')}
          {...register('first_name')}
        />
        <TextField
          label={t('Middle Name')}
          required={req('middle_name')}
          maxLength={50}
          error={err('middle_name')}
          {...register('middle_name')}
        />
        <TextField label={t('Last Name')} required={req('last_name')} maxLength={50} error={err('last_name')} {...register('last_name')} />
        <DateField label={t('Birthdate')} required={req('birthdate')} error={err('birthdate')} {...register('birthdate')} />
        <SsnField label={t('Social Security Number')} required={req('ssn')} error={err('ssn')} {...register('ssn')} />
        <SelectField
          label={t('Relationship')}
          required={req('relationship')}
          placeholder="Please select"
          options={(relationships.data ?? []).map((r) => ({ value: r.value, label: r.name }))}
          error={err('relationship')}
          {...register('relationship')}
        />
        <DigitsField
          label={t('Percentage')}
          required={req('beneficiary_percentage')}
          maxDigits={3}
          error={err('beneficiary_percentage')}
          {...register('beneficiary_percentage')}
        />
      </div>
      <div className="modal-actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Submit')}
        </Button>
      </div>
    </form>
  );
}

export default BeneficiaryInfoStep;
