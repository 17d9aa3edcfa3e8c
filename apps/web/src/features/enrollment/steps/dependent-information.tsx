import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import {
  addButtons,
  dependentError,
  dependentHeading,
  nextAllowed,
  nextRelationship,
  onlySaveLater,
  premierChildProblem,
  showSpouseQuestion,
  type Relationship,
  type TDependentView,
} from '@store/domain/dependents';
import { ErrorSummary, summaryOfMessage } from '../../../components/form/error-summary';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import type { TDependentsResult } from '@store/domain/contract/enrollment-finish';
import { saveDependents, saveDependentsToTemp, useDependentsStep, validateDependent, type DependentWire } from '../api/dependents';
import { storage } from '../../../lib/storage';
import type { EnrollmentStep, StepProps } from '../wizard/contract';
import type { FieldDefs } from '../api/field-defs';
import { StepActions } from '../wizard/step-actions';
import { DependentForm, emptyDependent, primaryOf, usDate, type DependentValues } from './dependent-information/dependent-form';
import { SpouseQuestion } from './dependent-information/spouse-question';
import { TrashIcon } from '../../../components/ui/icons';

type Dep = Omit<TDependentView, 'health_info'> & { health_info?: DependentWire['health_info'] };
type DependentsResult = Pick<TDependentsResult, 'tier' | 'premier' | 'existing_member'> & { dependents: Dep[] };

/** Dependent information (enrollment.md 2.8, 4.7). */
function DependentInformationStep({ nav }: StepProps) {
  const data = useDependentsStep(nav.enrollmentId);
  if (data.isError) return <Alert>{(data.error as Error).message}</Alert>;
  if (!data.data) return <Spinner />;
  return <DependentsForm nav={nav} initial={data.data} />;
}

const valuesOf = (d: Dep): DependentValues => ({
  dependent_id: d.primary_info.dependent_id,
  relationship: d.primary_info.relationship,
  first_name: d.primary_info.first_name ?? '',
  middle_name: d.primary_info.middle_name ?? '',
  last_name: d.primary_info.last_name ?? '',
  birthdate: usDate(String(d.primary_info.birthdate ?? '')),
  gender: String(d.primary_info.gender ?? ''),
  ssn: d.primary_info.ssn ?? '',
  weight: String(d.primary_info.weight ?? ''),
  height_feet: String(d.primary_info.height_feet ?? ''),
  height_inch: String(d.primary_info.height_inch ?? ''),
});

const wire = (v: DependentValues, health?: DependentWire['health_info']): DependentWire => ({
  primary_info: primaryOf(v),
  ...(health ? { health_info: health } : {}),
});

function DependentsForm({
  nav,
  initial,
}: StepProps & { initial: DependentsResult & { healthQuestions: unknown; fieldDefs: FieldDefs; disclaimer: string } }) {
  const { t } = useTranslation();
  const { tier, premier, healthQuestions } = initial;
  const existingMember = initial.existing_member || storage.get('enroll_type') === 'existing-member';
  // The list is the form's `dependents` (react-hook-form); the server's answer to each save replaces it.
  // (watch and setValue rather than useFieldArray, whose code would add to the forms file every enrollment page loads.)
  const { watch, setValue } = useForm<{ dependents: Dep[] }>({ defaultValues: { dependents: initial.dependents } });
  const list = watch('dependents');
  const setList = (next: Dep[]) => setValue('dependents', next);
  const [spouseAccepted, setSpouseAccepted] = useState<boolean | null>(() => {
    if (!premier) return null;
    if (storage.get('isSpouseEnrollAccept') === 'true' || initial.dependents.some((d) => d.primary_info.relationship === 'spouse'))
      return true;
    return initial.dependents.length ? false : null;
  });
  const [panel, setPanel] = useState<{ mode: 'add'; relationship: Relationship } | { mode: 'edit'; index: number } | null>(null);
  const [mainError, setMainError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [busy, setBusy] = useState(false);
  const editing = panel?.mode === 'edit';
  const relationships = list.map((d) => d.primary_info.relationship);
  const rules = { tier, relationships, premier, spouseAccepted, existingMember };
  const buttons = addButtons(rules);
  const canNext = nextAllowed(rules);
  const childProblem = premierChildProblem(rules);

  const errorText = (err: unknown) => {
    if (err instanceof ApiError && err.fieldErrors.length) {
      const fe = err.fieldErrors[err.fieldErrors.length - 1];
      const m = /^dependents\.(\d+)\./.exec(fe.target_element);
      return m && !fe.error_message.startsWith('Dependent #') ? dependentError(Number(m[1]), t(fe.error_message)) : t(fe.error_message);
    }
    return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
  };

  /** Saves the list to the temporary store and reloads it from the server's answer. */
  const saveTemp = async (next: ReturnType<typeof wire>[]) => {
    const saved: Dep[] = await saveDependentsToTemp(nav.enrollmentId, next);
    const health = next.map((d) => d.health_info);
    setList(saved.map((d, i) => ({ ...d, health_info: health[i] ?? (d as Dep).health_info })));
  };
  const listWire = () => list.map((d) => wire(valuesOf(d), d.health_info));

  const onSubmitPanel = async (values: DependentValues, health: DependentWire['health_info']) => {
    const next = listWire();
    if (panel?.mode === 'edit') next[panel.index] = wire(values, health);
    else next.push(wire(values, health));
    await saveTemp(next);
    setPanel(null);
  };

  const onDelete = async (index: number) => {
    setMainError(null);
    const removed = list[index];
    const next = listWire().filter((_, i) => i !== index);
    try {
      await saveTemp(next);
      if (!next.length && premier) setSpouseAccepted(null);
      if (removed.primary_info.relationship === 'spouse' && premier && next.length) setSpouseAccepted(null);
    } catch (err) {
      setMainError(errorText(err));
    }
  };

  const onSpouseAnswer = async (answer: 'yes' | 'no') => {
    if (answer === 'yes') {
      setSpouseAccepted(true);
      storage.set('isSpouseEnrollAccept', true);
      const stashed = storage.getJson<ReturnType<typeof wire>>('tempDepData');
      if (stashed && !list.length) {
        await saveTemp([stashed]).catch(() => undefined);
        storage.remove('tempDepData');
      }
    } else {
      setSpouseAccepted(false);
      storage.set('isSpouseEnrollAccept', false);
      const spouseIndex = list.findIndex((d) => d.primary_info.relationship === 'spouse');
      if (spouseIndex >= 0) {
        storage.set('tempDepData', wire(valuesOf(list[spouseIndex])));
        await saveTemp(listWire().filter((_, i) => i !== spouseIndex)).catch((err) => setMainError(errorText(err)));
      }
    }
  };

  const saveAll = async (mode: 'next' | 'later') => {
    setMainError(null);
    setBusy(true);
    try {
      if (mode === 'next') await saveDependents(nav.enrollmentId, listWire());
      else
        for (const [i, d] of listWire().entries()) {
          try {
            await validateDependent(nav.enrollmentId, d);
          } catch (err) {
            throw err instanceof ApiError
              ? new ApiError(
                  err.status,
                  err.message,
                  err.fieldErrors.map((fe) => ({ ...fe, target_element: `dependents.${i}.${fe.target_element}` })),
                )
              : err;
          }
        }
    } catch (err) {
      setMainError(errorText(err));
      setAttempts((n) => n + 1);
      setBusy(false);
      return;
    }
    await nav.captureScreenshot(document.querySelector<HTMLElement>('.dependents-step'));
    setBusy(false);
    if (mode === 'next') nav.goNext();
    else nav.openSaveForLater();
  };

  const heading = dependentHeading(tier);
  const addTip = editing ? TEXT.SUBMIT_EDITED_TO_ADD : TEXT.CLICK_TO_ADD_DEPENDENT;
  const deleteTip = editing ? TEXT.SUBMIT_EDITED_TO_DELETE : 'Delete';
  const nextTip = editing ? TEXT.SUBMIT_EDITED_TO_CONTINUE : TEXT.CLICK_TO_CONTINUE;
  const next = nextRelationship(rules);

  return (
    <div className="step-form card dependents-step">
      <h2>{t(TEXT.DEPENDENT_INFORMATION)}</h2>
      {heading && <h3 className="dependents-required">{t(heading)}</h3>}
      <ErrorSummary attempts={attempts} items={summaryOfMessage(mainError)} />
      {initial.disclaimer && <p className="dependents-disclaimer">{t(initial.disclaimer)}</p>}
      {healthQuestions ? <Alert kind="info">{t(TEXT.ADD_EDIT_DEPENDENT_FIRST)}</Alert> : null}
      {showSpouseQuestion(rules) && <SpouseQuestion onAnswer={onSpouseAnswer} />}
      <ul className="dependent-list">
        {list.map((d, i) => (
          <li key={d.primary_info.dependent_id ?? i} className="dependent-row">
            <span>
              {t(d.primary_info.relationship === 'spouse' ? 'Spouse' : 'Child')} #{i + 1}: {d.primary_info.first_name}{' '}
              {d.primary_info.last_name}
            </span>
            <Button
              variant="link"
              onClick={() => setPanel({ mode: 'edit', index: i })}
              aria-label={`${t('Edit')} ${t('Dependent')} #${i + 1}`}
              disabled={editing && panel.index !== i}
            >
              ✎ {t('Edit')}
            </Button>
            <span title={t(deleteTip)}>
              <Button
                variant="link"
                onClick={() => void onDelete(i)}
                disabled={editing}
                aria-label={`${t('Delete')} ${t('Dependent')} #${i + 1}`}
              >
                <TrashIcon /> {t('Delete')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {panel ? (
        <DependentForm
          key={panel.mode === 'edit' ? `edit-${panel.index}` : `add-${list.length}`}
          enrollmentId={nav.enrollmentId}
          mode={panel.mode}
          initial={panel.mode === 'edit' ? valuesOf(list[panel.index]) : emptyDependent(panel.relationship)}
          initialHealth={panel.mode === 'edit' ? list[panel.index].health_info : null}
          healthQuestions={healthQuestions as never}
          fieldDefs={initial.fieldDefs}
          onCancel={() => setPanel(null)}
          onSubmit={onSubmitPanel}
        />
      ) : null}
      <div className="dependent-add">
        {(buttons.spouse || (editing && next === 'spouse')) && (
          <span title={t(addTip)}>
            <Button
              variant="secondary"
              disabled={editing || panel?.mode === 'add'}
              onClick={() => setPanel({ mode: 'add', relationship: 'spouse' })}
            >
              {t(TEXT.ADD_SPOUSE)}
            </Button>
          </span>
        )}
        {(buttons.child || (editing && next === 'child')) && (
          <span title={t(addTip)}>
            <Button
              variant="secondary"
              disabled={editing || panel?.mode === 'add'}
              onClick={() => setPanel({ mode: 'add', relationship: 'child' })}
            >
              {t(TEXT.ADD_CHILD)}
            </Button>
          </span>
        )}
        {editing && <span className="field-hint">{t(addTip)}</span>}
        {editing && <span className="field-hint">{t(deleteTip)}</span>}
      </div>
      {childProblem && <Alert>{t(childProblem)}</Alert>}
      {canNext && !editing && <Alert kind="success">{t(TEXT.PROCEED_CLICKING_NEXT)}</Alert>}
      {mainError && <Alert>{mainError}</Alert>}
      <StepActions
        onBack={nav.goBack}
        onSaveLater={() => void saveAll('later')}
        onNext={() => void saveAll('next')}
        nextType="button"
        nextHidden={!canNext || onlySaveLater(rules)}
        nextDisabled={editing}
        nextTooltip={nextTip}
        busy={busy}
      />
    </div>
  );
}

export const step: EnrollmentStep = { tab: 'dependent_info', Component: DependentInformationStep };
