import { useCallback, useState } from 'react';

/**
 * An action a person starts with a button (a modal's Save or Continue): busy while it runs, and when it fails its
 * message kept to show beside the form; what the person entered stays where it is.
 */
export function useAttempt() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useCallback(async (work: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, attempt };
}
