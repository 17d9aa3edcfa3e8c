import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STEP_ROUTES } from '@store/domain/codes';
import { REP_HOME_DEFAULT_LIMIT, RESEND_SENT, type TRepInProgress } from '@store/domain/rep-home';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { useRepInProgress } from '../api/get-rep-in-progress';
import { useResendRepCode } from '../api/resend-rep-code';
import { useOpenRepEnrollment } from '../api/open-rep-enrollment';
import { ListFrame, useListState } from './list-frame';
import { formatWhen } from './format';

/** Enrollments in progress: who, the step reached, last saved, the reminder; resend the code or open it. */
export function InProgressList() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useListState();
  const query = useRepInProgress({ q: state.q, page: state.page, limit: REP_HOME_DEFAULT_LIMIT });
  const resend = useResendRepCode();
  const open = useOpenRepEnrollment();
  const [notice, setNotice] = useState<string | null>(null);

  const onResend = (e: TRepInProgress) => {
    setNotice(null);
    resend.mutate(e.enrollment_id, { onSuccess: () => setNotice(t(RESEND_SENT)) });
  };
  const onOpen = (e: TRepInProgress) =>
    open.mutate(e.enrollment_id, { onSuccess: () => navigate(`/enrollment/${STEP_ROUTES[e.step].path}`) });

  return (
    <ListFrame
      list="in-progress"
      title={t('Enrollments in progress')}
      caption={t('Enrollments in progress, last saved first')}
      columns={[t('Name'), t('Step'), t('Last saved'), t('Reminder'), t('Actions')]}
      state={state}
      onState={setState}
      query={query}
      limit={REP_HOME_DEFAULT_LIMIT}
      empty={t('No enrollment in progress.')}
      summary={
        <div aria-live="polite">
          {notice ? <p className="rep-home-notice">{notice}</p> : null}
          {resend.error || open.error ? <Alert>{((resend.error ?? open.error) as Error).message}</Alert> : null}
        </div>
      }
    >
      {query.data?.items.map((e) => (
        <tr key={e.enrollment_id}>
          <th scope="row">{e.name}</th>
          <td>{t(STEP_ROUTES[e.step].title)}</td>
          <td>{formatWhen(e.last_saved_at, i18n.language)}</td>
          <td>{e.reminder_sent_at ? t('Sent {{when}}', { when: formatWhen(e.reminder_sent_at, i18n.language) }) : t('Not sent')}</td>
          <td className="rep-home-actions">
            <Button variant="secondary" onClick={() => onOpen(e)} busy={open.isPending && open.variables === e.enrollment_id}>
              {t('Open')}
              <span className="sr-only"> {e.name}</span>
            </Button>
            {e.can_resend ? (
              <Button variant="secondary" onClick={() => onResend(e)} busy={resend.isPending && resend.variables === e.enrollment_id}>
                {t('Resend code')}
                <span className="sr-only"> {e.name}</span>
              </Button>
            ) : null}
          </td>
        </tr>
      ))}
    </ListFrame>
  );
}
