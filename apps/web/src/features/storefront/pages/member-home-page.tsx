import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { MEMBER_TIER_CHOICES, ZMemberTierForm } from '@store/domain/storefront';
import type { TIER_CODES } from '@store/domain/codes';
import { storage } from '../../../lib/storage';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/alert';
import { FormErrorSummary } from '../../../components/form/error-summary';
import { applyServerErrors } from '../../../components/form/server-errors';
import { RadioGroup } from '../../../components/form/fields';
import { RequireAccount } from './require-account';
import { useMe } from '../../../lib/auth/get-me';
import { HomePage } from '../home-page';
import { usePremierInCart } from '../../../lib/quote/filter';
import { tierLabel } from '../../../components/quote/quote-options';
import { MemberHomeSections } from '../member-home/member-home-sections';
import { keepMemberQuote } from '../member-home/start-member-quote';
import { useNewHouseholdQuote } from '../member-home/api/new-household-quote';
import { useMemberInfo } from '../api/get-member-info';

type TierCode = (typeof TIER_CODES)[number];

/**
 * /member-home: for the signed-in member, 'Welcome {first} {last}' and the tier choice (Submit ->
 * add-filter-for-member -> /plans), then coverage, ID cards, documents, payment and beneficiaries (../member-home). It is also the applicant's home variant (where "Return to homepage"
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
  const premier = usePremierInCart();
  const info = useMemberInfo();
  const { handleSubmit, setValue, watch, setError, formState } = useForm<z.input<typeof ZMemberTierForm>>({
    resolver: zodResolver(ZMemberTierForm),
    defaultValues: {},
    // The error summary takes the focus after a refused Submit; its link leads to the tiers.
    shouldFocusError: false,
  });
  const submit = useNewHouseholdQuote();
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = handleSubmit(async ({ tier }) => {
    setFormError(null);
    try {
      const open_type = (storage.get('open_type') ?? undefined) as 'agent' | 'group' | 'user' | undefined;
      keepMemberQuote(await submit.mutateAsync({ user_id: info.data!.user_id, tier, open_type }));
      navigate(paths.plans());
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['tier']));
    }
  });
  if (info.isLoading) return <Spinner />;
  return (
    <section className="page narrow member-home">
      {info.data && <h1>{t('Welcome {{first}} {{last}}', { first: info.data.first_name, last: info.data.last_name })}</h1>}
      {/* What the member holds comes first; shopping for more follows it (issue 37). */}
      <MemberHomeSections />
      <section className="card member-shop" aria-labelledby="member-shop-title">
        <h2 id="member-shop-title">{t('Shop for more coverage')}</h2>
        <form className="form-stack" noValidate onSubmit={(e) => void onSubmit(e)}>
          <FormErrorSummary form={formState} formError={formError} />
          <RadioGroup
            legend={t(TEXT.WHO_NEEDS_COVERED)}
            name="tier"
            className="tier-options"
            value={watch('tier') ?? ''}
            options={MEMBER_TIER_CHOICES.map((c) => ({ value: c.code, label: tierLabel(c.code, premier) }))}
            onChange={(v) => setValue('tier', v as TierCode, { shouldValidate: formState.isSubmitted })}
            error={formState.errors.tier?.message}
          />
          <Button type="submit" busy={submit.isPending}>
            {t('Submit')}
          </Button>
        </form>
      </section>
    </section>
  );
}
