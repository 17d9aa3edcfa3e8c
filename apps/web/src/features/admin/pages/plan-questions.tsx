import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZQuestionForm } from '@store/domain/admin-plans';
import { SelectField, TextAreaField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';
import { Button } from '../../../components/ui/button';
import { useCreateQuestion, useDeleteQuestion, useQuestions } from '../api';

type QOut = z.output<typeof ZQuestionForm>;

/** "Group | Option" or "Option", one per line, to the options of a checkbox question. */
export function parseOptionLines(text: string): QOut['options'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, i) => {
      const bar = line.indexOf('|');
      return bar < 0
        ? { option_id: i + 1, option_text: line, option_group: '' }
        : { option_id: i + 1, option_text: line.slice(bar + 1).trim(), option_group: line.slice(0, bar).trim() };
    });
}

/**
 * The add form's rules: the shared ZQuestionForm, with the options written as lines (`option_lines`) that become
 * `options` for a checkbox question.
 */
const ZQuestionEntry = ZQuestionForm.extend({ option_lines: z.string().default('') })
  .superRefine((v, ctx) => {
    if (v.question_sub_type !== 'checkbox') return;
    const options = parseOptionLines(v.option_lines);
    if (!options.length) ctx.addIssue({ code: 'custom', path: ['option_lines'], message: 'Enter at least one option.' });
    else if (options.some((o) => !o.option_text))
      ctx.addIssue({ code: 'custom', path: ['option_lines'], message: 'Every line needs an option after its group.' });
  })
  .transform(({ option_lines, ...v }): QOut => ({
    ...v,
    options: v.question_sub_type === 'checkbox' ? parseOptionLines(option_lines) : [],
  }));
type QIn = z.input<typeof ZQuestionEntry>;

/** The plan's questionnaire (plan_questions): list, add, delete. */
export function QuestionsEditor({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const questions = useQuestions(planId);
  const remove = useDeleteQuestion();
  const add = useCreateQuestion(planId);
  const outcome = useSaveOutcome();
  const { register, handleSubmit, setError, formState, reset, watch } = useForm<QIn, unknown, QOut>({
    resolver: zodResolver(ZQuestionEntry),
    defaultValues: { kind: 'questions', question_sub_type: 'text_field', options: [], option_lines: '' },
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  // The question added shows in the list above: no confirmation of its own.
  const onSubmit = handleSubmit(async (values) => {
    const saved = await outcome.attempt(
      () => add.mutateAsync(values),
      null,
      (err) => applyServerErrors(err, setError, ['question_text', 'decline_message', 'kind']),
    );
    if (saved)
      reset({ kind: values.kind, question_sub_type: 'text_field', options: [], question_text: '', decline_message: '', option_lines: '' });
  });
  const e = formState.errors;
  return (
    <div className="admin-card">
      <h2>{t('Questionnaire')}</h2>
      {questions.data?.length === 0 && <p className="muted">{t('No questions.')}</p>}
      <ol>
        {questions.data?.map((q) => (
          <li key={q.question_id}>
            {q.question_text}{' '}
            <span className="muted">
              ({q.kind}, {q.question_sub_type}
              {q.options.length ? `, ${q.options.length} ${t('options')}` : ''})
            </span>{' '}
            {q.options.length > 0 && (
              <ul>
                {q.options.map((o) => (
                  <li key={o.option_id}>
                    {o.option_group ? `${o.option_group}: ` : ''}
                    {o.option_text}
                  </li>
                ))}
              </ul>
            )}
            <Button variant="link" onClick={() => remove.mutate(q.question_id)}>
              {t('Delete')}
            </Button>
          </li>
        ))}
      </ol>
      <form onSubmit={onSubmit} noValidate>
        <h3>{t('Add a question')}</h3>
        <SaveOutcome outcome={outcome} form={formState} />
        <div className="admin-form">
          <div className="wide">
            <TextAreaField label={t('Question')} rows={2} error={e.question_text?.message} {...register('question_text')} />
          </div>
          <SelectField
            label={t('Kind')}
            options={[
              { value: 'questions', label: 'Enroll Now questions' },
              { value: 'aflac', label: 'Must be answered Yes' },
            ]}
            {...register('kind')}
          />
          <SelectField
            label={t('Answer type')}
            options={[
              { value: 'text_field', label: 'Yes / No' },
              { value: 'checkbox', label: 'Checkbox options' },
              { value: 'detail', label: 'Detail entry' },
            ]}
            {...register('question_sub_type')}
          />
          <TextField label={t('Decline message (a Yes declines)')} error={e.decline_message?.message} {...register('decline_message')} />
          {watch('question_sub_type') === 'checkbox' && (
            <div className="wide">
              <TextAreaField
                label={t('Options (one per line)')}
                hint={t('Write "Group | Option" to put an option in a group.')}
                rows={4}
                error={e.option_lines?.message}
                {...register('option_lines')}
              />
            </div>
          )}
        </div>
        <div className="admin-actions">
          <Button type="submit" busy={formState.isSubmitting}>
            {t('Add question')}
          </Button>
        </div>
      </form>
    </div>
  );
}
