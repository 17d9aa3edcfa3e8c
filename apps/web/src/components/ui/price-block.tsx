import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

/**
 * A monthly price, the most prominent thing on its card, with '/month' always said. `price` is already formatted
 * by the domain's money functions (formatCents): this component never computes money. `note` is a quiet line
 * under it (the tier, 'plus a one-time $5 fee' …); `size` 'lg' is for a plan's own page and the cart total.
 */
export function PriceBlock({
  price,
  label,
  note,
  size = 'md',
}: {
  price: string;
  /** A small caption above the price ('Monthly premium'). */
  label?: ReactNode;
  note?: ReactNode;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation();
  return (
    <div className={`price-block price-block-${size}`}>
      {label && <span className="price-label">{label}</span>}
      <span className="price-line">
        <span className="price-amount">{price}</span>
        <span className="price-per">{t('/month')}</span>
      </span>
      {note && <span className="price-note">{note}</span>}
    </div>
  );
}
