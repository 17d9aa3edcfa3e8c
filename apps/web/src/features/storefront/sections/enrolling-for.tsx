import { useTranslation } from 'react-i18next';
import { useStored } from '../../../lib/storage';
import { useSite } from '../../../lib/site/site-context';

/** For reps and group administrators after the portal choice: the chosen portal and group. */
export function EnrollingFor() {
  const { t } = useTranslation();
  const site = useSite();
  const eprocess = useStored('eprocess');
  const openType = useStored('open_type');
  const portal = useStored('portal_name');
  const gname = useStored('gname');
  if (eprocess !== 'rep' && eprocess !== 'group') return null;
  // The dental host hides the selected-group line unless open type is group.
  const showGroup = !!gname && (site.kind !== 'dental' || openType === 'group');
  return (
    <ul className="enrolling-for">
      {portal && (
        <li>
          {t('Enrollment portal')}: <strong>{portal}</strong>
        </li>
      )}
      {showGroup && (
        <li>
          {t('Selected group')}: <strong>{gname}</strong>
        </li>
      )}
    </ul>
  );
}
