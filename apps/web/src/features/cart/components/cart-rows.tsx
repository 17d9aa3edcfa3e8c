import { useTranslation } from 'react-i18next';
import type { TCartRow } from '@store/domain/cart';

export const dollars = (price: string) => `$${price}`;

/** A plan row of the cart: logo, name, price and (when removable) the remove icon. */
export function CartRowItem({
  row,
  onRemove,
  onDetails,
}: {
  row: TCartRow;
  onRemove?: (row: TCartRow) => void;
  onDetails?: (row: TCartRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="cart-row card">
      {row.plan_logo ? (
        <img className="cart-row-logo" src={row.plan_logo} alt="" width={72} height={48} />
      ) : (
        <span className="cart-row-logo" aria-hidden="true" />
      )}
      {onDetails ? (
        <button type="button" className="cart-row-name btn-link" aria-haspopup="dialog" onClick={() => onDetails(row)}>
          {row.plan_name}
        </button>
      ) : (
        <span className="cart-row-name">{row.plan_name}</span>
      )}
      <span className="cart-row-price">
        {dollars(row.price)}
        <span className="muted"> {t('/month')}</span>
      </span>
      {onRemove && row.removable === 1 && (
        <button
          type="button"
          className="cart-row-remove"
          aria-label={t('Remove {{plan}}', { plan: row.plan_name })}
          title={t('Remove')}
          onClick={() => onRemove(row)}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
          </svg>
        </button>
      )}
    </li>
  );
}
