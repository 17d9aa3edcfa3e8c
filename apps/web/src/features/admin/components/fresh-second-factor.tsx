import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeForm } from '../../../components/form/code-form';
import { Modal } from '../../../components/ui/modal';
import { checkSecondFactor, needsSecondFactor } from '../api';

/** What a change refused for want of a fresh code says when the operator closes the dialog without one. */
const CHANGE_NOT_MADE = 'The change was not made: it needs a code of your authenticator app.';

interface Waiting {
  message: string;
  retry: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * A console change the server makes only after a fresh second factor (403 naming `second_factor`, decision 2340):
 * `guard(work)` runs the change; when the server asks for a code, a dialog asks for it in place, and once the code is
 * accepted the same change (with what the form holds) is sent again and `guard` answers as it does. Closing the
 * dialog makes `guard` fail with CHANGE_NOT_MADE; the form keeps what was typed either way. Render `dialog`.
 */
export function useFreshSecondFactor() {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const current = useRef<Waiting | null>(null);
  const settle = (next: Waiting | null) => {
    current.current = next;
    setWaiting(next);
  };

  const guard = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (!needsSecondFactor(err)) throw err;
      return new Promise<T>((resolve, reject) =>
        settle({
          message: (err as Error).message,
          retry: work,
          resolve: resolve as (value: unknown) => void,
          reject,
        }),
      );
    }
  }, []);

  const close = () => {
    const w = current.current;
    settle(null);
    w?.reject(new Error(CHANGE_NOT_MADE));
  };

  const dialog = (
    <Modal open={waiting !== null} title={t('Confirm it is you')} onClose={close} size="sm">
      {waiting && (
        <>
          <p>{t(waiting.message)}</p>
          <CodeForm
            submitLabel="Confirm and save"
            onCode={async (body) => {
              await checkSecondFactor(body);
              const w = current.current;
              settle(null);
              if (!w) return;
              try {
                w.resolve(await w.retry());
              } catch (err) {
                w.reject(err);
              }
            }}
          />
        </>
      )}
    </Modal>
  );
  return { guard, dialog };
}
