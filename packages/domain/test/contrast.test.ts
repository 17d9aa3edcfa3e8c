import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  formatRatio,
  meetsAA,
  parseHexColour,
  relativeLuminance,
  siteColourCss,
  siteColourProblems,
} from '../src/contrast.ts';

describe('WCAG 2.1 contrast ratio', () => {
  const cases: [string, string, number][] = [
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#1d4ed8', '#ffffff', 6.7],
    ['#0f766e', '#ffffff', 5.47],
    ['#f59e0b', '#ffffff', 2.15],
    ['#fff', '#000', 21],
  ];
  it.each(cases)('%s on %s is %s:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 2);
  });

  it('reads #rgb and #rrggbb, nothing else', () => {
    expect(parseHexColour('#1D4ED8')).toEqual([29, 78, 216]);
    expect(parseHexColour('#abc')).toEqual([170, 187, 204]);
    for (const bad of ['1d4ed8', '#1d4ed', 'red', 'rgb(0,0,0)', '#ggg', ''] as const) expect(parseHexColour(bad)).toBeNull();
    expect(() => contrastRatio('blue', '#fff')).toThrow();
  });

  it('luminance runs from 0 (black) to 1 (white)', () => {
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1, 10);
  });

  it('rounds the ratio down, so a colour just under 4.5:1 never reads 4.50:1', () => {
    expect(formatRatio(4.4999)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
    expect(meetsAA('#777777', '#ffffff')).toBe(false);
    expect(meetsAA('#767676', '#ffffff')).toBe(true);
  });
});

describe("a site's colour settings", () => {
  it('passes the demo sites and a site without colours', () => {
    for (const c of ['#1d4ed8', '#0f766e', '#7c3aed', '#b45309', '#be123c'])
      expect(siteColourProblems([{ key: 'theme_color', value: c }])).toEqual([]);
    expect(siteColourProblems([{ key: 'site_name', value: 'X' }])).toEqual([]);
  });

  it('refuses white text on a light brand colour, naming the ratio, on the text colour when it is set', () => {
    expect(siteColourProblems([{ key: 'theme_color', value: '#f59e0b' }])).toEqual([
      {
        index: 0,
        key: 'theme_color',
        message: 'Text on the brand colour has a contrast ratio of 2.14:1; WCAG 2.1 AA needs at least 4.5:1.',
      },
      {
        index: 0,
        key: 'theme_color',
        message: "The brand colour on the page's background has a contrast ratio of 1.98:1; WCAG 2.1 AA needs at least 4.5:1.",
      },
    ]);
    const problems = siteColourProblems([
      { key: 'site_name', value: 'X' },
      { key: 'theme_color', value: '#1d4ed8' },
      { key: 'theme_text_color', value: '#60a5fa' },
    ]);
    expect(problems).toEqual([
      {
        index: 2,
        key: 'theme_text_color',
        message: 'Text on the brand colour has a contrast ratio of 2.63:1; WCAG 2.1 AA needs at least 4.5:1.',
      },
    ]);
  });

  it("measures the brand colour on the page's grey background, not only on white", () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThan(4.5);
    expect(siteColourProblems([{ key: 'theme_color', value: '#767676' }]).map((p) => p.message)).toEqual([
      expect.stringMatching(/^The brand colour on the page's background has a contrast ratio of 4\.\d\d:1;/),
    ]);
  });

  it('asks for #rrggbb values', () => {
    expect(siteColourProblems([{ key: 'theme_color', value: 'blue' }])).toEqual([
      { index: 0, key: 'theme_color', message: 'Enter a colour as #rrggbb, for instance #1d4ed8.' },
    ]);
  });
});

describe("the site's colours as design tokens", () => {
  it('writes the brand colour and the text on it, white unless set', () => {
    expect(siteColourCss({ site_name: 'Dental', theme_color: '#0f766e' })).toBe(':root{--color-brand:#0f766e;--color-on-brand:#ffffff}');
    expect(siteColourCss({ theme_color: '#1d4ed8', theme_text_color: '#fff' })).toBe(':root{--color-brand:#1d4ed8;--color-on-brand:#fff}');
  });
  it('keeps the store colours for no colour, a value that is not one, or colours below AA', () => {
    expect(siteColourCss({ site_name: 'X' })).toBeNull();
    expect(siteColourCss({ theme_color: 'red;}body{display:none' })).toBeNull();
    expect(siteColourCss({ theme_color: '#f59e0b' })).toBeNull();
  });
});
