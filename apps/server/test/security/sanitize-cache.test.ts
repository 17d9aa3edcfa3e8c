import { describe, expect, it } from 'vitest';
import { memoizedSanitizer, PLAN_TEXT_SANITIZE_OPTIONS, sanitizePlanHtml } from '../../src/lib/sanitize-html.ts';

describe('the remembered sanitizer', () => {
  it('answers a repeated text exactly as the first time, hostile parts removed both times', () => {
    const hostile = '<p onclick="steal()">Cleanings <b>covered</b><script>alert(1)</script></p><a href="javascript:alert(1)">x</a>';
    const first = sanitizePlanHtml(hostile);
    expect(first).toBe('<p>Cleanings <b>covered</b></p><a>x</a>');
    expect(sanitizePlanHtml(hostile)).toBe(first);
  });

  it('treats an edited text as new, and forgets the least recently used beyond its bound', () => {
    const clean = memoizedSanitizer(PLAN_TEXT_SANITIZE_OPTIONS, 2);
    expect(clean('<p>A</p>')).toBe('<p>A</p>');
    expect(clean('<p>A<script>x</script></p>')).toBe('<p>A</p>');
    expect(clean('<p>B</p>')).toBe('<p>B</p>');
    expect(clean('<p>C</p>')).toBe('<p>C</p>');
    // Still right after eviction: the cache is only a copy.
    expect(clean('<p>A</p>')).toBe('<p>A</p>');
  });
});
