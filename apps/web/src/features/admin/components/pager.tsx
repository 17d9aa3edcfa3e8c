import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** Previous / next over a server-paged list, with "from–to of total". */
export function Pager({
  total,
  limit,
  offset,
  onChange,
}: {
  total: number;
  limit: number;
  offset: number;
  onChange: (offset: number) => void;
}) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const from = offset + 1;
  const to = Math.min(offset + limit, total);
  return (
    <nav className="admin-pager" aria-label={t('Pages')}>
      <span>{t('{{from}}–{{to}} of {{total}}', { from, to, total })}</span>
      <Button variant="secondary" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        {t('Previous')}
      </Button>
      <Button variant="secondary" disabled={to >= total} onClick={() => onChange(offset + limit)}>
        {t('Next')}
      </Button>
    </nav>
  );
}
