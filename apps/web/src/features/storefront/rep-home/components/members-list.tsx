import { useTranslation } from 'react-i18next';
import { REP_HOME_DEFAULT_LIMIT } from '@store/domain/rep-home';
import { EOI_TEXT } from '@store/domain/coverage-changes';
import { useRepMembers } from '../api/get-rep-members';
import { ListFrame, useListState } from './list-frame';

/** The rep's members (the current-member table's columns; SSN masked; inactive plans marked). */
export function MembersList() {
  const { t } = useTranslation();
  const [state, setState] = useListState();
  const query = useRepMembers({ q: state.q, page: state.page, limit: REP_HOME_DEFAULT_LIMIT });
  return (
    <ListFrame
      list="members"
      title={t('My members')}
      caption={t('My members, by last name')}
      columns={[t('Name'), t('Date of Birth'), t('Email'), t('SSN'), t('Group'), t('Plans')]}
      state={state}
      onState={setState}
      query={query}
      limit={REP_HOME_DEFAULT_LIMIT}
      empty={t('No members yet.')}
    >
      {query.data?.items.map((m) => (
        <tr key={m.user_id}>
          <th scope="row">{m.name}</th>
          <td>{m.dob}</td>
          <td>{m.email}</td>
          <td>{m.ssn}</td>
          <td>{m.group_name ?? '—'}</td>
          <td>
            {m.plans.map((p) => (
              <span key={p.plan_name} className={p.plan_status === 'ACTIVE' ? 'rep-home-plan' : 'rep-home-plan rep-home-plan-inactive'}>
                {p.plan_name}
                {p.plan_status === 'ACTIVE' ? '' : ` (${t('inactive')})`}
                {(p.eoi_status === 'pending' || p.eoi_status === 'more_information') &&
                  ` (${t(EOI_TEXT.PENDING)}: ${t(EOI_TEXT.EXPECTED)})`}
              </span>
            ))}
          </td>
        </tr>
      ))}
    </ListFrame>
  );
}
