import { useMemo, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { LIMITS } from '@store/domain/codes';
import type { TMemberRow } from '@store/domain/catalog';
import { Alert, Spinner } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/form/fields';
import { storage } from '../../lib/storage';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/auth/get-me';
import { createExistingMemberFilter } from '../../lib/quote/filter';
import { fetchAgentMembers, fetchGroupUsers } from './api/catalog';
import { TierModal } from './components/plan-modals';
import './catalog.css';

/** Pages of an abbreviated pager: first, last, current and its neighbours, with gaps as null. */
export function pagerPages(current: number, total: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - current) <= 1) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/** /agent-select-member and /group-select-member: the signed-in owner's current members. */
export function MemberSelectPage({ kind }: { kind: 'agent' | 'group' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const allowed = me.data?.role === (kind === 'agent' ? 'rep' : 'group');
  const members = useQuery({
    queryKey: ['current-members', kind],
    enabled: allowed,
    queryFn: kind === 'agent' ? fetchAgentMembers : fetchGroupUsers,
  });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<TMemberRow | null>(null);
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (members.data ?? []).filter(
      (m) =>
        !q ||
        [m.name, m.email ?? '', m.dob, m.group_info.group_name ?? '', ...m.plan_info.map((p) => p.plan_name)].some((v) =>
          v.toLowerCase().includes(q),
        ),
    );
  }, [members.data, search]);
  const per = LIMITS.membersPerPage;
  const pages = Math.max(1, Math.ceil(rows.length / per));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * per, current * per);

  if (me.isLoading) return <Spinner />;
  if (!me.data?.signed_in) return <Navigate to={paths.signIn} replace />;
  if (!allowed)
    return (
      <div className="page">
        <Alert>{t('This page is for the signed-in owner of these members.')}</Alert>
      </div>
    );

  const enroll = async (tier: string) => {
    if (!chosen) return;
    const r = await createExistingMemberFilter({
      user_id: chosen.user_id,
      tier,
      eprocess: kind === 'agent' ? 'rep' : 'group',
      group_id: chosen.group_info.group_id ?? undefined,
      policy_id: chosen.policy_id ?? undefined,
      open_type: storage.get('open_type') || undefined,
    });
    storage.set('tempId', r.temp_enrollment_id);
    if (r.portal_id) storage.set('portal_id', r.portal_id);
    storage.set('user_id', chosen.user_id);
    storage.set('USER_ID', chosen.user_id);
    storage.set('enroll_type', 'existing-member');
    storage.set('isCurrentMemberAvailable', 'true');
    storage.set('isFilterDataSubmitted', 'true');
    navigate(paths.plans());
  };

  return (
    <div className="page member-select-page">
      <nav className="breadcrumb" aria-label={t('Breadcrumb')}>
        <ol>
          <li>
            <Link to="/">{t('Home')}</Link>
          </li>
          <li aria-current="page">{t('Current Member')}</li>
        </ol>
      </nav>
      <h1>{t('Current Members')}</h1>
      <TextField
        label={t('Search')}
        name="search"
        type="search"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
      />
      {members.isLoading && <Spinner />}
      {members.isError && <Alert>{(members.error as Error).message}</Alert>}
      <div className="table-scroll" tabIndex={0}>
        <table className="members-table">
          <thead>
            <tr>
              <th scope="col">{t('Name')}</th>
              <th scope="col">{t('Date of Birth')}</th>
              <th scope="col">{t('Email')}</th>
              <th scope="col">{t('SSN')}</th>
              <th scope="col">{t('Group')}</th>
              <th scope="col">{t('Plans')}</th>
              <th scope="col">
                <span className="sr-only">{t('Action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((m) => (
              <tr key={m.user_id}>
                <td>{m.name}</td>
                <td>{m.dob}</td>
                <td>{m.email}</td>
                <td>{m.ssn}</td>
                <td>{m.group_info.group_name ?? ''}</td>
                <td>
                  {m.plan_info.map((p, i) => (
                    <div key={i} className={p.plan_status === 'ACTIVE' ? undefined : 'text-red'} data-status={p.plan_status}>
                      {p.plan_name}
                    </div>
                  ))}
                </td>
                <td>
                  <Button onClick={() => setChosen(m)} aria-label={`${t('Enroll Now')}: ${m.name}`}>
                    {t('Enroll Now')}
                  </Button>
                </td>
              </tr>
            ))}
            {!shown.length && !members.isLoading && (
              <tr>
                <td colSpan={7}>{t('No members found')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="pager" aria-label={t('Pages')}>
          <Button variant="secondary" disabled={current === 1} onClick={() => setPage(current - 1)}>
            {t('Previous')}
          </Button>
          {pagerPages(current, pages).map((p, i) =>
            p === null ? (
              <span key={`gap-${i}`}>…</span>
            ) : (
              <Button
                key={p}
                variant="link"
                aria-current={p === current ? 'page' : undefined}
                aria-label={t('Page {{n}}', { n: p })}
                onClick={() => setPage(p)}
              >
                {String(p)}
              </Button>
            ),
          )}
          <Button variant="secondary" disabled={current === pages} onClick={() => setPage(current + 1)}>
            {t('Next')}
          </Button>
        </nav>
      )}
      {chosen && <TierModal open title="Select Tier" onClose={() => setChosen(null)} onChoose={enroll} />}
    </div>
  );
}
