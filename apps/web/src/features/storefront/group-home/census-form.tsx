import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CENSUS_LIMITS, CENSUS_TEXT, ZCensusUpload, lineOfTarget } from '@store/domain/group-home';
import { ApiError } from '../../../lib/api-client';
import { ErrorSummary, summaryOfMessage, type SummaryItem } from '../../../components/form/error-summary';
import { FieldShell } from '../../../components/form/fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useUploadCensus } from './api/group-home';

/** The file field: one .csv file within the size limit (the server checks every line). */
const ZCensusFileForm = z.object({
  census_file: z
    .custom<FileList>((v) => typeof FileList !== 'undefined' && v instanceof FileList && v.length === 1, {
      error: CENSUS_TEXT.FILE_REQUIRED,
    })
    .refine((f) => /\.csv$/i.test(f[0]?.name ?? ''), { error: CENSUS_TEXT.NOT_CSV })
    .refine((f) => (f[0]?.size ?? 0) <= CENSUS_LIMITS.maxBytes, { error: CENSUS_TEXT.TOO_LARGE }),
  invite: z.boolean(),
});
type Form = z.infer<typeof ZCensusFileForm>;

/**
 * The census upload: a CSV file with the columns name, email, date of birth. Every line is checked first; if any
 * is bad, nothing is imported and each problem is listed with its line. Each new employee is invited by mail.
 */
export function CensusForm() {
  const { t } = useTranslation();
  const upload = useUploadCensus();
  const [attempts, setAttempts] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<Form>({
    resolver: zodResolver(ZCensusFileForm),
    defaultValues: { invite: true },
  });
  const fail = (message: string | null, lines: string[] = []) => {
    setFormError(message);
    setProblems(lines);
    setAttempts((a) => a + 1);
  };
  const submit = handleSubmit(
    async ({ census_file: file, invite }) => {
      setDone(null);
      setProblems([]);
      setFormError(null);
      const body = { file_name: file[0].name, csv: await file[0].text(), invite };
      const parsed = ZCensusUpload.safeParse(body);
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? CENSUS_TEXT.FILE_REQUIRED);
      try {
        const r = await upload.mutateAsync(parsed.data);
        setDone(t('{{added}} employees added, {{invited}} invited by e-mail, {{updated}} updated.', { ...r }));
        reset();
      } catch (err) {
        if (!(err instanceof ApiError)) return fail(t('Something went wrong. Please try again.'));
        const lines = err.fieldErrors.map((fe) => {
          const line = lineOfTarget(fe.target_element);
          return line ? t('Line {{line}}: {{problem}}', { line, problem: t(fe.error_message) }) : t(fe.error_message);
        });
        fail(err.message, lines);
      }
    },
    () => fail(null),
  );
  const fileError = formState.errors.census_file?.message;
  const items: SummaryItem[] = [
    ...summaryOfMessage(formError),
    ...(fileError ? [{ target: 'census_file', message: fileError }] : []),
    ...problems.map((message) => ({ target: 'census_file', message })),
  ];
  return (
    <form className="card form-stack group-home-card" noValidate onSubmit={submit} aria-labelledby="gh-census-title">
      <h2 id="gh-census-title">{t('Upload the census')}</h2>
      <ErrorSummary attempts={attempts} items={items} />
      <FieldShell
        label={t('Census file (CSV)')}
        name="census_file"
        error={
          fileError ? t(fileError) : problems.length ? t('Nothing was imported: correct these lines and upload the file again.') : null
        }
        hint={t('Columns: name, email, date of birth (mm/dd/yyyy). At most 1,000 employees and 200 kB.')}
      >
        {(control) => <input type="file" accept=".csv,text/csv" {...control} {...register('census_file')} />}
      </FieldShell>
      <label className="radio-option">
        <input type="checkbox" {...register('invite')} /> {t('Invite the new employees by e-mail now')}
      </label>
      {problems.length > 0 && (
        <ul className="group-home-problems" aria-label={t('Lines to correct')}>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <Alert kind="success">{done}</Alert>
      <div>
        <Button type="submit" busy={formState.isSubmitting}>
          {t('Upload and invite')}
        </Button>
      </div>
    </form>
  );
}
