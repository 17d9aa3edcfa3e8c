/**
 * How text typed, pasted or deleted in a field becomes its value: digits only, SSNs grouped (dates: typeUsDate in
 * dates.ts). Pure functions of the field's text, caret and the edit (the browser's input types), so that a fast
 * typist or a paste is never cut. No zod here: the home page uses them (docs/decisions/0800-web-bundle.md; why not a
 * mask library: docs/decisions/1011-routing-directory-and-typing.md).
 */
export interface Typed {
  value: string;
  caret: number;
}

/** An edit as the browser reports it before applying it (beforeinput): what is inserted, or which way a deletion goes. */
export type Edit = { kind: 'insert'; text: string } | { kind: 'deleteBackward' } | { kind: 'deleteForward' };

/**
 * After the browser applied an edit (the field's new text and caret): keep the characters `allowed` lets through, at
 * most `max`, shown through `format` (which only adds separators), the caret after the same kept characters as before.
 * A backspace that removed only a separator removes the kept character before it too.
 */
export function retype(
  value: string,
  caret: number,
  opts: { allowed: RegExp; max: number; format?: (kept: string) => string; deletedBackward?: boolean; previous?: string },
): Typed {
  const keep = (s: string) => [...s].filter((c) => opts.allowed.test(c)).join('');
  let before = keep(value.slice(0, caret));
  let kept = keep(value).slice(0, opts.max);
  if (opts.deletedBackward && opts.previous !== undefined && keep(opts.previous) === kept && before.length > 0) {
    kept = kept.slice(0, before.length - 1) + kept.slice(before.length);
    before = before.slice(0, -1);
  }
  const count = Math.min(before.length, kept.length);
  const shown = opts.format ? opts.format(kept) : kept;
  // The caret goes after the count-th kept character of what is shown.
  let at = 0;
  for (let seen = 0; at < shown.length && seen < count; at++) if (opts.allowed.test(shown[at])) seen++;
  return { value: shown, caret: at };
}
