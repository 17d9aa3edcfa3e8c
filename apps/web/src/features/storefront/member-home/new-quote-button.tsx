import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MEMBER_HOME_TEXT as T, type TMemberHome } from '@store/domain/member-home';
import { QUOTE_TIER_CODES } from '@store/domain/codes';
import { storage } from '../../../lib/storage';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useNewHouseholdQuote } from './api/new-household-quote';
import { keepMemberQuote } from './start-member-quote';

/** A new quote for the member's household, prefilled from their record and current tier, leading to the plans. */
export function NewQuoteButton({ member }: { member: TMemberHome['member'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const quote = useNewHouseholdQuote();
  const tier = (QUOTE_TIER_CODES as readonly string[]).includes(member.household_tier) ? member.household_tier : 'IO';
  return (
    <div className="mh-new-quote">
      <Button
        busy={quote.isPending}
        onClick={() =>
          quote.mutate(
            { user_id: member.user_id, tier: tier as never, open_type: (storage.get('open_type') as never) ?? undefined },
            {
              onSuccess: (d) => {
                keepMemberQuote(d);
                navigate(paths.plans());
              },
            },
          )
        }
      >
        {t(T.NEW_QUOTE)}
      </Button>
      <Alert>{quote.error ? t(quote.error.message) : null}</Alert>
    </div>
  );
}
