import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@store/domain/texts';

/**
 * The GOV.UK error-summary pattern, shared by every step of the enrollment wizard: at the top of the form,
 * 'There is a problem' and a link per message, named after its field ("First Name: Field is required": the fixed
 * messages beside the fields do not say which field they are about); the summary takes the focus each time a save is
 * refused, and a link moves the focus to its field. The messages beside the fields stay.
 *
 * `target` names the field: the `name` of its control, or the `<target>_message` slot of its message (the
 * control that is described by that slot gets the focus). An item with no target is a message of the whole form.
 */
export interface SummaryItem {
  target?: string;
  message: string;
}

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]';

/** The control a summary link leads to, inside `scope`. */
export function findField(scope: ParentNode, target: string): HTMLElement | null {
  const esc = CSS.escape(target);
  const el =
    scope.querySelector<HTMLElement>(`[aria-describedby~="${CSS.escape(`${target}_message`)}"]`) ??
    scope.querySelector<HTMLElement>(`[name="${esc}"]:checked`) ??
    scope.querySelector<HTMLElement>(`[name="${esc}"]`);
  if (!el) return null;
  if (el.matches(FOCUSABLE)) return el;
  return el.querySelector<HTMLElement>('input:checked') ?? el.querySelector<HTMLElement>(FOCUSABLE) ?? el;
}

/** Moves the focus to the field, its label or legend scrolled into view with it (as GOV.UK Frontend does). */
export function focusField(scope: ParentNode, target: string): boolean {
  const el = findField(scope, target);
  if (!el) return false;
  if (!el.matches(FOCUSABLE)) el.tabIndex = -1;
  const around = el.closest('.field, fieldset, .agreement-text') as HTMLElement | null;
  (around ?? el).scrollIntoView({ block: 'start' });
  el.focus({ preventScroll: true });
  return true;
}

/** Items in the order of their fields on the page (messages of the whole form first), each with its field's name. */
function inPageOrder(scope: ParentNode, items: SummaryItem[]): Placed[] {
  const placed = items.map((item, i) => ({ item, i, el: item.target ? findField(scope, item.target) : null }));
  return placed
    .sort((a, b) => {
      if (!a.el || !b.el) return a.el ? 1 : b.el ? -1 : a.i - b.i;
      if (a.el === b.el) return a.i - b.i;
      return a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
    })
    .map((p) => ({ key: keyOf(p.item), name: p.el ? fieldName(p.el) : '' }));
}

interface Placed {
  key: string;
  /** the name of the item's field as the page shows it ('' for a message of the whole form) */
  name: string;
}

/** The text of a label or legend as read out: without what is hidden from assistive technology (the required mark). */
function readText(node: Element): string {
  const copy = node.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Longer names (a health question, an agreement) are cut: the link leads to the whole of it. */
const NAME_MAX = 80;

/**
 * A field's name as its label gives it: a choice among several (radio buttons) by its group's legend, any other
 * control by what labels it (aria-labelledby, its label element, its group's legend, aria-label).
 */
export function fieldName(el: HTMLElement): string {
  const legend = () => {
    const node = el.closest('fieldset')?.querySelector('legend');
    return node ? readText(node) : '';
  };
  const labelledBy = el.getAttribute('aria-labelledby');
  const labels = (el as HTMLInputElement).labels;
  const name =
    (el.getAttribute('type') === 'radio' && legend()) ||
    (labelledBy &&
      labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id))
        .filter((n): n is HTMLElement => !!n)
        .map(readText)
        .join(' ')) ||
    (labels?.length ? readText(labels[0]) : '') ||
    legend() ||
    (el.getAttribute('aria-label') ?? '').trim();
  return name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1).trimEnd()}…` : name;
}

/** A summary link's words: the field's name, then its message (unless the message already names the field). */
export function linkText(name: string, message: string): string {
  if (!name || message.toLowerCase().includes(name.toLowerCase())) return message;
  return `${name}${/[:?.!…]$/.test(name) ? ' ' : ': '}${message}`;
}

const keyOf = (i: SummaryItem) => `${i.target ?? ''}\n${i.message}`;
/** Where a summary's fields are: its form (or step, or dialog), else the page. */
const scopeOf = (summary: HTMLElement | null): ParentNode => summary?.closest('form, .step-form, dialog, [role="dialog"]') ?? document;

/** Drops empty messages and repeats of the same message on the same field. */
function distinct(items: SummaryItem[]): SummaryItem[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const key = keyOf(i);
    if (!i.message || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The summary. `attempts` counts the attempts to save (react-hook-form's submitCount, or a step's own counter):
 * nothing shows before the first; after each one that leaves messages, the summary takes the focus. Messages that
 * change while the person corrects the fields update the list without moving the focus.
 */
export function ErrorSummary({ items, attempts }: { items: SummaryItem[]; attempts: number }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const list = distinct(items);
  const shown = attempts > 0 && list.length > 0;
  // The fields are found once the page shows them (after this render): their order and names follow in a layout
  // effect.
  const [placed, setPlaced] = useState<Placed[]>([]);
  // After every render on purpose (the fields on the page may have moved); it sets the state only when it changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    if (!shown) return;
    const next = inPageOrder(scopeOf(ref.current), list);
    const same = (a: Placed[], b: Placed[]) => a.length === b.length && a.every((p, i) => p.key === b[i].key && p.name === b[i].name);
    if (!same(next, placed)) setPlaced(next);
  });
  const rank = (i: SummaryItem) => {
    const r = placed.findIndex((p) => p.key === keyOf(i));
    return r < 0 ? placed.length : r;
  };
  const nameOf = (i: SummaryItem) => placed.find((p) => p.key === keyOf(i))?.name ?? '';
  const ordered = [...list].sort((a, b) => rank(a) - rank(b));
  useEffect(() => {
    if (shown) ref.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempts]);
  if (!shown) return null;
  return (
    <div ref={ref} className="error-summary" tabIndex={-1} aria-labelledby={titleId}>
      <div role="alert">
        <h3 id={titleId} className="error-summary-title">
          {t(TEXT.ERROR_SUMMARY_TITLE)}
        </h3>
        <ul className="error-summary-list">
          {ordered.map((item, i) => (
            <li key={`${item.target ?? ''}-${i}`}>
              {item.target ? (
                <a
                  href={`#${item.target}`}
                  onClick={(e) => {
                    e.preventDefault();
                    if (!focusField(scopeOf(ref.current), item.target!)) focusField(document, item.target!);
                  }}
                >
                  {linkText(nameOf(item), t(item.message))}
                </a>
              ) : (
                t(item.message)
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** A step's messages kept as { field: message } (empty messages are left out). */
export function summaryOfRecord(errors: Record<string, string | null | undefined>): SummaryItem[] {
  return Object.entries(errors).flatMap(([target, message]) => (message ? [{ target, message }] : []));
}

/** react-hook-form's errors (nested ones too: `holiday_policy`, `a.b`) as summary items. */
export function summaryOfForm(errors: FieldErrors, prefix = ''): SummaryItem[] {
  const out: SummaryItem[] = [];
  for (const [name, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || name === 'ref' || name === 'types') continue;
    const v = value as { message?: unknown };
    if (typeof v.message === 'string' && v.message) out.push({ target: `${prefix}${name}`, message: v.message });
    else if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)
      out.push(...summaryOfForm(value as FieldErrors, `${prefix}${name}.`));
  }
  return out;
}

/** A message of the whole form (or null) as a summary item. */
export const summaryOfMessage = (message: string | null | undefined): SummaryItem[] => (message ? [{ message }] : []);

/**
 * The summary of a react-hook-form form: the form's message (what the server said about no field) first, then the
 * fields' errors. `failures` counts refusals that can come without a new submit of the form (useSaveOutcome's).
 */
export function FormErrorSummary({
  form,
  formError,
  failures = 0,
}: {
  form: { errors: FieldErrors; submitCount: number };
  formError?: string | null;
  failures?: number;
}) {
  return <ErrorSummary items={[...summaryOfMessage(formError), ...summaryOfForm(form.errors)]} attempts={form.submitCount + failures} />;
}
