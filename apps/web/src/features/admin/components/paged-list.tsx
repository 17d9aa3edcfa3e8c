import { useState, type ComponentProps, type ReactNode } from 'react';
import { SelectField } from '../../../components/form/fields';
import { AdminTable, Loaded, type AdminTableProps } from './admin-table';
import { Pager } from './pager';
import { SearchBar } from './search-bar';

/**
 * A server-paged list's search text, its one filter and its offset: a new search or filter starts at the first
 * page. `query` is the page to read (search text, offset and `limit` rows).
 */
export function useListState<F extends string = string>(limit = 25) {
  const [q, setQ] = useState('');
  const [filter, setFilterValue] = useState<F | ''>('');
  const [offset, setOffset] = useState(0);
  return {
    q,
    filter,
    offset,
    query: { q, offset, limit },
    setOffset,
    search: (value: string) => {
      setQ(value);
      setOffset(0);
    },
    setFilter: (value: F | '') => {
      setFilterValue(value);
      setOffset(0);
    },
  };
}
export type ListState<F extends string = string> = ReturnType<typeof useListState<F>>;

type FilterProps = Pick<ComponentProps<typeof SelectField>, 'label' | 'name' | 'placeholder' | 'options'>;

/** The list's filter as a select (applied at once). */
export function ListFilter<F extends string>({ list, ...select }: FilterProps & { list: ListState<F> }) {
  return <SelectField {...select} value={list.filter} onChange={(e) => list.setFilter(e.target.value as F | '')} />;
}

/** The list's search box, with its filter beside it when the list has one. */
export function ListSearch<F extends string>({ label, list, filter }: { label: string; list: ListState<F>; filter?: FilterProps }) {
  return (
    <SearchBar label={label} onSearch={list.search}>
      {filter && <ListFilter list={list} {...filter} />}
    </SearchBar>
  );
}

/** A list page of the console: its title, its actions (such as "Add a rep"), its search, then the list and more. */
export function ListPage<F extends string>({
  title,
  actions,
  search,
  filter,
  list,
  children,
}: {
  title: string;
  actions?: ReactNode;
  /** The search box's label. */
  search: string;
  filter?: FilterProps;
  list: ListState<F>;
  children: ReactNode;
}) {
  return (
    <section>
      <h1>{title}</h1>
      {actions && <div className="admin-actions">{actions}</div>}
      <ListSearch label={search} list={list} filter={filter} />
      {children}
    </section>
  );
}

/** A page of a server-paged list, as the console's list endpoints answer. */
type Page<T> = { items: T[]; total: number; limit: number; offset: number };
type PagedRead<T> = { isLoading: boolean; data?: Page<T> };

/** A server-paged list: its content once loaded (or the page's error), then previous / next. */
export function PagedList({
  list,
  error,
  onPage,
  children,
}: {
  list: PagedRead<unknown>;
  error?: ReactNode;
  onPage: (offset: number) => void;
  children: ReactNode;
}) {
  return (
    <>
      <Loaded loading={list.isLoading} error={error}>
        {children}
      </Loaded>
      {list.data && <Pager total={list.data.total} limit={list.data.limit} offset={list.data.offset} onChange={onPage} />}
    </>
  );
}

/** A server-paged list shown as a table (see AdminTable). */
export function PagedTable<T>({
  list,
  error,
  onPage,
  ...table
}: Omit<AdminTableProps<T>, 'rows'> & { list: PagedRead<T>; error?: ReactNode; onPage: (offset: number) => void }) {
  return (
    <PagedList list={list} error={error} onPage={onPage}>
      <AdminTable<T> {...table} rows={list.data?.items} />
    </PagedList>
  );
}
