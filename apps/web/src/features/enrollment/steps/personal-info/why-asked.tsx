import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRIVACY_TEXT, WHY_ASKED, type WhyAskedField } from '@store/domain/privacy';
import { paths } from '../../../../config/paths';

/**
 * The line under a sensitive field (issue 37): why the application asks it, and a link to /privacy, which says how it
 * is kept and who sees it. The link opens a new tab so nothing typed in the step is lost.
 */
export function WhyAsked({ field }: { field: WhyAskedField }) {
  const { t } = useTranslation();
  return (
    <>
      {t(WHY_ASKED[field])}{' '}
      <Link to={paths.privacy} target="_blank" rel="noopener">
        {t(PRIVACY_TEXT.LINK)}
        <span className="sr-only"> {t('(opens in a new tab)')}</span>
      </Link>
    </>
  );
}

/** The hint of a field the person cannot change here: why it is locked, then (when it is sensitive) why it is asked. */
const LOCKED = { quote: PRIVACY_TEXT.LOCKED_FROM_QUOTE, file: PRIVACY_TEXT.LOCKED_ON_FILE, zip: PRIVACY_TEXT.LOCKED_BY_ZIP } as const;

export function LockedHint({ reason, field }: { reason: keyof typeof LOCKED; field?: WhyAskedField }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="locked-note">{t(LOCKED[reason])}</span>
      {field && (
        <>
          {' '}
          <WhyAsked field={field} />
        </>
      )}
    </>
  );
}
