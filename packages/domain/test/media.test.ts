import { describe, expect, it } from 'vitest';
import { mediaUrl } from '../src/media.ts';

describe('mediaUrl', () => {
  it.each([
    ['plan-logo-101.svg', '/media/plan-logo-101.svg'],
    ['/media/plan-logo-101.svg', '/media/plan-logo-101.svg'],
    ['/media/0123456789abcdef/plan-logo-101.svg', '/media/0123456789abcdef/plan-logo-101.svg'],
    ['https://cdn.example.com/logo.png', 'https://cdn.example.com/logo.png'],
    ['  carrier-national-dental.svg ', '/media/carrier-national-dental.svg'],
    ['', null],
    [null, null],
    ['javascript:alert(1)', null],
    ['../secret', null],
  ])('%s is served from %s', (value, url) => {
    expect(mediaUrl(value)).toBe(url);
  });
});
