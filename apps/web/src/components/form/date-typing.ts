import { useCallback, useRef, type ChangeEvent, type ForwardedRef } from 'react';
import { typeUsDate } from '@store/domain/dates';
import type { Edit } from '@store/domain/typing';

/** The edit a beforeinput event announces, or null for those left to the browser (undo, composition …). */
function editOf(e: InputEvent): Edit | null {
  if (e.inputType.startsWith('insert') && e.inputType !== 'insertCompositionText')
    return { kind: 'insert', text: e.data ?? e.dataTransfer?.getData('text/plain') ?? '' };
  if (/^delete.*Backward$|^deleteByCut$|^deleteContent$/.test(e.inputType)) return { kind: 'deleteBackward' };
  if (/^delete.*Forward$/.test(e.inputType)) return { kind: 'deleteForward' };
  return null;
}

/** The browser's own value setter: React then sees the change and calls onChange (its value tracker is bypassed). */
const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/** What a date field may show: digits and gaps in mm/dd/yyyy, as typeUsDate writes them. */
const SHOWN_DATE = /^[\d_]{0,2}(\/[\d_]{0,2}(\/[\d_]{0,4})?)?$/;

/**
 * The typing of a mm/dd/yyyy field (packages/domain/src/typing.ts): each edit is applied by typeUsDate before the
 * browser applies it (beforeinput), so that a deleted digit leaves a gap and the caret stays. An edit the browser
 * does not let us cancel (a phone keyboard's composition, undo) is shown as its digits would be typed.
 */
export function useDateTyping(forwarded: ForwardedRef<HTMLInputElement>, onChange?: (e: ChangeEvent<HTMLInputElement>) => void) {
  const latest = useRef(forwarded);
  latest.current = forwarded;
  const attached = useRef<{ el: HTMLInputElement; listener: (e: Event) => void } | null>(null);
  const ref = useCallback((el: HTMLInputElement | null) => {
    const forward = latest.current;
    if (typeof forward === 'function') forward(el);
    else if (forward) forward.current = el;
    attached.current?.el.removeEventListener('beforeinput', attached.current.listener);
    attached.current = null;
    if (!el) return;
    const listener = (event: Event) => {
      const e = event as InputEvent;
      const edit = editOf(e);
      if (!edit || !e.cancelable) return;
      e.preventDefault();
      const next = typeUsDate(el.value, el.selectionStart ?? el.value.length, el.selectionEnd ?? el.value.length, edit);
      if (next.value !== el.value) {
        setValue?.call(el, next.value);
        el.setSelectionRange(next.caret, next.caret);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      } else el.setSelectionRange(next.caret, next.caret);
    };
    el.addEventListener('beforeinput', listener);
    attached.current = { el, listener };
  }, []);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.target;
    if (!SHOWN_DATE.test(el.value)) {
      const next = typeUsDate('', 0, 0, { kind: 'insert', text: el.value });
      el.value = next.value;
      el.setSelectionRange(next.caret, next.caret);
    }
    onChange?.(e);
  };
  return { ref, onChange: change };
}
