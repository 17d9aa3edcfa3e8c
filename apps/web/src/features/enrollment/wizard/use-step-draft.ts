import { useEffect, useMemo, useRef, useState } from 'react';
import type { TabName } from '@store/domain/codes';
import { DRAFT_PREFIX } from '../../../lib/storage';

/**
 * A step's entries not yet saved with Next, kept for a reload in this tab's sessionStorage (decision 2890): one key per
 * enrollment and step, gone when the tab closes, when the step is saved (`clear`) or at logout (storage.clearAll).
 *
 * The browser never keeps a sealed field (an SSN, a card or account number): `keep` turns the state into what may be
 * stored without them, `restore` turns what was stored back into the state (null when it is not usable: the server's
 * `initial` is used then). The draft is written only after the person changed something.
 */
export function useStepDraft<T, Kept>(
  enrollmentId: string,
  tab: TabName,
  initial: T,
  codec: { keep(value: T): Kept; restore(kept: unknown): T | null },
): { value: T; set(next: T): void; clear(): void; restored: boolean } {
  const key = `${DRAFT_PREFIX}${enrollmentId}:${tab}`;
  const [start] = useState(() => {
    const kept = readDraft(key);
    const restored = kept === undefined ? null : codec.restore(kept);
    return { value: restored ?? initial, restored: restored !== null };
  });
  const [value, setValue] = useState<T>(start.value);
  const changed = useRef(false);
  const keep = useRef(codec.keep);
  keep.current = codec.keep;
  useEffect(() => {
    if (!changed.current) return;
    try {
      sessionStorage.setItem(key, JSON.stringify(keep.current(value)));
    } catch {
      // Storage full or refused: the page works on without the draft.
    }
  }, [key, value]);
  return useMemo(
    () => ({
      value,
      restored: start.restored,
      set(next: T) {
        changed.current = true;
        setValue(next);
      },
      clear() {
        changed.current = false;
        try {
          sessionStorage.removeItem(key);
        } catch {
          // Nothing kept.
        }
      },
    }),
    [key, value, start.restored],
  );
}

function readDraft(key: string): unknown {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}
