import { useStored } from '../../../lib/storage';
import { Alert } from '../../../components/ui/alert';
import { useGroupWindow } from './api/group-home';
import { useWindowSentence } from './window-sentence';

/**
 * On a group's enrollment link (its landing page, or ?group_id=): outside the group's open-enrollment window, says
 * in words when it opens or that it ended (the server refuses to start the enrollment then, whatever the page does).
 */
export function EnrollmentWindowNotice() {
  const openType = useStored('open_type');
  const groupId = useStored('group_id');
  const w = useGroupWindow(openType === 'group' ? groupId : null);
  const sentence = useWindowSentence(w.data);
  if (!w.data || !sentence) return null;
  return (
    <div className="enrollment-window-notice">
      <Alert kind={w.data.state === 'open' ? 'info' : 'warning'}>{sentence}</Alert>
    </div>
  );
}
