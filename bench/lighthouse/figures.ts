/** Lighthouse's figures for bench/lighthouse/run.ts: what is read from a report, the median of runs, and the goals. */

/** The goals of issue 11. */
export const GOALS = { performance: 95, accessibility: 100, bestPractices: 96, lcpMs: 2000, tbtMs: 100, cls: 0.05 };

export interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the host's CPU (higher is faster); its 4x mobile slowdown assumes a fast desktop. */
  benchmarkIndex?: number;
}

export interface PageResult {
  name: string;
  path: string;
  runs: Figures[];
  median: Figures;
  /** Audits under 1 (accessibility, best practices) or with savings (performance) in the median-performance run. */
  shortfalls: { category: string; id: string; title: string; score: number | null; display?: string }[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export function figures(lhr: any): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

export function shortfalls(lhr: any): PageResult['shortfalls'] {
  const out: PageResult['shortfalls'] = [];
  for (const [category, cat] of Object.entries<any>(lhr.categories)) {
    for (const ref of cat.auditRefs) {
      const a = lhr.audits[ref.id];
      if (!a || a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual' || a.scoreDisplayMode === 'informative') continue;
      const weak = category === 'performance' ? a.score !== null && a.score < 0.9 && ref.weight === 0 : a.score !== null && a.score < 1;
      if (weak || (category === 'performance' && ref.weight > 0 && a.score !== null && a.score < 0.9)) {
        out.push({ category, id: ref.id, title: a.title, score: a.score, display: a.displayValue });
      }
    }
  }
  return out;
}

export function medianOf(runs: Figures[]): Figures {
  const pick = (k: Exclude<keyof Figures, 'benchmarkIndex'>) => median(runs.map((r) => r[k]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex ?? 0)),
  };
}

export function misses(f: Figures): string[] {
  const m: string[] = [];
  if (f.performance < GOALS.performance) m.push(`performance ${f.performance} < ${GOALS.performance}`);
  if (f.accessibility < GOALS.accessibility) m.push(`accessibility ${f.accessibility} < ${GOALS.accessibility}`);
  if (f.bestPractices < GOALS.bestPractices) m.push(`best practices ${f.bestPractices} < ${GOALS.bestPractices}`);
  if (f.lcpMs > GOALS.lcpMs) m.push(`LCP ${(f.lcpMs / 1000).toFixed(2)} s > ${GOALS.lcpMs / 1000} s`);
  if (f.tbtMs > GOALS.tbtMs) m.push(`TBT ${Math.round(f.tbtMs)} ms > ${GOALS.tbtMs} ms`);
  if (f.cls > GOALS.cls) m.push(`CLS ${f.cls.toFixed(3)} > ${GOALS.cls}`);
  return m;
}
