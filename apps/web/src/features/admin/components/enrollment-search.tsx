import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ENROLLMENT_STATUSES, ZEnrollmentSearch } from '@store/domain/admin-records';
import { isoToUs, usToIso } from '@store/domain/dates';
import { DateField, SelectField } from '../../../components/form/fields';
import { Button } from '../../../components/ui/button';

export const STATUS_LABELS: Record<string, string> = { quote: 'Quote', checked_out: 'Checked out', completed: 'Completed' };
export const DATE_FORMAT = 'Enter the date as mm/dd/yyyy.';

/** A date typed as mm/dd/yyyy (or left empty), sent as the shared ZEnrollmentSearch reads it (YYYY-MM-DD). */
const usDay = (shape: (typeof ZEnrollmentSearch.shape)['from']) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || usToIso(v) !== null, { error: DATE_FORMAT })
    .transform((v) => (v ? (usToIso(v) ?? '') : ''))
    .pipe(shape as unknown as z.ZodType<string | undefined, string>);
const ZSearchForm = z.object({
  q: ZEnrollmentSearch.shape.q,
  from: usDay(ZEnrollmentSearch.shape.from),
  to: usDay(ZEnrollmentSearch.shape.to),
});
type SearchIn = z.input<typeof ZSearchForm>;
type SearchOut = z.output<typeof ZSearchForm>;

/** The enrollments' search: name, confirmation number or id, status (applied at once) and creation dates. */
export function EnrollmentSearch({
  q,
  status,
  from,
  to,
  onSearch,
  onStatus,
}: {
  q: string;
  status: string;
  from: string;
  to: string;
  onSearch: (values: { q: string; from: string; to: string }) => void;
  onStatus: (status: string) => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<SearchIn, unknown, SearchOut>({
    resolver: zodResolver(ZSearchForm),
    defaultValues: { q, from: from ? isoToUs(from) : '', to: to ? isoToUs(to) : '' },
  });
  const e = formState.errors;
  return (
    <form
      className="admin-search"
      role="search"
      noValidate
      onSubmit={handleSubmit((v) => onSearch({ q: v.q ?? '', from: v.from ?? '', to: v.to ?? '' }))}
    >
      <div className="field">
        <label className="field-label" htmlFor="admin-search-q">
          {t('Name, confirmation number or enrollment id')}
        </label>
        <input id="admin-search-q" className="input" type="search" maxLength={100} {...register('q')} />
      </div>
      <SelectField
        label={t('Status')}
        name="status"
        placeholder="Any status"
        options={ENROLLMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        value={status}
        onChange={(ev) => onStatus(ev.target.value)}
      />
      <DateField label={t('Created from')} error={e.from?.message && t(e.from.message)} {...register('from')} />
      <DateField label={t('Created to')} error={e.to?.message && t(e.to.message)} {...register('to')} />
      <Button type="submit">{t('Search')}</Button>
    </form>
  );
}
