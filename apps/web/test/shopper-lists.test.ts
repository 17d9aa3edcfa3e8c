import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, COVERAGES, MARITAL_STATUSES, TIERS } from '@store/domain/codes';
import { ETHNIC_CATEGORIES } from '@store/domain/enrollment-personal';
import { COMPENSATION_TYPES, EMPLOYMENT_STATUSES } from '@store/domain/enrollment-employer';
import { HOLIDAY_LABELS } from '@store/domain/review-rows';
import { CHARGE_TEXT } from '@store/domain/charges';
import { EOI_TEXT } from '@store/domain/coverage-changes';
import { PRIVACY_TEXT, WHY_ASKED } from '@store/domain/privacy';
import { PRIVACY_SECTIONS } from '@store/domain/privacy-page';
import { DEMO_MESSAGES, DEMO_PLANS } from '../../server/src/db/seed/demo-catalog.ts';

/**
 * Issue 37: the lists a shopper chooses from and the words the server or the demo catalog sends are Spanish in
 * Spanish: the personal step's ethnic groups and marital statuses, the quote's coverage options and categories, the
 * employer step's options (served by the server), the plan's eligibility questions and its refusals (blackout,
 * portal, age). The page passes each to t(); this says each has its Spanish in src/locales/es.
 */
const root = path.resolve(import.meta.dirname, '..');
const es: Record<string, string> = {};
for (const f of fs.readdirSync(path.join(root, 'src/locales/es')))
  Object.assign(es, JSON.parse(fs.readFileSync(path.join(root, 'src/locales/es', f), 'utf8')));

/** The `name:` of each option list the employer step's routes serve (read from the source: the module needs a server). */
function employerOptions(): string[] {
  const file = path.resolve(root, '../server/src/modules/enrollment/steps/employer-routes.ts');
  return [...fs.readFileSync(file, 'utf8').matchAll(/\{ name: (['"])((?:\\.|(?!\1).)*)\1, value:/g)].map((m) => m[2].replace(/\\'/g, "'"));
}

describe('Spanish of the lists and plan texts a shopper meets', () => {
  it('translates every option of the personal, quote and employer steps', () => {
    const texts = [
      ...ETHNIC_CATEGORIES.map((c) => c.name),
      ...MARITAL_STATUSES.map((m) => m.label),
      ...Object.values(COVERAGES),
      ...CATEGORIES.flatMap((c) => [c.name, c.section]),
      ...TIERS.flatMap((t) => [t.label, t.short]),
      ...COMPENSATION_TYPES.map((c) => c.name),
      ...EMPLOYMENT_STATUSES.map((s) => s.name),
      ...Object.values(HOLIDAY_LABELS),
      ...employerOptions(),
      ...Object.values(CHARGE_TEXT as Record<string, string>).filter((v) => !v.includes('{{')),
      ...Object.values(EOI_TEXT),
    ];
    expect(texts.length).toBeGreaterThan(60);
    expect(texts.filter((s) => !(s in es))).toEqual([]);
  });

  it('translates the demo catalog\u2019s refusals and eligibility questions', () => {
    const questions = DEMO_PLANS.flatMap((p) => p.questions ?? []);
    const texts = [
      ...Object.values(DEMO_MESSAGES),
      ...questions.map((q) => q.question_text),
      ...questions.flatMap((q) => (q.options ?? []).flatMap((o) => [o.option_text, o.option_group].filter(Boolean) as string[])),
      ...questions.map((q) => q.decline_message).filter((m): m is string => !!m),
    ];
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter((s) => !(s in es))).toEqual([]);
  });

  it('translates why each sensitive field is asked and the privacy page', () => {
    const texts = [
      ...Object.values(WHY_ASKED),
      ...Object.values(PRIVACY_TEXT),
      ...PRIVACY_SECTIONS.flatMap((s) => [s.heading, ...s.lines]),
    ];
    expect(texts.filter((s) => !(s in es))).toEqual([]);
  });
});
