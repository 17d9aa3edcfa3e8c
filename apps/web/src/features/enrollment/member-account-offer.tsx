import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_ACCOUNT_TEXT as T } from '@store/domain/member-account-text';
import { TextField } from '../../components/form/fields';
import { ErrorSummary, summaryOfMessage } from '../../components/form/error-summary';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { useCreateMemberAccount, useMailMemberLink, useMemberAccountState } from './api/member-account';

/**
 * The receipt's way back (issue 37, decision 2460): the person who just enrolled chooses a password (or asks for a
 * sign-in link by mail) and lands on the member home, which shows what they bought.
 */
export function MemberAccountOffer({ enrollmentId }: { enrollmentId: string }) {
  const { t } = useTranslation();
  const state = useMemberAccountState(enrollmentId);
  const create = useCreateMemberAccount();
  const mail = useMailMemberLink();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [attempts, setAttempts] = useState(0);
  const s = state.data;
  if (!s || s.state === 'signed-in' || s.state === 'no-email') return null;
  if (s.state === 'exists') {
    return (
      <section className="card member-account" aria-labelledby="member-account-title">
        <h2 id="member-account-title">{t(T.TITLE)}</h2>
        <p>
          <a href={`/sign-in?next=${encodeURIComponent('/member-home')}`}>{t(T.EXISTS)}</a>
        </p>
      </section>
    );
  }
  const show = (field: string | null, message: string) => {
    setError({ field, message });
    setAttempts((n) => n + 1);
  };
  const refused = (err: unknown) => {
    const fe = err instanceof ApiError ? err.fieldErrors[0] : undefined;
    show(fe?.target_element ?? null, fe?.error_message ?? (err instanceof Error ? err.message : 'Something went wrong. Please try again.'));
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (password.length < 10) return show('password', T.PASSWORD_RULE);
    try {
      const r = await create.mutateAsync({ enrollment_id: enrollmentId, password });
      window.location.assign(r.next);
    } catch (err) {
      refused(err);
    }
  };
  const fieldError = error?.field === 'password' ? error.message : null;
  return (
    <section className="card member-account" aria-labelledby="member-account-title">
      <h2 id="member-account-title">{t(T.TITLE)}</h2>
      <p>{t(T.LEAD, { email: s.email })}</p>
      <form className="form-stack" noValidate onSubmit={(e) => void onSubmit(e)}>
        <ErrorSummary
          items={error ? [{ message: error.message, target: error.field ?? undefined }] : summaryOfMessage(null)}
          attempts={attempts}
        />
        <TextField
          label={t(T.PASSWORD)}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t(T.PASSWORD_HINT)}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError}
        />
        <Button type="submit" busy={create.isPending}>
          {t(T.CREATE)}
        </Button>
      </form>
      {s.link && (
        <div className="member-account-link">
          {mail.data ? (
            <p role="status">{t(T.LINK_SENT, { email: mail.data.email })}</p>
          ) : (
            <>
              <p>{t(T.OR_LINK)}</p>
              <Button variant="secondary" busy={mail.isPending} onClick={() => mail.mutate(enrollmentId, { onError: refused })}>
                {t(T.SEND_LINK)}
              </Button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
