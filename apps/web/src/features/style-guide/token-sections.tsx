import { useLayoutEffect, useRef, useState } from 'react';
import { AA_NORMAL_TEXT, contrastRatio, formatRatio, type TRgb } from '@store/domain/contrast';

export const COLOUR_TOKENS = [
  'brand',
  'on-brand',
  'brand-strong',
  'brand-soft',
  'brand-line',
  'brand-deep',
  'ink',
  'ink-muted',
  'line',
  'line-strong',
  'surface',
  'canvas',
  'focus',
  'danger',
  'danger-bg',
  'success',
  'success-bg',
  'warning',
  'warning-bg',
  'info',
  'info-bg',
  'highlight',
];
const FONT_SIZES = ['xs', 'sm', 'base', 'md', 'lg', 'xl', '2xl', '3xl'];
const SPACES = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16];
const RADII = ['sm', 'md', 'lg', 'pill'];
const ELEVATIONS = [1, 2, 3];

/** Text colour on background colour: the pairs the store writes with, each at least 4.5:1 (WCAG 2.1 AA). */
const TEXT_PAIRS: [string, string][] = [
  ['ink', 'surface'],
  ['ink', 'canvas'],
  ['ink-muted', 'surface'],
  ['ink-muted', 'canvas'],
  ['on-brand', 'brand'],
  ['on-brand', 'brand-strong'],
  ['surface', 'brand-deep'],
  ['brand', 'surface'],
  ['brand', 'canvas'],
  ['brand-strong', 'brand-soft'],
  ['danger', 'danger-bg'],
  ['success', 'success-bg'],
  ['warning', 'warning-bg'],
  ['info', 'info-bg'],
  ['ink', 'highlight'],
];

/** The browser's computed colour ('rgb(…)' or 'color(srgb …)', as color-mix() gives it) as 0–255 channels. */
function channels(css: string): TRgb | null {
  const rgb = /rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)/.exec(css);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  const srgb = /color\(srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(css);
  if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255];
  return null;
}

/** Every colour token as the page resolves it now (the site's brand colour included). */
function useResolvedColours() {
  const probe = useRef<HTMLSpanElement>(null);
  const [colours, setColours] = useState<Record<string, TRgb | null>>({});
  useLayoutEffect(() => {
    const el = probe.current;
    if (!el) return;
    const out: Record<string, TRgb | null> = {};
    for (const name of COLOUR_TOKENS) {
      el.style.color = `var(--color-${name})`;
      out[name] = channels(getComputedStyle(el).color);
    }
    setColours(out);
  }, []);
  return { probe, colours };
}

const hex = (c: TRgb | null | undefined) => (c ? `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}` : '…');

export function ColourTokens() {
  const { probe, colours } = useResolvedColours();
  return (
    <section className="sg-section" aria-labelledby="sg-colour">
      <h2 id="sg-colour">Colour</h2>
      <span ref={probe} hidden />
      <ul className="sg-swatches">
        {COLOUR_TOKENS.map((name) => (
          <li key={name} className="sg-swatch">
            <span className="sg-chip" style={{ background: `var(--color-${name})` }} aria-hidden="true" />
            <code>--color-{name}</code>
            <span className="muted">{hex(colours[name])}</span>
          </li>
        ))}
      </ul>
      <h3>Text on background (WCAG 2.1 AA needs {AA_NORMAL_TEXT}:1)</h3>
      <table className="sg-table">
        <thead>
          <tr>
            <th scope="col">Sample</th>
            <th scope="col">Text</th>
            <th scope="col">Background</th>
            <th scope="col">Ratio</th>
          </tr>
        </thead>
        <tbody>
          {TEXT_PAIRS.map(([fg, bg]) => {
            const [a, b] = [colours[fg], colours[bg]];
            const ratio = a && b ? contrastRatio(a, b) : null;
            return (
              <tr key={`${fg}-${bg}`}>
                <td>
                  <span className="sg-sample" style={{ color: `var(--color-${fg})`, background: `var(--color-${bg})` }}>
                    Aa Plan
                  </span>
                </td>
                <td>
                  <code>{fg}</code>
                </td>
                <td>
                  <code>{bg}</code>
                </td>
                <td data-testid={`ratio-${fg}-${bg}`}>
                  {ratio === null ? '…' : `${formatRatio(ratio)} ${ratio >= AA_NORMAL_TEXT ? 'passes' : 'fails'}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function TypeSpacingRadiusElevation() {
  return (
    <>
      <section className="sg-section" aria-labelledby="sg-type">
        <h2 id="sg-type">Type scale</h2>
        {FONT_SIZES.map((size) => (
          <p key={size} className="sg-type" style={{ fontSize: `var(--font-size-${size})` }}>
            <code>--font-size-{size}</code> Dental coverage from $26.99/month
          </p>
        ))}
      </section>
      <section className="sg-section" aria-labelledby="sg-space">
        <h2 id="sg-space">Spacing</h2>
        <ul className="sg-list">
          {SPACES.map((n) => (
            <li key={n} className="sg-space-row">
              <code>--space-{n}</code>
              <span className="sg-space" style={{ width: `var(--space-${n})` }} aria-hidden="true" />
            </li>
          ))}
        </ul>
      </section>
      <section className="sg-section" aria-labelledby="sg-radius">
        <h2 id="sg-radius">Radius and elevation</h2>
        <div className="sg-boxes">
          {RADII.map((r) => (
            <div key={r} className="sg-box" style={{ borderRadius: `var(--radius-${r})` }}>
              <code>--radius-{r}</code>
            </div>
          ))}
          {ELEVATIONS.map((e) => (
            <div key={e} className="sg-box" style={{ boxShadow: `var(--elevation-${e})`, border: 0 }}>
              <code>--elevation-{e}</code>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
