import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZQuestionForm } from '@store/domain/admin';
import { SelectField, TextAreaField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useCreateQuestion, useDeleteQuestion, useQuestions } from '../api';

type QIn = z.input<typeof ZQuestionForm>;
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

/** The plan's questionnaire (plan_questions): list, add, delete. */
export function QuestionsEditor({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const questions = useQuestions(planId);
  const remove = useDeleteQuestion();
  const add = useCreateQuestion(planId);
  const [formError, setFormError] = useState<string | null>(null);
  const [optionLines, setOptionLines] = useState('');
  const [optionsError, setOptionsError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset, watch } = useForm<QIn, unknown, QOut>({
    resolver: zodResolver(ZQuestionForm),
    defaultValues: { kind: 'questions', question_sub_type: 'text_field', options: [] },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setOptionsError(null);
    const options = values.question_sub_type === 'checkbox' ? parseOptionLines(optionLines) : [];
    if (values.question_sub_type === 'checkbox' && !options.length) {
      setOptionsError('Enter at least one option.');
      return;
    }
    if (options.some((o) => !o.option_text)) {
      setOptionsError('Every line needs an option after its group.');
      return;
    }
    try {
      await add.mutateAsync({ ...values, options });
      reset({ kind: values.kind, question_sub_type: 'text_field', options: [], question_text: '', decline_message: '' });
      setOptionLines('');
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['question_text', 'decline_message', 'kind']));
    }
  });
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
        <Alert>{formError && t(formError)}</Alert>
        <div className="admin-form">
          <div className="wide">
            <TextAreaField label={t('Question')} rows={2} error={formState.errors.question_text?.message} {...register('question_text')} />
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
          <TextField
            label={t('Decline message (a Yes declines)')}
            error={formState.errors.decline_message?.message}
            {...register('decline_message')}
          />
          {watch('question_sub_type') === 'checkbox' && (
            <div className="wide">
              <TextAreaField
                label={t('Options (one per line)')}
                name="option_lines"
                hint={t('Write "Group | Option" to put an option in a group.')}
                rows={4}
                value={optionLines}
                onChange={(ev) => setOptionLines(ev.target.value)}
                error={optionsError ? t(optionsError) : undefined}
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
