import type { ReactNode } from 'react';
import { Alert, Spinner } from '../../../components/ui/alert';

/**
 * A console read in its three states: the spinner while it loads, the page's error if it gives one, else the
 * content. Pages without an error text show the content (an empty table) when the read fails, as before.
 */
export function Loaded({ loading, error, children }: { loading: boolean; error?: ReactNode; children: ReactNode }) {
  if (loading) return <Spinner />;
  if (error) return <Alert>{error}</Alert>;
  return <>{children}</>;
}

/**
 * The console's table: scrollable in its frame (focusable for the keyboard), the column headers as given
 * (translated by the caller), `empty` in a full-width row when the rows are there and none, one `row` a row.
 */
export type AdminTableProps<T> = {
  columns: ReactNode[];
  /** The table's accessible name. */
  caption?: string;
  rows: readonly T[] | undefined;
  empty?: string;
  /** One row, with its key. */
  row: (item: T, index: number) => ReactNode;
};

export function AdminTable<T>({ columns, caption, rows, empty, row }: AdminTableProps<T>) {
  return (
    <div className="admin-table-wrap" tabIndex={0}>
      <table className="admin-table">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty && rows?.length === 0 && (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          )}
          {rows?.map((item, i) => row(item, i))}
        </tbody>
      </table>
    </div>
  );
}
