import { useTranslation } from 'react-i18next';
import type { TabName } from '@store/domain/codes';
import { LOCKED_ROWS, LOCKED_ROW_NOTE, type Row } from './sections';

/**
 * "Check your answers" (the GOV.UK summary list): a section's answers on the page, each with a Change link to
 * the section's step. `onChange` stores the return marker and goes there; after saving that step the wizard
 * comes back to the review. The link's href is the step's address, so it also works as an ordinary link. A locked
 * answer (LOCKED_ROWS: the quote's, read-only on its step) has no Change link but says where it comes from.
 */
export function SectionAnswers({ tab, rows, href, onChange }: { tab: TabName; rows: Row[]; href: string; onChange(tab: TabName): void }) {
  const { t } = useTranslation();
  if (!rows.length) return <p className="muted">{t('Nothing entered yet')}</p>;
  const locked = new Set(LOCKED_ROWS[tab] ?? []);
  return (
    <dl className="summary-list">
      {rows.map(([label, value], i) => (
        <div key={i} className="summary-list-row">
          <dt>{t(label)}</dt>
          <dd>{value ? t(value) : '-'}</dd>
          <dd className="summary-list-action">
            {locked.has(label) ? (
              <span className="muted">{t(LOCKED_ROW_NOTE)}</span>
            ) : (
              <a
                href={href}
                onClick={(e) => {
                  e.preventDefault();
                  onChange(tab);
                }}
              >
                {t('Change')}
                <span className="sr-only"> {t(label)}</span>
              </a>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
