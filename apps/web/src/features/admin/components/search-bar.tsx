import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZPageQuery } from '@store/domain/admin';
import { Button } from '../../../components/ui/button';

/** The console lists' search text, as the shared ZPageQuery reads it (trimmed, at most 100 characters). */
const ZSearch = ZPageQuery.pick({ q: true });

/** A search box with its label; the search runs on submit. Extra filters go in `children`. */
export function SearchBar({
  label,
  initial = '',
  onSearch,
  children,
}: {
  label: string;
  initial?: string;
  onSearch: (q: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit } = useForm<z.input<typeof ZSearch>, unknown, z.output<typeof ZSearch>>({
    resolver: zodResolver(ZSearch),
    defaultValues: { q: initial },
  });
  return (
    <form className="admin-search" role="search" noValidate onSubmit={handleSubmit(({ q }) => onSearch(q ?? ''))}>
      <div className="field">
        <label className="field-label" htmlFor="admin-search-q">
          {label}
        </label>
        <input id="admin-search-q" className="input" type="search" maxLength={100} {...register('q')} />
      </div>
      {children}
      <Button type="submit">{t('Search')}</Button>
    </form>
  );
}
