import type { KeyNumber } from '../compare/facts-text';
import '../plan-content.css';

/** A plan's key numbers as a list of terms (the card) or a table (the plan page). */
export function KeyNumbers({ items, table, caption }: { items: KeyNumber[]; table?: boolean; caption?: string }) {
  if (!items.length) return null;
  if (table)
    return (
      <table className="key-numbers-table">
        {caption && <caption>{caption}</caption>}
        <tbody>
          {items.map((k) => (
            <tr key={k.label}>
              <th scope="row">{k.label}</th>
              <td>{k.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <dl className="key-numbers">
      {items.map((k) => (
        <div key={k.label}>
          <dt>{k.label}</dt>
          <dd>{k.value}</dd>
        </div>
      ))}
    </dl>
  );
}
