import { useLayoutEffect, useRef, type ReactNode } from 'react';
import './stack-table.css';

/**
 * A list the homes show as a table (decision 2891): a real table when there is room (its caption, column headers and
 * row headers), and on a phone (under 600 px) each row a card where every cell shows its column's name, so nothing
 * scrolls sideways. It sits in a focusable region named `label` that may still scroll sideways when a wide table meets
 * a narrow card above the phone width.
 *
 * The rows (`children`) are the table's body; their cells are given their column's name here (`data-label`, shown by
 * stack-table.css on a phone and hidden from screen readers, which hear the column header), so a table never repeats
 * its column names per cell.
 */
export function StackTable({
  label,
  caption,
  columns,
  className,
  children,
}: {
  label: string;
  caption?: ReactNode;
  columns: string[];
  className?: string;
  children: ReactNode;
}) {
  const table = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    for (const row of table.current?.tBodies[0]?.rows ?? [])
      [...row.cells].forEach((cell, i) => {
        if (columns[i]) cell.dataset.label = columns[i];
        else delete cell.dataset.label;
      });
  });
  return (
    <div className="stack-table-region" role="region" aria-label={label} tabIndex={0}>
      <table className={['stack-table', className].filter(Boolean).join(' ')} ref={table}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
