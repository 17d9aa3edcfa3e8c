import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the dialog: from the last control to the first, and back (not out to the browser). */
function trapTab(e: KeyboardEvent, dialog: HTMLElement | null) {
  if (e.key !== 'Tab' || !dialog) return;
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  const inside = active instanceof Node && dialog.contains(active);
  if (e.shiftKey && (active === first || active === dialog || !inside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !inside)) {
    e.preventDefault();
    first.focus();
  }
}

/** Whether a point is outside the element's box: on a modal dialog's backdrop rather than on its scroll bar. */
function outside(el: Element, x: number, y: number) {
  const r = el.getBoundingClientRect();
  return x < r.left || x > r.right || y < r.top || y > r.bottom;
}

/**
 * An accessible dialog on the native `<dialog>` opened with showModal() (docs/decisions/1160-native-dialog.md): the
 * page behind is inert and hidden from assistive technology, Escape asks `onClose`, focus moves to the first control
 * and returns where it was when the dialog closes. `onClose` may be a new function on every render: only `open`
 * opens and closes the dialog, so a parent's re-render never moves focus.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  className,
}: {
  open: boolean;
  title: ReactNode;
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  // The latest onClose, read when the person asks to close: not a reason to close and reopen the dialog.
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>('input, select, textarea, button:not([data-close]), [href]');
    (first ?? dialog).focus();
    let closing = false;
    // Escape: the parent decides (it closes by setting open to false); without onClose the dialog stays.
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current?.();
    };
    // Closed by the browser itself (a second Escape it does not let the page refuse): tell the parent, or stay open.
    const onNativeClose = () => {
      if (closing) return;
      if (onCloseRef.current) onCloseRef.current();
      else if (dialog.isConnected) dialog.showModal();
    };
    const onKey = (e: KeyboardEvent) => trapTab(e, dialog);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    return () => {
      closing = true;
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      document.removeEventListener('keydown', onKey);
      if (dialog.open) dialog.close();
      if (!document.querySelector('dialog.modal[open]')) document.body.classList.remove('modal-open');
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`modal modal-${size} ${className ?? ''}`}
      aria-labelledby={titleId}
      // A press on the backdrop (outside the dialog's box) closes, as Escape does.
      onMouseDown={(e) => e.target === e.currentTarget && outside(e.currentTarget, e.clientX, e.clientY) && onCloseRef.current?.()}
    >
      <div className="modal-header">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {onClose && (
          <button type="button" className="modal-close" data-close aria-label={t('Close')} onClick={() => onCloseRef.current?.()}>
            ×
          </button>
        )}
      </div>
      <div className="modal-body">{children}</div>
      {footer && <div className="modal-footer">{footer}</div>}
    </dialog>
  );
}
