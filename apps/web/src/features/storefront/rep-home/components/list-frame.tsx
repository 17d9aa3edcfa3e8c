import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRepHomeList } from '@store/domain/rep-home';
import { Alert, Spinner } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { StackTable } from '../../../../components/ui/stack-table';
import { repListCsvHref } from '../api/export-rep-list';

/** The search and page a list asks the server for. */
export interface ListState {
  q: string;
  page: number;
}

export function useListState(): [ListState, (s: ListState) => void] {
  const [state, setState] = useState<ListState>({ q: '', page: 1 });
  return [state, setState];
}

/**
 * One list of the rep's home: a heading, a search form (the server searches), the table in a scrolling region with a
 * caption (usable at 375 px), a pager (Previous / Next, page n of m) and the CSV of the same search.
 */
export function ListFrame(props: {
  list: TRepHomeList;
  title: string;
  caption: string;
  columns: string[];
  state: ListState;
  onState: (s: ListState) => void;
  /** The list's query: its page's `total` and `more` (more rows than `total`: the server counts up to a cap). */
  query: { data?: { total: number; more?: boolean }; isLoading: boolean; error: unknown };
  limit: number;
  empty: string;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const searchId = useId();
  const [draft, setDraft] = useState(props.state.q);
  const { page, q } = props.state;
  const { total, more } = props.query.data ?? {};
  const { isLoading: loading, error } = props.query;
  const pages = Math.max(1, Math.ceil((total ?? 0) / props.limit), more ? page : 1);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onState({ q: draft.trim(), page: 1 });
  };
  return (
    <section className="rep-home-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      {props.summary}
      <form className="rep-home-search" role="search" aria-label={props.title} onSubmit={submit}>
        <label htmlFor={searchId}>{t('Search by name')}</label>
        <input id={searchId} className="input" type="search" value={draft} maxLength={80} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit" variant="secondary">
          {t('Search')}
        </Button>
        <a className="btn btn-link" href={repListCsvHref(props.list, q)} download={`${props.list}.csv`}>
          {t('Download CSV')}
          <span className="sr-only"> ({props.title})</span>
        </a>
      </form>
      {error ? <Alert>{(error as Error).message}</Alert> : null}
      {loading && total === undefined ? (
        <Spinner />
      ) : total === 0 ? (
        <p>{q ? t('Nothing matches this search.') : props.empty}</p>
      ) : (
        <>
          {/* On a phone each row is a card and each cell says its column (issue 37: the table was cut at 375 px). */}
          <StackTable label={props.caption} caption={props.caption} columns={props.columns}>
            {props.children}
          </StackTable>
          <nav className="rep-home-pager" aria-label={t('Pages of {{list}}', { list: props.title })}>
            <Button variant="secondary" disabled={page <= 1} onClick={() => props.onState({ q, page: page - 1 })}>
              {t('Previous')}
            </Button>
            <span aria-live="polite">
              {more
                ? t('Page {{page}} of more than {{pages}} (more than {{total}})', { page, pages, total: total ?? 0 })
                : t('Page {{page}} of {{pages}} ({{total}} in all)', { page, pages, total: total ?? 0 })}
            </span>
            <Button variant="secondary" disabled={page >= pages && !more} onClick={() => props.onState({ q, page: page + 1 })}>
              {t('Next')}
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
