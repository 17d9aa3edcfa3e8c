import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { MEMBER_TIER_CHOICES } from '@store/domain/storefront';
import { api } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/alert';
import { RadioGroup } from '../../../components/form/fields';
import { RequireAccount } from './require-account';
import { useMe } from '../../auth/api';
import { HomePage } from '../home-page';
import { usePremierInCart } from '../../quote/api/filter';
import { tierLabel } from '../../quote/components/quote-options';

/**
 * /member-home: for the signed-in member, 'Welcome {first} {last}' and the tier choice (Submit ->
 * add-filter-for-member -> /plans). It is also the applicant's home variant (where "Return to homepage"
 * leads an applicant): a visitor who is not signed in sees the store's home with a sign-in link for members;
 * someone signed in with another role is asked to sign in as the member.
 */
export function MemberHomePage() {
  const me = useMe();
  const { t } = useTranslation();
  if (me.isLoading) return <Spinner />;
  if (!me.data?.signed_in) {
    return (
      <>
        <p className="page member-sign-in">
          {t('Already a member?')} <Link to={`/sign-in?next=${encodeURIComponent('/member-home')}`}>{t('Sign in to see your plans')}</Link>
        </p>
        <HomePage />
      </>
    );
  }
  return <RequireAccount role="member">{() => <MemberHome />}</RequireAccount>;
}

function MemberHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tier, setTier] = useState('');
  const premier = usePremierInCart();
  const [error, setError] = useState<string | null>(null);
  const info = useQuery({
    queryKey: ['member-info'],
    queryFn: async () => (await api.get<{ user_id: number; first_name: string; last_name: string }>('/api/v1/get-member-info')).data,
  });
  const submit = useMutation({
    mutationFn: async () =>
      (
        await api.post<{ temp_enrollment_id: string; portal_id?: number | null }>('/api/v1/add-filter-for-member', {
          user_id: info.data?.user_id,
          tier,
          open_type: storage.get('open_type') ?? undefined,
        })
      ).data,
    onSuccess: (d) => {
      storage.set('tempId', d.temp_enrollment_id);
      if (d.portal_id) storage.set('portal_id', d.portal_id);
      storage.set('eprocess', 'applicant');
      storage.set('enroll_type', 'existing-member');
      storage.set('isFilterDataSubmitted', 'true');
      navigate(paths.plans());
    },
  });
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!tier) {
      setError(TEXT.CHOOSE_TIER);
      return;
    }
    setError(null);
    submit.mutate();
  }
  if (info.isLoading) return <Spinner />;
  return (
    <section className="page narrow member-home">
      {info.data && <h1>{t('Welcome {{first}} {{last}}', { first: info.data.first_name, last: info.data.last_name })}</h1>}
      <form className="card form-stack" noValidate onSubmit={(e) => void onSubmit(e)}>
        <RadioGroup
          legend={t(TEXT.WHO_NEEDS_COVERED)}
          name="tier"
          className="tier-options"
          value={tier}
          options={MEMBER_TIER_CHOICES.map((c) => ({ value: c.code, label: tierLabel(c.code, premier) }))}
          onChange={(v) => (setTier(v), setError(null))}
          error={error}
        />
        <Alert>{submit.error ? t(submit.error.message) : null}</Alert>
        <Button type="submit" busy={submit.isPending}>
          {t('Submit')}
        </Button>
      </form>
    </section>
  );
}
