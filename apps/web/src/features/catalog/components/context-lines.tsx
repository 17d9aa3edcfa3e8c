import { useTranslation } from 'react-i18next';
import { useSiteRules } from '../../../lib/site/site-context';
import { useStored } from '../../../lib/storage';
import type { TQuoteContext } from '@store/domain/contract/catalog';
import { useGroupAgentMemberInfo } from '../api/catalog';

/**
 * The selected group (with its code), the member of an existing-user quote and the portal (with its code). A page
 * whose own answer carries them passes `context` (null until it is here); otherwise they are asked for.
 */
export function ContextLines({ context }: { context?: TQuoteContext | null }) {
  const { t } = useTranslation();
  const { isDental } = useSiteRules();
  const tempId = useStored('tempId');
  const groupId = useStored('group_id');
  const openType = useStored('open_type');
  const storedPortal = useStored('portal_name');
  const storedPortalCode = useStored('portal_code');
  const asked = useGroupAgentMemberInfo(tempId, groupId, context === undefined).data;
  const data = context === undefined ? asked : context;
  const showGroup = !isDental || openType === 'group';
  const group = data?.group_info;
  const user = data?.user_info;
  const portal = data?.portal ?? (storedPortal ? { platform_name: storedPortal, platform_code: storedPortalCode ?? '' } : null);
  if (!(showGroup && group) && !user && !portal) return null;
  return (
    <dl className="context-lines">
      {showGroup && group && (
        <div>
          <dt>{t('Selected Group')}:</dt>
          <dd>
            {group.name} ({group.code})
          </dd>
        </div>
      )}
      {user && (
        <div>
          <dt>{t('Member')}:</dt>
          <dd>
            {user.first_name} {user.last_name}
          </dd>
        </div>
      )}
      {portal && (
        <div>
          <dt>{t('Portal')}:</dt>
          <dd>
            {portal.platform_name}
            {portal.platform_code ? ` (${portal.platform_code})` : ''}
          </dd>
        </div>
      )}
    </dl>
  );
}
