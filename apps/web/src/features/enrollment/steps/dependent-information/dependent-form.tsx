import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZDependentPrimaryInfo, type Relationship } from '@store/domain/dependents';
import { toFieldErrors } from '@store/domain/validation';
import { DateField, DigitsField, SelectField, SsnField, TextAreaField, TextField } from '../../../../components/form/fields';
import { Button } from '../../../../components/ui/button';
import { ErrorSummary, summaryOfMessage, summaryOfRecord } from '../../../../components/form/error-summary';
import { ApiError } from '../../../../lib/api-client';
import { PREGNANCY_QUESTION_ID } from '@store/domain/health';
import { answersFrom, errorsByControl, payloadOf, QuestionList, type HealthAnswers } from '../health-questions/question-list';
import type { FieldDefs } from '../../api/field-defs';
import { validateDependent, type DependentWire } from '../../api/dependents';
import { TEXT } from '@store/domain/texts';

export interface DependentValues {
  dependent_id?: string;
  relationship: Relationship;
  first_name: string;
  middle_name: string;
  last_name: string;
  birthdate: string;
  gender: string;
  ssn: string;
  weight: string;
  height_feet: string;
  height_inch: string;
}
export const emptyDependent = (relationship: Relationship): DependentValues => ({
  relationship,
  first_name: '',
  middle_name: '',
  last_name: '',
  birthdate: '',
  gender: '',
  ssn: '',
  weight: '',
  height_feet: '',
  height_inch: '',
});

/** Dates come back as yyyy-mm-dd from some sources; the form shows mm/dd/yyyy. */
export const usDate = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v.slice(5, 7)}/${v.slice(8, 10)}/${v.slice(0, 4)}` : v);

/** The values without empty ones, as an unemployed dependent (what the shared ZDependentPrimaryInfo reads). */
const filled = (v: DependentValues) =>
  Object.fromEntries(Object.entries({ ...v, employed: 0 }).filter(([, x]) => x !== '' && x !== undefined && x !== null));
/**
 * What is sent as primary_info: the values as the shared schema reads them. Only values the schema took are sent
 * (the panel's resolver checked them; a saved dependent is the server's own), so this does not throw in practice.
 */
export const primaryOf = (v: DependentValues): DependentWire['primary_info'] => ZDependentPrimaryInfo.parse(filled(v));

/**
 * The panel's rules: the shared ZDependentPrimaryInfo on what is sent, and weight and height only when the server
 * marks them required.
 */
const dependentResolver =
  (req: (name: keyof DependentValues) => boolean): Resolver<DependentValues> =>
  async (values) => {
    const fail = (list: { target_element: string; error_message: string }[]) => ({
      values: {},
      errors: Object.fromEntries(list.map((e) => [e.target_element, { type: 'validate', message: e.error_message }])),
    });
    const missing = (['weight', 'height_feet', 'height_inch'] as const).filter((n) => req(n) && !String(values[n] ?? '').trim());
    if (missing.length) return fail(missing.map((n) => ({ target_element: n, error_message: TEXT.FIELD_REQUIRED })));
    const parsed = ZDependentPrimaryInfo.safeParse(filled(values));
    if (!parsed.success) return fail(toFieldErrors(parsed.error.issues));
    return { values, errors: {} };
  };

/** The add or edit panel of a dependent: personal fields, optional health questions and notes; Cancel and Submit. */
/** The pregnancy question is not asked of a son or a husband (decision 2440). */
const notAsked = (gender: string | undefined) => (gender === '0' ? [PREGNANCY_QUESTION_ID] : []);

export function DependentForm({
  enrollmentId,
  mode,
  initial,
  initialHealth,
  healthQuestions,
  fieldDefs,
  onCancel,
  onSubmit,
}: {
  enrollmentId: string;
  mode: 'add' | 'edit';
  initial: DependentValues;
  initialHealth: unknown;
  healthQuestions: Parameters<typeof answersFrom>[0] | null;
  fieldDefs: FieldDefs;
  onCancel(): void;
  onSubmit(values: DependentValues, health: ReturnType<typeof payloadOf> | undefined): Promise<void>;
}) {
  const { t } = useTranslation();
  const req = (name: keyof DependentValues) => !!fieldDefs[name]?.required;
  const { handleSubmit, setError, setValue, watch, formState } = useForm<DependentValues>({
    defaultValues: initial,
    resolver: dependentResolver(req),
  });
  const v = watch();
  const [health, setHealth] = useState<HealthAnswers | null>(() =>
    healthQuestions ? answersFrom((initialHealth as never) ?? { ...healthQuestions, notes: '' }) : null,
  );
  const [formError, setFormError] = useState<string | null>(null);
  // The health answers' messages (health_info.<path> on the wire), beside their questions.
  const [healthErrors, setHealthErrors] = useState<Record<string, string>>({});
  const errors = Object.fromEntries(
    Object.entries(formState.errors).map(([k, e]) => [k, (e as { message?: string } | undefined)?.message ?? '']),
  ) as Record<string, string>;
  const f = (name: keyof DependentValues) => ({
    name: `${mode}_${name}`,
    value: v[name] ?? '',
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValue(name, e.target.value, { shouldDirty: true }),
  });
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    setHealthErrors({});
    try {
      const healthPayload = health ? payloadOf(health, notAsked(values.gender), true) : undefined;
      await validateDependent(enrollmentId, { primary_info: primaryOf(values), ...(healthPayload ? { health_info: healthPayload } : {}) });
      await onSubmit(values, healthPayload);
    } catch (err) {
      // Nothing typed is lost: the server's messages show beside their fields.
      if (err instanceof ApiError && err.fieldErrors.length) {
        const health = err.fieldErrors.filter((fe) => fe.target_element.startsWith('health_info.'));
        setHealthErrors(Object.fromEntries(health.map((fe) => [fe.target_element.slice('health_info.'.length), fe.error_message])));
        for (const fe of err.fieldErrors.filter((x) => !health.includes(x)))
          setError(fe.target_element.replace(/^(dependents\.\d+\.)?primary_info\./, '') as keyof DependentValues, {
            type: 'server',
            message: fe.error_message,
          });
        setFormError(
          err.fieldErrors.find((fe) => !/first_name|last_name|birthdate|gender|ssn|weight|height|^health_info\./.test(fe.target_element))
            ?.error_message ?? null,
        );
      } else setFormError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    }
  });
  const busy = formState.isSubmitting;
  const attempts = formState.submitCount;
  const title = mode === 'add' ? (v.relationship === 'spouse' ? 'Add Spouse' : 'Add Child') : 'Edit Dependent';
  return (
    <div className="dependent-form card" role="group" aria-label={t(title)}>
      <h3>{t(title)}</h3>
      <p>
        {t('Relationship')}: <strong>{t(v.relationship === 'spouse' ? 'Spouse' : 'Child')}</strong>
      </p>
      <ErrorSummary
        attempts={attempts}
        items={[
          ...summaryOfMessage(formError),
          ...summaryOfRecord(Object.fromEntries(Object.entries(errors).map(([k, m]) => [`${mode}_${k}`, m]))),
          ...(health ? summaryOfRecord(errorsByControl(`${mode}_dep_`, health, healthErrors, notAsked(v.gender), true)) : []),
        ]}
      />
      <div className="form-grid">
        <TextField label={t('First Name')} required maxLength={50} {...f('first_name')} />
        <TextField label={t('Middle Name')} maxLength={50} {...f('middle_name')} />
        <TextField label={t('Last Name')} required maxLength={50} {...f('last_name')} />
        <DateField label={t('Date of Birth')} required {...f('birthdate')} />
        <SelectField
          label={t('Gender')}
          required
          placeholder="Please select"
          options={[
            { value: '0', label: 'Male' },
            { value: '1', label: 'Female' },
          ]}
          {...f('gender')}
        />
        <SsnField label={t('SSN')} required {...f('ssn')} />
        <DigitsField label={t('Weight (lbs)')} maxDigits={3} required={req('weight')} {...f('weight')} />
        <DigitsField label={t('Height (feet)')} maxDigits={1} required={req('height_feet')} {...f('height_feet')} />
        <DigitsField label={t('Height (inches)')} maxDigits={2} required={req('height_inch')} {...f('height_inch')} />
      </div>
      {health && (
        <div className="dependent-health">
          <h4>{t('Health Questions')}</h4>
          <QuestionList
            value={health}
            onChange={setHealth}
            prefix={`${mode}_dep_`}
            errors={healthErrors}
            skip={notAsked(v.gender)}
            dropUnanswered
          />
          <TextAreaField
            label={t('Notes')}
            name={`${mode}_dep_notes`}
            value={health.notes}
            onChange={(e) => setHealth({ ...health, notes: e.target.value })}
          />
        </div>
      )}
      <div className="step-actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('Cancel')}
        </Button>
        <Button onClick={() => void submit()} busy={busy}>
          {t('Submit')}
        </Button>
      </div>
    </div>
  );
}
