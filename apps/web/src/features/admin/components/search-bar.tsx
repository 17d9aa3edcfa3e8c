import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

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
  const [q, setQ] = useState(initial);
  return (
    <form
      className="admin-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(q.trim());
      }}
    >
      <div className="field">
        <label className="field-label" htmlFor="admin-search-q">
          {label}
        </label>
        <input id="admin-search-q" className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      {children}
      <Button type="submit">{t('Search')}</Button>
    </form>
  );
}
