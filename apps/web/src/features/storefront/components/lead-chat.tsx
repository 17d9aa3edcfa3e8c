import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';
import { LIMITS } from '@store/domain/codes';
import { CHAT_ANSWER_MAX, CHAT_DONE_MESSAGE, type TAssistGet } from '@store/domain/storefront';
import { ApiError } from '../../../lib/api-client';
import { fetchChat, sendChatAnswer } from '../api/leads-and-chat';

/** The help widget's lead chat (Contact Rep), loaded when it is opened. */
export function LeadChat({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<TAssistGet | null>(null);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ question_id: number; question: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  const showError = useCallback((message: string) => setError(message), []);
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), LIMITS.chatErrorMs);
    return () => clearTimeout(timer);
  }, [error]);

  const load = useCallback(async () => {
    try {
      setState(await fetchChat());
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  }, [showError]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    panel.current?.scrollTo({ top: panel.current.scrollHeight });
  }, [state, editing]);

  const asking = editing ?? (state?.question ? { question_id: state.question.id, question: state.question.question } : null);

  async function onSend(e: FormEvent) {
    e.preventDefault();
    if (!asking) return;
    if (!text.trim()) {
      showError(TEXT.FIELD_REQUIRED);
      return;
    }
    setBusy(true);
    const sent = text;
    try {
      await sendChatAnswer(asking.question_id, sent.trim());
      // What was typed meanwhile (the next answer) stays.
      setText((current) => (current === sent ? '' : current));
      setEditing(null);
      await load();
    } catch (err) {
      showError(err instanceof ApiError ? (err.fieldErrors[0]?.error_message ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="lead-chat">
      <div ref={panel} className="chat-panel" style={{ maxHeight: LIMITS.chatMaxHeight }} aria-live="polite">
        {state?.answer.map((a) => (
          <div key={a.id} className="chat-pair">
            <p className="chat-q">{t(a.assistant_question.question)}</p>
            <p className="chat-a">
              {a.answer}{' '}
              <button
                type="button"
                className="btn btn-link chat-edit"
                aria-label={t('Edit answer to {{question}}', { question: t(a.assistant_question.question) })}
                onClick={() => {
                  setEditing({ question_id: a.question_id, question: a.assistant_question.question });
                  setText(a.answer);
                }}
              >
                {t('Edit')}
              </button>
            </p>
          </div>
        ))}
        {asking && <p className="chat-q chat-current">{t(asking.question)}</p>}
        {state && !asking && <p className="chat-done">{t(CHAT_DONE_MESSAGE)}</p>}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      )}
      <form className="chat-form" noValidate onSubmit={(e) => void onSend(e)}>
        <label className="sr-only" htmlFor="chat-answer">
          {t('Your answer')}
        </label>
        <input
          id="chat-answer"
          className="input"
          value={text}
          maxLength={CHAT_ANSWER_MAX}
          disabled={!asking}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('Type your answer')}
        />
        <button type="submit" className="btn btn-primary" disabled={!asking || busy}>
          {t('Send')}
        </button>
      </form>
      <button type="button" className="btn btn-link" onClick={onBack}>
        {t('Back')}
      </button>
    </div>
  );
}
